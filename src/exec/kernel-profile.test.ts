import { describe, expect, it } from "vitest";
import { readSass } from "../sass/read-sass.js";
import { launchBank } from "./launch.js";
import { blocksOfSm, profileKernel } from "./kernel-profile.js";
import { executableKernel } from "./run-warp.js";

/** A bounds-checked kernel: if (tid < n) { body } with n = 40 threads of a 64-thread block. */
const LISTING = `
        Function : bounds
        /*0000*/ S2R R0, SR_TID.X ; /* 0x0000000000000000 */
                                     /* 0x000fe20000000000 */
        /*0010*/ ISETP.GE.AND P0, PT, R0, c[0x0][0x210], PT ; /* 0x0000000000000000 */
                                     /* 0x000fe20000000000 */
        /*0020*/ @P0 EXIT ; /* 0x0000000000000000 */
                                     /* 0x000fe20000000000 */
        /*0030*/ IADD3 R1, R0, 0x1, RZ ; /* 0x0000000000000000 */
                                     /* 0x000fe20000000000 */
        /*0040*/ EXIT ; /* 0x0000000000000000 */
                                     /* 0x000fe20000000000 */
`;

function listing(lines: [string, string][]): string {
  const body = lines.map(([a, t]) => `        /*${a}*/ ${t} ; /* 0x0000000000000000 */\n                                     /* 0x000fe20000000000 */`).join("\n");
  return `\n        Function : k\n${body}\n`;
}

function profile(n: number, blocks: number[], text = LISTING) {
  const read = readSass(text, "t.sass");
  if (!read.ok) throw new Error(JSON.stringify(read.issues));
  const params = new Uint8Array(4);
  new DataView(params.buffer).setInt32(0, n, true);
  const launch = { grid: [4, 1, 1] as const, block: [64, 1, 1] as const, bank0: launchBank([4, 1, 1], [64, 1, 1], params, 0x210) };
  return profileKernel(executableKernel(read.kernels[0]), launch, blocks);
}

describe("a kernel's profile over warps", () => {
  it("an early exit: warp 0 (lanes 0-31 < 40) runs all 5; warp 1 splits at the EXIT (lanes 32-39 go on): 5 as well", () => {
    const p = profile(40, [0]);
    expect(p.warps).toBe(2);
    expect(p.instructions).toEqual({ min: 5, mean: 5, max: 5 });
    // The guarded EXIT (index 2): warp 0 takes it in no lane, warp 1 in lanes 40-63 (a split).
    expect([p.taken[2], p.split[2]]).toEqual([0, 1]);
  });

  it("every lane out of bounds: both warps leave at the guarded EXIT (3 instructions each)", () => {
    const p = profile(0, [0, 1]);
    expect(p.instructions).toEqual({ min: 3, mean: 3, max: 3 });
    expect(p.taken[2]).toBe(4);
  });

  it("SM 0 of a 132-SM GPU runs blocks 0, 132, 264 of a 300-block grid (in-order hand-out)", () => {
    expect(blocksOfSm(300, 132)).toEqual([0, 132, 264]);
    expect(blocksOfSm(300, 132, 131)).toEqual([131, 263]);
  });
});

describe("floats: followed when known, unknown when loaded", () => {
  it("a branch on a float comparison of the thread's index is followed (float-ops.ts)", () => {
    const text = listing([
      ["0000", "S2R R0, SR_TID.X"],
      ["0010", "I2FP.F32.U32 R1, R0"],
      ["0020", "FSETP.GT.AND P0, PT, R1, 16, PT"],
      ["0030", "@P0 EXIT"],
      ["0040", "EXIT"],
    ]);
    const p = profile(0, [0], text);
    // Warp 0: lanes 17-31 leave at 0x30, lanes 0-16 run the last EXIT too (5); warp 1 (threads
    // 32-63, all above 16) leaves at 0x30 (4).
    expect(p.instructions).toEqual({ min: 4, mean: 4.5, max: 5 });
    expect(p.unknownBranches.size).toBe(0);
  });

  it("a branch on a float loaded from shared memory (unknown) is reported, and taken as not taken", () => {
    const text = listing([
      ["0000", "S2R R0, SR_TID.X"],
      ["0010", "LDS R1, [R0]"],
      ["0020", "FSETP.GT.AND P0, PT, R1, 16, PT"],
      ["0030", "@P0 EXIT"],
      ["0040", "EXIT"],
    ]);
    const p = profile(0, [0], text);
    // Both warps run all five: the guarded EXIT's predicate is unknown, so no lane leaves there.
    expect(p.instructions).toEqual({ min: 5, mean: 5, max: 5 });
    expect(p.unknownBranches.get(0x30)).toBe(2);
  });
});
