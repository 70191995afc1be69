import { describe, expect, it } from "vitest";
import { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { SteadyState } from "./steady-state.js";

/**
 * A machine that repeats exactly every 10 cycles: one trip of a 100-trip loop per period, a
 * statistic that grows by 7 per trip, and a pending result 4 cycles ahead of each trip's start.
 */
function machine() {
  const trips = new Float64Array(1);
  const exits = new Float64Array(1);
  const stat = new Float64Array(1);
  const readyAt = new Float64Array(1);
  const phase = new Int32Array([3]);
  const reg = new SteadyStateRegistry();
  reg.total(stat);
  reg.readyAt(readyAt);
  reg.same(phase);
  reg.trips(trips, exits, () => 100);
  const steady = new SteadyState(reg);
  /** The trip starting at `now`: returns the cycles the fast-forward skipped there. */
  const trip = (now: number): number => {
    const skipped = steady.observe(now, 1e9);
    const at = now + skipped;
    trips[0]++;
    stat[0] += 7;
    readyAt[0] = at + 4;
    return skipped;
  };
  return { steady, trips, stat, readyAt, trip };
}

describe("the steady-state fast-forward", () => {
  it("skips whole periods once the state recurs, and every counter grows as if simulated", () => {
    const m = machine();
    // Trip 0 starts the snapshots over (first look), trip 1 is the first snapshot, trip 2 matches it.
    expect(m.trip(0)).toBe(0);
    expect(m.trip(10)).toBe(0);
    // At trip 2's start the loop has taken 2 trips (1 per period): it may skip while the counter
    // stays below trips - 1 with a period to spare: 100 - 1 - 1 - 2 = 96 periods, 960 cycles.
    expect(m.trip(20)).toBe(960);
    // Then trip 98 runs at cycle 980: 99 trips and 99 x 7 accounted, the result 4 cycles ahead.
    expect(m.trips[0]).toBe(99);
    expect(m.stat[0]).toBe(693);
    expect(m.readyAt[0]).toBe(984);
    expect(m.steady.skippedCycles).toBe(960);
  });

  it("does not skip while something that does not repeat keeps happening", () => {
    const m = machine();
    for (let k = 0; k < 10; k++) {
      m.steady.aperiodic++;
      expect(m.trip(10 * k)).toBe(0);
    }
  });
});
