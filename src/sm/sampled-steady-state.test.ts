import { describe, expect, it } from "vitest";
import { planSampledSkip, ratioInterval, t975, type SampledSnapshot } from "./sampled-steady-state.js";

const snap = (cycle: number, trips: number[]): SampledSnapshot => ({ cycle, trips: Float64Array.from(trips), exits: new Float64Array(trips.length) });

describe("a sampled run's statistics", () => {
  it("t(0.975) from the table, 1.96 past 30 degrees of freedom", () => {
    expect(t975(1)).toBe(12.706);
    expect(t975(3)).toBe(3.182);
    expect(t975(9)).toBe(2.262);
    expect(t975(200)).toBe(1.96);
    expect(t975(0)).toBe(Infinity);
  });

  it("the ratio estimator's interval, by hand", () => {
    // Windows of 10, 12, 11, 13 cycles issuing 5, 6, 5, 6: R = 46 / 22. Residuals c - R w:
    // -5/11, -6/11, 6/11, 5/11; their sum of squares 122/121 over 3 degrees of freedom; half-width
    // t(3) sqrt(122/363) / sqrt(4), relative to the mean window of 11.5 cycles; lag-1 products
    // (30 - 36 + 30)/121 over 122/121: rho = 24/122, widening sqrt((1 + rho) / (1 - rho)).
    const { ratio, relativeHalf } = ratioInterval([10, 12, 11, 13], [5, 6, 5, 6]);
    expect(ratio).toBeCloseTo(46 / 22, 12);
    const rho = 24 / 122;
    expect(relativeHalf).toBeCloseTo(((3.182 * Math.sqrt(122 / 363)) / (2 * 11.5)) * Math.sqrt((1 + rho) / (1 - rho)), 12);
    // Residuals that alternate (negative correlation) are not narrowed: rho is taken as 0.
    // Windows 10, 12, 10, 12 of 5 each: R = 2.2, residuals -1, 1, -1, 1; half t(3) sqrt(4/3) / 2 / 11.
    expect(ratioInterval([10, 12, 10, 12], [5, 5, 5, 5]).relativeHalf).toBeCloseTo((3.182 * Math.sqrt(4 / 3)) / (2 * 11), 12);
    // One window, or no work: no interval.
    expect(ratioInterval([10], [5]).relativeHalf).toBe(Infinity);
  });

  it("plans a skip by hand: two warps alike, each keeps two spans of trips", () => {
    // One loop of 100 trips, two warps, one trip per 100 cycles each, from cycle 0. At cycle 300
    // each has 3 trips; the span 100..300 saw 2 each. A warp keeps 2 x 2 trips and one more (the
    // counter ends at trips - 1): (100 - 1 - 3 - 4) trips at 0.01 a cycle is 9,200 cycles.
    const counters = { array: new Float64Array(2), tripsOf: () => 100, slots: 1 };
    const history = [snap(100, [1, 1]), snap(200, [2, 2]), snap(300, [3, 3])];
    const plan = planSampledSkip(history, snap(0, [0, 0]), counters, 300, 1e9, () => 0.5)!;
    // Both warps at one rate: no spread, so no noise and no tail.
    expect([...plan.trips]).toEqual([92, 92]);
    expect(plan.scale).toBe(184 / 4);
    expect(plan.delta).toBe(200 * 46);
    expect(plan.tailHalf).toBe(0);
  });

  it("plans no skip when the loops are nearly done, or the cycle limit is near", () => {
    const counters = { array: new Float64Array(2), tripsOf: () => 8, slots: 1 };
    const history = [snap(100, [1, 1]), snap(200, [2, 2]), snap(300, [3, 3])];
    expect(planSampledSkip(history, snap(0, [0, 0]), counters, 300, 1e9, () => 0.5)).toBeUndefined();
    const long = { ...counters, tripsOf: () => 100 };
    expect(planSampledSkip(history, snap(0, [0, 0]), long, 300, 800, () => 0.5)).toBeUndefined();
  });
});
