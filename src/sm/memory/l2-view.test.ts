import { describe, expect, it } from "vitest";
import { L2_FAR, L2_MISS, L2_NEAR, L2View, farShareOfHits } from "./l2-view.js";
import { unitHash } from "./sector-key.js";

describe("L2View", () => {
  it("a sector read or written before hits", () => {
    const l2 = new L2View(Float64Array.of(1), "s");
    expect(l2.read(7, 0)).toBe(L2_MISS); // every first touch of instruction 0 misses
    expect(l2.read(7, 0)).toBe(L2_NEAR);
    expect(l2.write(8)).toBe(true);
    expect(l2.write(8)).toBe(false);
    expect(l2.read(8, 0)).toBe(L2_NEAR); // the store allocated it
  });
  it("a store dirties a sector it read before (an in-place update): its first write is fresh", () => {
    const l2 = new L2View(Float64Array.of(1), "s");
    l2.read(9, 0);
    expect(l2.write(9)).toBe(true);
    expect(l2.write(9)).toBe(false);
  });
  it("a sector touched longer ago than the retention is a first touch again", () => {
    const l2 = new L2View(Float64Array.of(1), "s");
    expect(l2.read(7, 0, 0, 1000)).toBe(L2_MISS);
    expect(l2.read(7, 0, 1000, 1000)).toBe(L2_NEAR); // 1,000 cycles old: still there
    expect(l2.read(7, 0, 2001, 1000)).toBe(L2_MISS); // 1,001 cycles since the last touch
    expect(l2.write(9, 0)).toBe(true);
    expect(l2.read(9, 0, 5000, 1000)).toBe(L2_MISS); // a stored sector ages alike
    expect(l2.write(9, 6000)).toBe(false); // but the SM wrote it before: not written back twice
  });
  it("first touches miss in the instruction's share: 1 in 4 of 20,000 sectors within 1%", () => {
    const l2 = new L2View(Float64Array.of(0.25), "seed");
    let misses = 0;
    let far = 0;
    for (let s = 0; s < 20_000; s++) {
      const at = l2.read(s * 4, 0);
      if (at === L2_MISS) misses++;
      if (at === L2_FAR) far++;
    }
    expect(misses / 20_000).toBeGreaterThan(0.24);
    expect(misses / 20_000).toBeLessThan(0.26);
    // n = 4 readers: the others in this SM's half are Binomial(3, 1/2), so with m readers in its
    // half (1: 1/8, 2: 3/8, 3: 3/8, 4: 1/8) it is their first with probability E[1/m] = 15/32,
    // first of all with 8/32; far when first of its half but not of all: 7/32 of first touches,
    // 7/24 = 0.292 of the hits.
    expect(far / (20_000 - misses)).toBeGreaterThan(0.275);
    expect(far / (20_000 - misses)).toBeLessThan(0.31);
  });
  it("the far share of hits: 1/2 for two readers, 3/8 for three, 7/24 for four, about 1/n for many", () => {
    // Enumerated by hand as above (two readers: the other is in the other half half the time).
    expect(farShareOfHits(1 / 2)).toBeCloseTo(1 / 2, 12);
    expect(farShareOfHits(1 / 3)).toBeCloseTo(3 / 8, 12);
    expect(farShareOfHits(1 / 4)).toBeCloseTo(7 / 24, 12);
    expect(farShareOfHits(1 / 100)).toBeCloseTo(1 / 99, 6);
    expect(farShareOfHits(1)).toBe(0); // one reader: every first touch misses
  });
  it("the hash spreads consecutive sectors and high halves over [0, 1)", () => {
    const u = [0, 1, 2, 2 ** 40, 2 ** 40 + 1].map((s) => unitHash(s, 12345));
    for (const x of u) expect(x).toBeGreaterThanOrEqual(0);
    for (const x of u) expect(x).toBeLessThan(1);
    expect(new Set(u).size).toBe(5);
  });
});
