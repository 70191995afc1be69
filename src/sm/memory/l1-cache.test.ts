import { describe, expect, it } from "vitest";
import { L1_MISS, L1Cache } from "./l1-cache.js";

describe("L1Cache", () => {
  it("misses a sector it never saw, then holds it from the fill on, ready when the fill arrives", () => {
    const l1 = new L1Cache(1024);
    expect(l1.lookup(10)).toBe(L1_MISS);
    l1.fill(10, 300);
    expect(l1.lookup(10)).toBe(300); // a hit on a miss in flight waits for the fill
    expect(l1.lookup(11)).toBe(L1_MISS); // same line, other sector: filled a sector at a time
  });
  it("holds capacity / 128 lines and evicts the least recently used", () => {
    const l1 = new L1Cache(4 * 128); // 4 lines
    for (let line = 0; line < 4; line++) l1.fill(line * 4, 0);
    expect(l1.lines).toBe(4);
    l1.lookup(0); // line 0 used again: line 1 is now the oldest
    l1.fill(4 * 4, 0); // a fifth line evicts line 1
    expect(l1.lookup(4)).toBe(L1_MISS);
    expect(l1.lookup(0)).toBe(0);
    expect(l1.lookup(16)).toBe(0);
  });
  it("an evicted line's other sectors go with it", () => {
    const l1 = new L1Cache(128);
    l1.fill(0, 5);
    l1.fill(1, 6);
    l1.fill(4, 7); // line 1 evicts line 0
    l1.fill(4 * 2 + 0, 8); // line 2 evicts line 1
    expect(l1.lookup(1)).toBe(L1_MISS);
    expect(l1.lookup(8)).toBe(8);
  });
});
