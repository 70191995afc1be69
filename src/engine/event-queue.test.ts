import { describe, expect, it } from "vitest";
import { EventQueue } from "./event-queue.js";

function drain(q: EventQueue): [number, number, number][] {
  const out: [number, number, number][] = [];
  while (q.length > 0) {
    out.push([q.peekCycle(), q.peekKind(), q.peekArg()]);
    q.pop();
  }
  return out;
}

describe("EventQueue", () => {
  it("pops events in cycle order, ties in insertion order", () => {
    const q = new EventQueue(2);
    q.push(10, 0, 1);
    q.push(5, 1, 2);
    q.push(10, 0, 3);
    q.push(5, 0, 4);
    q.push(1, 1, 5);
    expect(drain(q)).toEqual([
      [1, 1, 5],
      [5, 1, 2],
      [5, 0, 4],
      [10, 0, 1],
      [10, 0, 3],
    ]);
  });

  it("sorts many random events like a stable sort would", () => {
    const q = new EventQueue();
    const items: [number, number][] = [];
    let x = 12345;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const c = x % 97;
      items.push([c, i]);
      q.push(c, 0, i);
    }
    const expected = [...items].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([c, i]) => [c, 0, i]);
    expect(drain(q)).toEqual(expected);
  });

  it("reports Infinity when empty and refuses events in the past", () => {
    const q = new EventQueue();
    expect(q.peekCycle()).toBe(Infinity);
    q.push(7, 0, 0);
    q.pop();
    expect(() => q.push(6, 0, 0)).toThrow(/in the past/);
  });
});
