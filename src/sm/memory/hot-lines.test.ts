import { describe, expect, it } from "vitest";
import { concurrentLines, hotLineFactor, hotLineFactors, linesTouched, type HotLineTable } from "./hot-lines.js";

// A table of the shape of sm_90's (the l2 footprint probe's ratios at 1,024 to 8,192 lines in an earlier form).
const TABLE: HotLineTable = { lines: [1024, 2048, 4096, 8192], loadFactor: [1.22, 1.21, 1.06, 1], storeFactor: [1.8, 1.5, 1.17, 1] };

describe("hotLineFactor", () => {
  it("is the table's value at a measured count", () => {
    expect(hotLineFactor(TABLE, 1024, TABLE.storeFactor)).toBe(1.8);
    expect(hotLineFactor(TABLE, 4096, TABLE.loadFactor)).toBe(1.06);
  });

  it("is linear in log2 of the count between two: 2,896 lines (2^11.5) halfway from 2,048's 1.5 to 4,096's 1.17", () => {
    expect(hotLineFactor(TABLE, 2 ** 11.5, TABLE.storeFactor)).toBeCloseTo((1.5 + 1.17) / 2, 9);
  });

  it("holds the first factor below the table and the last above it", () => {
    expect(hotLineFactor(TABLE, 64, TABLE.loadFactor)).toBe(1.22);
    expect(hotLineFactor(TABLE, 1 << 20, TABLE.storeFactor)).toBe(1);
  });
});

describe("concurrentLines", () => {
  it("all of the grid's lines when every block runs at once", () => {
    expect(concurrentLines(100, 5000, 132, 264)).toBe(5000);
  });

  it("else what the running blocks cover of them at random: 1,056 blocks of 8 lines over 32,768 cover 32,768 (1 - e^-0.2578)", () => {
    expect(concurrentLines(8, 32768, 4096, 1056)).toBeCloseTo(32768 * (1 - Math.exp(-(1056 * 8) / 32768)), 6);
  });
});

describe("hotLineFactors", () => {
  const one = (blockLines: number, spanLines: number, missShare: number) => ({ blockLines: Float64Array.of(blockLines), spanLines: Float64Array.of(spanLines), missShare: Float64Array.of(missShare) });

  it("scatter_idx's stores (241 lines a block, spanning 2,048, each sector touched by about 122 of 4,096 blocks) are 2,048 hot lines: 1.5", () => {
    const f = hotLineFactors(TABLE, one(241, 2048, 1 / 122), 4096, 1056);
    expect(f.store[0]).toBeCloseTo(1.5, 6);
    expect(f.load[0]).toBeCloseTo(1.21, 6);
  });

  it("lines each block keeps to itself are not hot, however few (a block's one line of results)", () => {
    const f = hotLineFactors(TABLE, one(1, 1, 1), 2048, 1056);
    expect(f.store[0]).toBe(1);
    expect(f.load[0]).toBe(1);
  });

  it("a pool spread over many lines is not hot: a GEMM's B of 16 MiB, each sector read by 32 blocks", () => {
    const f = hotLineFactors(TABLE, one(4096, 131072, 1 / 32), 1024, 264);
    expect(f.store[0]).toBe(1);
  });

  it("an instruction that touches nothing keeps 1", () => {
    expect(hotLineFactors(TABLE, one(0, 0, 1), 132, 132).load[0]).toBe(1);
  });
});

describe("linesTouched", () => {
  it("counts four sectors a line: sectors 0-3 and 8 are lines 0 and 2, spanning 3; an instruction without sectors has none", () => {
    const { blockLines, spanLines } = linesTouched([new Set([0, 1, 2, 3, 8]), new Set()]);
    expect(Array.from(blockLines)).toEqual([2, 0]);
    expect(Array.from(spanLines)).toEqual([3, 0]);
  });
});
