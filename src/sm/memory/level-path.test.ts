import { describe, expect, it } from "vitest";
import { LevelPath } from "./level-path.js";

describe("LevelPath", () => {
  it("serves bytes first-in first-out at its rate: a request waits for those before it", () => {
    const p = new LevelPath(10, 0, Infinity);
    expect(p.serve(0, 100)).toBe(0); // busy until cycle 10
    expect(p.serve(0, 50)).toBe(10); // then until 15
    expect(p.serve(4, 10)).toBe(11);
    expect(p.serve(100, 10)).toBe(0); // idle again
  });
  it("adds S u / (1 - u) of contention, u the recent busy share of the peak", () => {
    // 500 bytes at 10 per cycle busy the path 50 cycles of a 1,000-cycle window: u = 0.05.
    expect(new LevelPath(10, 50, Infinity).serve(0, 500)).toBeCloseTo((50 * 0.05) / 0.95, 10);
    // Counted against a peak of 20 bytes per cycle, the same traffic is u = 0.025.
    expect(new LevelPath(10, 50, 20).serve(0, 500)).toBeCloseTo((50 * 0.025) / 0.975, 10);
  });
});
