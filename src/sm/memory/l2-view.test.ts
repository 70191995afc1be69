import { describe, expect, it } from "vitest";
import { L2_FAR, L2_MISS, L2_NEAR, L2View, unitHash } from "./l2-view.js";

describe("L2View", () => {
  it("a sector read or written before hits", () => {
    const l2 = new L2View(Float64Array.of(1), "s");
    expect(l2.read(7, 0)).toBe(L2_MISS); // every first touch of instruction 0 misses
    expect(l2.read(7, 0)).toBe(L2_NEAR);
    expect(l2.write(8)).toBe(true);
    expect(l2.write(8)).toBe(false);
    expect(l2.read(8, 0)).toBe(L2_NEAR); // the store allocated it
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
    // n = 4 readers: this SM is first of its half (itself and 1.5 others) with probability 2/5,
    // first of all with 1/4; far when first of its half but not of all, and the home is the
    // other half: (2/5 - 1/4) / 2 = 0.075 of first touches, 0.1 of the hits.
    expect(far / (20_000 - misses)).toBeGreaterThan(0.09);
    expect(far / (20_000 - misses)).toBeLessThan(0.11);
  });
  it("the hash spreads consecutive sectors and high halves over [0, 1)", () => {
    const u = [0, 1, 2, 2 ** 40, 2 ** 40 + 1].map((s) => unitHash(s, 12345));
    for (const x of u) expect(x).toBeGreaterThanOrEqual(0);
    for (const x of u) expect(x).toBeLessThan(1);
    expect(new Set(u).size).toBe(5);
  });
});
