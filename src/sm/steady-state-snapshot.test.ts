import { describe, expect, it } from "vitest";
import { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { applySkip, captureSnapshot, hashNumbers, NOT_LIVE, sameNumbers } from "./steady-state-snapshot.js";

/** A registry over small hand-made arrays: one of each kind the fast-forward knows. */
function parts() {
  const pcs = new Float64Array([3, 7]); // same
  const readyAt = new Float64Array([105, 90, -1]); // times waited for
  const since = new Float64Array([80, 95]); // happened; warp 1 not live
  const issued = new Float64Array([10, 20]); // totals
  const trips = new Float64Array([4, 5]);
  const exits = new Float64Array([0, 1]);
  const reg = new SteadyStateRegistry();
  reg.same(pcs);
  reg.readyAt(readyAt);
  reg.happened(since, (i) => i === 0);
  reg.total(issued);
  reg.trips(trips, exits, () => 100);
  return { reg, pcs, readyAt, since, issued, trips, exits };
}

describe("the state the fast-forward reads and moves", () => {
  it("captures each kind as it recurs: same values, times as the distance ahead, live happenings, totals, counters", () => {
    const { reg } = parts();
    const s = captureSnapshot(reg, 100, 42);
    // [length, pcs..., then readyAt as distances: 105 -> 5 ahead, 90 past -> 0, -1 none -> -1]
    expect(s.shape).toEqual([2, 3, 7, 5, 0, -1]);
    expect(s.happened).toEqual([80, NOT_LIVE]);
    expect(s.totals).toEqual([10, 20]);
    expect([...s.trips]).toEqual([4, 5]);
    expect([...s.exits]).toEqual([0, 1]);
    expect(s.work).toBe(42);
    expect(s.hash).toBe(hashNumbers(s.shape));
  });

  it("moves m periods ahead: future times and moved happenings by m x period, totals and counters by m x their growth", () => {
    const p = parts();
    const old = captureSnapshot(p.reg, 60, 0);
    p.issued[0] = 16; // +6 and +4 over the period
    p.issued[1] = 24;
    p.trips[0] = 6; // +2 trips
    const snap = captureSnapshot(p.reg, 100, 0);
    applySkip(p.reg, 3, 40, [6, 4], Uint8Array.from([1, 0]), snap, old, 100);
    expect([...p.readyAt]).toEqual([105 + 120, 90, -1]); // only the one ahead of now moves
    expect([...p.since]).toEqual([80 + 120, 95]);
    expect([...p.issued]).toEqual([16 + 18, 24 + 12]);
    expect([...p.trips]).toEqual([6 + 6, 5]);
    // Given growth of their own (a sampled run's), counters take it instead.
    applySkip(p.reg, 1, 10, [0, 0], new Uint8Array(2), snap, old, 100, Float64Array.from([7, 0]), Float64Array.from([0, 2]));
    expect([...p.trips]).toEqual([12 + 7, 5]);
    expect([...p.exits]).toEqual([0, 3]);
  });

  it("compares numbers exactly", () => {
    expect(sameNumbers([1, 2, 3], [1, 2, 3])).toBe(true);
    expect(sameNumbers([1, 2, 3], [1, 2])).toBe(false);
    expect(sameNumbers([0.1 + 0.2], [0.3])).toBe(false);
    expect(hashNumbers([1, 2])).not.toBe(hashNumbers([2, 1]));
  });
});
