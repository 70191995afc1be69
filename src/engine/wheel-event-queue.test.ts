import seedrandom from "seedrandom";
import { describe, expect, it } from "vitest";
import { EventQueue } from "./event-queue.js";
import { WheelEventQueue } from "./wheel-event-queue.js";

type Queue = EventQueue | WheelEventQueue;

function popOne(q: Queue): [number, number, number] {
  const event: [number, number, number] = [q.peekCycle(), q.peekKind(), q.peekArg()];
  q.pop();
  return event;
}

/** A random push (near, mid, far, fractional, or at `now`) relative to the current cycle. */
function randomCycle(rng: () => number, now: number): number {
  const r = rng();
  if (r < 0.35) return now + Math.floor(rng() * 8);
  if (r < 0.55) return now + Math.floor(rng() * 100);
  if (r < 0.8) return now + 400 + Math.floor(rng() * 401);
  if (r < 0.95) return now + 1000 + Math.floor(rng() * 4000);
  return now + rng() * 50;
}

describe("WheelEventQueue", () => {
  it("pops in the heap's order (cycle, then insertion) over random pushes and pops", () => {
    // The EventQueue (binary heap, tested against a stable sort) is the reference.
    for (let trial = 0; trial < 20; trial++) {
      const rng = seedrandom(`wheel-${trial}`);
      const wheel = new WheelEventQueue();
      const heap = new EventQueue();
      let now = 0;
      let popped = 0;
      for (let step = 0; step < 20_000; step++) {
        if (rng() < 0.5 || heap.length === 0) {
          const cycle = randomCycle(rng, now);
          const kind = Math.floor(rng() * 4);
          wheel.push(cycle, kind, step);
          heap.push(cycle, kind, step);
        } else {
          const expected = popOne(heap);
          expect(popOne(wheel), `trial ${trial} step ${step}`).toEqual(expected);
          now = expected[0];
          popped++;
        }
        expect(wheel.length).toBe(heap.length);
      }
      while (heap.length > 0) expect(popOne(wheel)).toEqual(popOne(heap));
      expect(wheel.peekCycle()).toBe(Infinity);
      expect(popped).toBeGreaterThan(5000);
    }
  });

  it("keeps ties in insertion order across the wheel and the heap behind it", () => {
    const q = new WheelEventQueue();
    q.push(2000, 0, 1); // beyond the wheel: the heap
    q.push(1500, 0, 2); // the heap
    q.push(5, 0, 3);
    q.pop(); // cycle 5: the wheel now covers 5 .. 1028
    q.push(900, 0, 4);
    q.pop(); // cycle 900: covers 900 .. 1923, so 1500 is in reach, but it is the heap's
    q.push(1500, 1, 5); // same cycle, pushed later: into the wheel, after the heap's
    q.push(1500.5, 1, 6); // not a whole cycle: the heap
    const order: number[] = [];
    while (q.length > 0) order.push(popOne(q)[2]);
    expect(order).toEqual([2, 5, 6, 1]);
  });

  it("refuses events in the past, and shifts every event for the fast-forward in order", () => {
    const q = new WheelEventQueue();
    q.push(10, 0, 0);
    q.pop();
    expect(() => q.push(9, 0, 0)).toThrow(/in the past/);
    for (const [c, a] of [[12, 1], [11, 2], [12, 3], [700, 4], [5000, 5], [11, 6]]) q.push(c, 0, a);
    const view = q.steadyState();
    const before: number[] = [];
    view.capture(before, 10);
    view.shift(3000, 10);
    const after: number[] = [];
    view.capture(after, 3010);
    expect(after).toEqual(before); // the same events, relative to the shifted cycle
    const drained: [number, number, number][] = [];
    while (q.length > 0) drained.push(popOne(q));
    expect(drained.map(([c, , a]) => [c, a])).toEqual([[3011, 2], [3011, 6], [3012, 1], [3012, 3], [3700, 4], [8000, 5]]);
  });
});
