import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readSass } from "../sass/read-sass.js";
import { estimateL2Sharing } from "./l2-sharing.js";
import { planExecution } from "./run-from-args.js";
import { executableKernel } from "./run-warp.js";

// The L2 footprint probe's scatter (validation/microbench/l2_footprint_probe.cu): every thread
// stores word k (its lane) of a random line among `lines`, 8 stores a trip, 16 trips here.
const LISTING = "validation/microbench/l2-footprint-probe/sass.txt";
const listing = readSass(readFileSync(LISTING, "utf8"), LISTING);
const scatter = listing.ok ? listing.kernels.find((k) => k.name === "_Z17footprint_scatterILb0EEvPfij")! : undefined;

function sharing(lines: number) {
  const { launch } = planExecution(scatter!, { grid: [132], block: [1024], args: `ptr:16MiB,i32:16,u32:${lines}`, sm: 0, arch: "sm_90" }, LISTING);
  return estimateL2Sharing(executableKernel(scatter!), launch, 66, "1", 1_500_000, undefined, 8192);
}

describe("estimateL2Sharing for a kernel that only stores", () => {
  it("a scatter into 2,048 lines runs other blocks (its lines may be hot) and finds them shared", () => {
    const s = sharing(2048);
    expect(s.neighbours + s.sampled).toBeGreaterThan(0);
    // The compiler unrolls the trip loop twice, so each store instruction runs 8 of the 16 trips:
    // 32 warps x 8 trips x 32 lanes = 8,192 random lines of 2,048, 2,048 (1 - e^-4) = 2,010.5.
    const stores = s.blockLines.map((n, i) => (n > 0 ? i : -1)).filter((i) => i >= 0);
    expect(stores.length).toBe(16);
    for (const i of stores) {
      expect(Math.abs(s.blockLines[i] / 2010.5 - 1)).toBeLessThan(0.02);
      expect(s.spanLines[i]).toBeLessThanOrEqual(2048);
      // Each sector is written by many of the 132 blocks: far below one in four is the probe's first.
      expect(s.missShare[i]).toBeLessThan(0.25);
    }
  });

  it("a scatter over 131,072 lines (16 MiB) spans more than any hot pool: no other block runs", () => {
    const s = sharing(131072);
    expect(s.neighbours + s.sampled).toBe(0);
  });
});
