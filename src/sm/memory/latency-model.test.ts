import { describe, expect, it } from "vitest";
import { PRESETS } from "../../arch/presets/index.js";
import type { LatencyDistribution } from "../../arch/latency-distribution.js";
import { LEVEL_DRAM, LEVEL_L1, LEVEL_L2, LEVEL_NONE, LatencyModel } from "./latency-model.js";

const draws = (d: LatencyDistribution, n: number, seed = "s") => {
  const m = new LatencyModel(d, PRESETS.sm_90, seed);
  return Array.from({ length: n }, () => m.next());
};

describe("latency models", () => {
  it("a fixed latency repeats; the others do not", () => {
    expect(new LatencyModel({ kind: "fixed", cycles: 400 }, PRESETS.sm_90, "s").repeats).toBe(true);
    expect(new LatencyModel({ kind: "uniform", min: 400, max: 800 }, PRESETS.sm_90, "s").repeats).toBe(false);
    expect(draws({ kind: "fixed", cycles: 400 }, 3)).toEqual([400, 400, 400]);
  });

  it("uniform draws whole cycles within [min, max], both ends reachable", () => {
    const d = draws({ kind: "uniform", min: 1, max: 3 }, 3000);
    expect(new Set(d)).toEqual(new Set([1, 2, 3]));
    // Each of 3 values about 1000 times: a 5-sigma band for a binomial(3000, 1/3) is +-129.
    for (const v of [1, 2, 3]) expect(Math.abs(d.filter((x) => x === v).length - 1000)).toBeLessThan(129);
  });

  it("the same seed draws the same latencies; another seed others", () => {
    const u: LatencyDistribution = { kind: "uniform", min: 400, max: 800 };
    expect(draws(u, 50, "a")).toEqual(draws(u, 50, "a"));
    expect(draws(u, 50, "a")).not.toEqual(draws(u, 50, "b"));
  });

  it("normal draws are clamped to [min, max]", () => {
    const d = draws({ kind: "normal", mean: 500, stddev: 1000, min: 450, max: 550 }, 500);
    expect(Math.min(...d)).toBe(450);
    expect(Math.max(...d)).toBe(550);
  });

  it("exponential draws never fall below min and average about the mean (min 400, mean 500: tail 100)", () => {
    const d = draws({ kind: "exponential", min: 400, mean: 500 }, 20000);
    expect(Math.min(...d)).toBeGreaterThanOrEqual(400);
    const mean = d.reduce((a, b) => a + b, 0) / d.length;
    // Standard error of the mean: 100 / sqrt(20000) = 0.7 cycles; rounding adds under 0.5.
    expect(Math.abs(mean - 500)).toBeLessThan(4);
  });

  it("a mix serves each level at its latency (sm_90's defaults where none is given) and says which level served", () => {
    const m = new LatencyModel({ kind: "mix", levels: [{ level: "l2", fraction: 1 }] }, PRESETS.sm_90, "s");
    expect(m.lastLevel).toBe(LEVEL_NONE);
    expect(m.next()).toBe(PRESETS.sm_90.memoryLevels.l2HitCycles);
    expect(m.lastLevel).toBe(LEVEL_L2);
    const all = new LatencyModel({ kind: "mix", levels: [{ level: "l1", fraction: 0.5, cycles: 33 }, { level: "dram", fraction: 0.5, cycles: 600 }] }, PRESETS.sm_90, "s");
    const seen = new Map<number, number>();
    for (let i = 0; i < 1000; i++) seen.set(all.next(), all.lastLevel);
    expect(seen).toEqual(new Map([[33, LEVEL_L1], [600, LEVEL_DRAM]]));
  });
});
