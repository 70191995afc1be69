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
  it("with credit, a burst of one latency's worth at the share passes; more waits at the share", () => {
    // 10 bytes per cycle, 5 cycles of credit: the first 50 bytes are served as if from cycle 95.
    const p = new LevelPath(10, 0, Infinity, true, 5);
    expect(p.serve(100, 50)).toBe(0); // served 95..100
    expect(p.serve(100, 50)).toBe(0); // starts at 100: no wait to start
    expect(p.serve(100, 50)).toBe(5); // starts at 105
    // Long-run rate stays the share: 1,000 more bytes now start 100 cycles on.
    expect(p.serve(100, 1000)).toBe(10);
    expect(p.serve(100, 10)).toBe(110);
  });
});
