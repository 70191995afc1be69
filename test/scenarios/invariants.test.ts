import { describe, expect, it } from "vitest";
import { loadScenario } from "../../src/index.js";
import { WARP_STATE_COUNT } from "../../src/stats/warp-state.js";
import { simulateWithLifetimes } from "../helpers.js";

/**
 * Every active warp is in exactly one state per cycle, so per sub-partition the state
 * warp-cycles must add up to the warps' lifetimes (measured independently here from the
 * arrival and exit of each warp), and the eligible warp-cycles (selected + not_selected) must
 * equal the scheduler's own count of eligible warps per cycle, sum of k x cycles-with-k.
 */
const runWithLifetimes = (file: string) => simulateWithLifetimes(loadScenario(file));

const files = [
  "scenarios/single-warp-807.yaml",
  "scenarios/latency-hiding/ilp1-w4.yaml",
  "scenarios/latency-hiding/ilp4-w12.yaml",
  "scenarios/fma-saturate.yaml",
  "test/scenarios/fixtures/barrier-waves.yaml",
  "test/scenarios/fixtures/mixed-pipes.yaml",
];

describe("warp-state accounting invariants", () => {
  for (const file of files) {
    it(`${file}: states sum to active warp-cycles; eligible = selected + not_selected`, () => {
      const { result, lifetime } = runWithLifetimes(file);
      expect(result.outcome.status).toBe("completed");
      result.subpartitions.forEach((sp, s) => {
        const states = Object.values(sp.stalls).reduce((sum, st) => sum + st.warpCycles, 0);
        expect(states).toBe(lifetime[s]);
        expect(sp.warpsActive * sp.activeCycles).toBeCloseTo(lifetime[s], 6);
        const eligibleFromHistogram = sp.eligibleHistogram.reduce((sum, cycles, k) => sum + k * cycles, 0);
        expect(sp.stalls.selected.warpCycles + sp.stalls.not_selected.warpCycles).toBe(eligibleFromHistogram);
        expect(sp.stalls.selected.warpCycles).toBe(sp.instExecuted);
        expect(sp.eligibleHistogram.reduce((a, b) => a + b, 0)).toBe(sp.activeCycles);
      });
      expect(Object.keys(result.sm.stalls)).toHaveLength(WARP_STATE_COUNT);
    });
  }
});
