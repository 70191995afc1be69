import { describe, expect, it } from "vitest";
import { GreedyThenOldest } from "./gto.js";
import { LooseRoundRobin } from "./lrr.js";
import { OldestFirst } from "./oldest.js";
import { OldestBlockLeastProgress } from "./oldest-block.js";
import { RandomPolicy } from "./random.js";

// Warp slots 0..7 with ages: slot 5 is the oldest, then 2, then 7, then the rest by slot.
const age = Float64Array.from([10, 11, 1, 12, 13, 0, 14, 2]);
const blockAge = new Float64Array(8);
const instructions = new Float64Array(8);
const warps = { age, blockAge, instructions };
const buf = (...slots: number[]) => Int32Array.from(slots);

describe("scheduler policies", () => {
  it("GTO keeps the last issuer while it is eligible, then takes the oldest", () => {
    const gto = new GreedyThenOldest(warps);
    expect(gto.pick(buf(0, 7, 2), 3)).toBe(2); // oldest
    expect(gto.pick(buf(5, 2, 0), 3)).toBe(2); // greedy: 2 is still eligible, though 5 is older
    expect(gto.pick(buf(0, 7), 2)).toBe(7); // 2 stalled: oldest of the rest
    expect(gto.pick(buf(7), 1)).toBe(7);
  });

  it("oldest-block takes the oldest block's warp with the fewest instructions, then the older warp", () => {
    const blocks = Float64Array.from([1, 1, 0, 1, 0, 2, 0, 1]);
    const done = Float64Array.from([50, 40, 30, 20, 10, 0, 60, 5]);
    const policy = new OldestBlockLeastProgress({ age, blockAge: blocks, instructions: done });
    expect(policy.pick(buf(0, 2, 4, 6), 4)).toBe(4); // block 0: slot 4 has issued least (10)
    expect(policy.pick(buf(0, 1, 3, 7, 5), 5)).toBe(7); // block 1 (5 is block 2, though it issued 0)
    done[3] = 5;
    expect(policy.pick(buf(0, 3, 7), 3)).toBe(7); // tie at 5: 7 is older (age 2 < 12)
  });

  it("oldest-first always takes the lowest age", () => {
    const oldest = new OldestFirst(warps);
    expect(oldest.pick(buf(0, 7, 2), 3)).toBe(2);
    expect(oldest.pick(buf(0, 7, 5), 3)).toBe(5);
  });

  it("LRR takes the next eligible slot after the last issuer, wrapping around", () => {
    const lrr = new LooseRoundRobin(8);
    expect(lrr.pick(buf(3, 1, 6), 3)).toBe(1);
    expect(lrr.pick(buf(3, 1, 6), 3)).toBe(3);
    expect(lrr.pick(buf(3, 1, 6), 3)).toBe(6);
    expect(lrr.pick(buf(3, 1, 6), 3)).toBe(1); // wrapped
    expect(lrr.pick(buf(0, 1), 2)).toBe(0); // skips the ineligible 2..7
  });

  it("random is reproducible from its seed and does not depend on candidate order", () => {
    const a = new RandomPolicy("s");
    const b = new RandomPolicy("s");
    const picks = Array.from({ length: 50 }, () => [a.pick(buf(1, 4, 6), 3), b.pick(buf(6, 1, 4), 3)]);
    for (const [x, y] of picks) expect(x).toBe(y);
    expect(new Set(picks.map(([x]) => x)).size).toBe(3);
  });
});
