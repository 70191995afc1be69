import { describe, expect, it } from "vitest";
import { writeBackShare } from "./l2-write-back.js";

const MiB = 1024 * 1024;
const L2 = 50 * MiB;

/**
 * validation/microbench/l2-writeback-probe/summary.csv (H100, caches flushed): DRAM bytes written
 * during each kernel over the bytes it stores.
 */
describe("the L2's write-back share (l2_writeback_probe)", () => {
  it("keeps everything dirty while the stores fit its room for dirty lines", () => {
    // write_only 16 MiB: 0.001; copy of 16 MiB into 16 MiB: 0.017.
    expect(writeBackShare(16 * MiB, 0, L2)).toBe(0);
    expect(writeBackShare(16 * MiB, 16 * MiB, L2)).toBe(0);
    expect(writeBackShare(0, 64 * MiB, L2)).toBe(0);
  });

  it("writes back what stores past 24 MiB add", () => {
    // write_only and update: 32 MiB 0.258 / 0.265, 64 MiB 0.631 / 0.645, 128 MiB 0.814 / 0.822.
    expect(writeBackShare(32 * MiB, 0, L2)).toBeCloseTo(0.25, 2);
    expect(writeBackShare(64 * MiB, 0, L2)).toBeCloseTo(0.625, 2);
    expect(writeBackShare(128 * MiB, 0, L2)).toBeCloseTo(0.8125, 3);
  });

  it("counts bytes only read at a fifth of a stored one", () => {
    // copy: 32 MiB read and stored 0.354; 64 MiB 0.674 (1 - 24 / (S + R / 5)).
    expect(writeBackShare(32 * MiB, 32 * MiB, L2)).toBeCloseTo(1 - 24 / 38.4, 3);
    expect(Math.abs(writeBackShare(32 * MiB, 32 * MiB, L2) - 0.354)).toBeLessThan(0.03);
    expect(Math.abs(writeBackShare(64 * MiB, 64 * MiB, L2) - 0.674)).toBeLessThan(0.02);
  });

  it("counts the dirty lines of the run before as stores again when the L2 is warm", () => {
    // validation/memory/data/summary-warm.csv: transpose_smem (16 MiB read, 16 stored) writes back
    // 4.0-4.8 MiB warm, 1.3-1.6 cold.
    expect(writeBackShare(16 * MiB, 16 * MiB, L2)).toBe(0);
    expect(writeBackShare(16 * MiB, 16 * MiB, L2, true) * 16).toBeCloseTo(16 - (24 / 35.2) * 16, 5);
    expect(Math.abs(writeBackShare(16 * MiB, 16 * MiB, L2, true) * 16 - 4.4)).toBeLessThan(1);
  });
});
