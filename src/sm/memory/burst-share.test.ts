import { describe, expect, it } from "vitest";
import { BurstShare } from "./burst-share.js";

describe("BurstShare", () => {
  it("an SM that has stored nothing yet gets its port's peak", () => {
    const s = new BurstShare(10, 32, 100);
    expect(s.rateAt(5000)).toBe(32);
    // 3,200 bytes at 32 per cycle keep it busy 100 cycles: the next request waits them.
    expect(s.serve(5000, 3200)).toBe(0);
    expect(s.serve(5000, 320)).toBe(100);
  });

  it("one that has drawn its share all along gets the share (the others draw theirs too)", () => {
    const s = new BurstShare(10, 32, 100);
    s.serve(0, 10_000); // at the peak: 312.5 cycles
    // 10,000 bytes by cycle 1,000: 10 per cycle, like each of the 99 others: 1,000 - 990 = 10.
    expect(s.rateAt(1000)).toBe(10);
  });

  it("in between, the rest of the GPU's total: 100 x 10 less 99 others at this SM's 9.9 is 19.9", () => {
    const s = new BurstShare(10, 32, 100);
    s.serve(0, 9900);
    expect(s.rateAt(1000)).toBeCloseTo(1000 - 99 * 9.9, 9);
  });

  it("with work on only a few SMs, the idle ones' share is free: one SM storing all along keeps its peak", () => {
    const alone = new BurstShare(10, 32, 100, 1);
    alone.serve(0, 32_000);
    expect(alone.rateAt(1000)).toBe(32);
    // 50 busy SMs drawing 20 each leave 1,000 - 49 x 20 = 20 for this one.
    const half = new BurstShare(10, 32, 100, 50);
    half.serve(0, 20_000);
    expect(half.rateAt(1000)).toBeCloseTo(20, 9);
  });

  it("never below the share, whatever this SM drew", () => {
    const s = new BurstShare(10, 32, 100);
    s.serve(0, 1_000_000);
    expect(s.rateAt(1000)).toBe(10);
  });
});

describe("BurstShare on few hot lines (hot-lines.ts)", () => {
  it("the GPU's total is `slower` times lower, the port not: half of 132 SMs at 19.5 with a factor of 1.8 settle at 2,574 / (66 x 1.8) = 21.7 each", () => {
    // Steady state: r = (132 x 19.5 - 65 r x 1.8) / 1.8, so r = 2,574 / 118.8 (the l2 footprint
    // probe's 66 SMs on 1,024 lines: 87.1 cycles a request of 1,885 bytes, 21.6 per cycle).
    const s = new BurstShare(19.5, 32, 132, 66);
    const r = 2574 / 118.8;
    s.serve(0, r * 1000, 1.8);
    expect(s.rateAt(1000, 1.8)).toBeCloseTo(r, 6);
  });

  it("an SM alone still gets its port's peak", () => {
    expect(new BurstShare(19.5, 32, 132, 1).rateAt(0, 1.8)).toBe(32);
  });
});
