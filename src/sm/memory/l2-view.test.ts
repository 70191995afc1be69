import { describe, expect, it } from "vitest";
import { L2View, unitHash } from "./l2-view.js";

describe("L2View", () => {
  it("a sector read or written before hits", () => {
    const l2 = new L2View(Float64Array.of(1), "s");
    expect(l2.read(7, 0)).toBe(false); // every first touch of instruction 0 misses
    expect(l2.read(7, 0)).toBe(true);
    expect(l2.write(8)).toBe(true);
    expect(l2.write(8)).toBe(false);
    expect(l2.read(8, 0)).toBe(true); // the store allocated it
  });
  it("first touches miss in the instruction's share: 1 in 4 of 20,000 sectors within 1%", () => {
    const l2 = new L2View(Float64Array.of(0.25), "seed");
    let misses = 0;
    for (let s = 0; s < 20_000; s++) if (!l2.read(s * 4, 0)) misses++;
    expect(misses / 20_000).toBeGreaterThan(0.24);
    expect(misses / 20_000).toBeLessThan(0.26);
  });
  it("the hash spreads consecutive sectors and high halves over [0, 1)", () => {
    const u = [0, 1, 2, 2 ** 40, 2 ** 40 + 1].map((s) => unitHash(s, 12345));
    for (const x of u) expect(x).toBeGreaterThanOrEqual(0);
    for (const x of u) expect(x).toBeLessThan(1);
    expect(new Set(u).size).toBe(5);
  });
});
