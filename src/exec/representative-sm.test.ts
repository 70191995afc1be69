import { describe, expect, it } from "vitest";
import { readSass } from "../sass/read-sass.js";
import { launchBank } from "./launch.js";
import { representativeSm, sampleSms } from "./representative-sm.js";
import { executableKernel } from "./run-warp.js";

function kernel(lines: [string, string][]) {
  const body = lines.map(([a, t]) => `        /*${a}*/ ${t} ; /* 0x0000000000000000 */\n                                     /* 0x000fe20000000000 */`).join("\n");
  const read = readSass(`\n        Function : k\n${body}\n`, "t.sass");
  if (!read.ok) throw new Error(JSON.stringify(read.issues));
  return executableKernel(read.kernels[0]);
}
const launch = (blocks: number) => ({ grid: [blocks, 1, 1] as const, block: [32, 1, 1] as const, bank0: launchBank([blocks, 1, 1], [32, 1, 1], new Uint8Array(0), 0x210) });

/** Block b loops b times (a triangle): its warp issues 5 + 3b instructions. */
const TRIANGLE = kernel([
  ["0000", "S2R R0, SR_CTAID.X"],
  ["0010", "ISETP.GE.AND P0, PT, R0, 0x1, PT"],
  ["0020", "@!P0 EXIT"],
  ["0030", "IADD3 R0, R0, -0x1, RZ"],
  ["0040", "ISETP.GE.AND P0, PT, R0, 0x1, PT"],
  ["0050", "@P0 BRA 0x30"],
  ["0060", "EXIT"],
]);
/** Every block alike. */
const FLAT = kernel([
  ["0000", "S2R R0, SR_CTAID.X"],
  ["0010", "EXIT"],
]);

describe("the SM whose blocks stand for the GPU", () => {
  it("a triangle of 132 blocks, one per SM: SM 0 does least; the chosen SM's work is near the mean SM's", () => {
    // Block b's warp issues 4 + 3b (b >= 1; block 0: 3): over the 132 SMs a mean of 200.5.
    const r = representativeSm(TRIANGLE, launch(132), 132, 1_000_000);
    expect(r.sm).not.toBe(0);
    expect(r.work!.sm0).toBe(3);
    expect(r.work!.chosen).toBe(4 + 3 * r.sm);
    expect(Math.abs(r.work!.chosen / 200.5 - 1)).toBeLessThan(0.1);
  });

  it("samples SM 0 and 15 more, none twice, not on a stride (a grid 8 wide would alias)", () => {
    const s = sampleSms(128);
    expect(s[0]).toBe(0);
    expect(new Set(s).size).toBe(16);
    expect(new Set(s.map((sm) => sm % 8)).size).toBeGreaterThan(4);
  });

  it("blocks of alike work keep SM 0", () => {
    expect(representativeSm(FLAT, launch(528), 132, 1_000_000).sm).toBe(0);
  });

  it("a budget too small for five SMs keeps SM 0", () => {
    expect(representativeSm(TRIANGLE, launch(132), 132, 300).sm).toBe(0);
  });
});
