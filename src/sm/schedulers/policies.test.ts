import seedrandom from "seedrandom";
import { describe, expect, it } from "vitest";
import { GreedyThenOldest } from "./gto.js";
import { LooseRoundRobin } from "./lrr.js";
import { OldestFirst } from "./oldest.js";
import { OldestBlockGreedy } from "./oldest-block.js";
import { GreedyThenYoungest } from "./gty.js";
import { PolicyEvent } from "./policy.js";
import { RandomPolicy } from "./random.js";
import { TwoLevel } from "./two-level.js";

// Warp slots 0..7 with ages: slot 5 is the oldest, then 2, then 7, then the rest by slot.
const age = Float64Array.from([10, 11, 1, 12, 13, 0, 14, 2]);
const blockAge = new Float64Array(8);
const lastIssueCycle = new Float64Array(8).fill(-1);
const warps = { age, blockAge, lastIssueCycle };
const buf = (...slots: number[]) => Int32Array.from(slots);

describe("scheduler policies", () => {
  it("GTO keeps the last issuer while it is eligible, then takes the oldest", () => {
    const gto = new GreedyThenOldest(warps);
    expect(gto.pick(buf(0, 7, 2), 3)).toBe(2); // oldest
    expect(gto.pick(buf(5, 2, 0), 3)).toBe(2); // greedy: 2 is still eligible, though 5 is older
    expect(gto.pick(buf(0, 7), 2)).toBe(7); // 2 stalled: oldest of the rest
    expect(gto.pick(buf(7), 1)).toBe(7);
  });

  it("oldest-block stays on the last warp while it is eligible, else takes the oldest block's least recently issued warp", () => {
    const blocks = Float64Array.from([1, 1, 0, 1, 0, 2, 0, 1]);
    const issued = Float64Array.from([50, 40, 30, 20, 10, 0, 60, -1]);
    const policy = new OldestBlockGreedy({ age, blockAge: blocks, lastIssueCycle: issued });
    expect(policy.pick(buf(0, 2, 4, 6), 4)).toBe(4); // block 0: slot 4 issued longest ago (10)
    issued[4] = 70;
    expect(policy.pick(buf(0, 2, 4, 6), 4)).toBe(4); // greedy: 4 is still eligible
    expect(policy.pick(buf(0, 2, 6), 3)).toBe(2); // 4 stalled: 2 has waited longest (30)
    expect(policy.pick(buf(0, 1, 3, 7, 5), 5)).toBe(7); // no block-0 warp: block 1, 7 never issued
    expect(policy.pick(buf(7, 6), 2)).toBe(6); // an older block's warp takes over from greedy 7
    issued[3] = -1;
    issued[7] = -1;
    expect(policy.pick(buf(0, 3, 7), 3)).toBe(7); // tie at -1: 7 is older (age 2 < 12)
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

describe("stateful policies", () => {
  it("greedy-then-youngest keeps the last issuer while eligible, then takes the youngest", () => {
    const gty = new GreedyThenYoungest(warps);
    expect(gty.pick(buf(0, 7, 2), 3)).toBe(0); // youngest: age 10 (slot 0) > 2 (slot 7) > 1 (slot 2)
    expect(gty.pick(buf(6, 0), 2)).toBe(0); // greedy, though 6 (age 14) is younger
    expect(gty.pick(buf(6, 5), 2)).toBe(6);
  });

  it("two-level schedules its active set; a long stall swaps in the oldest pending warp", () => {
    // An active set of one, to follow by hand. Ages: slot 5 (0) < 2 (1) < 7 (2) < 0 (10).
    const two = new TwoLevel(warps, 8, 1);
    for (const w of [0, 2, 5]) two.notify(PolicyEvent.arrive, w);
    // Active {0} (first to arrive), pending [2, 5].
    expect(two.pick(buf(0, 2, 5), 3)).toBe(0);
    two.notify(PolicyEvent.longStall, 0); // 0 waits on memory: the oldest pending, 5, comes in
    expect(two.pick(buf(2, 5), 2)).toBe(5);
    expect(two.pick(buf(2), 1)).toBe(2); // no active warp eligible: 2 is promoted, 5 demoted
    two.notify(PolicyEvent.exit, 2); // 2 leaves: the oldest pending, 5, returns
    expect(two.pick(buf(0, 5), 2)).toBe(5);
  });
});

describe("pickMask (candidates as masks) picks what pick picks", () => {
  // Random states, each followed over a run of picks (the greedy policies remember their last
  // pick): up to 31 warps in random slots of 48, ranked by age as a scheduler ranks its resident
  // warps (src/sm/candidate-masks.ts), in blocks of consecutive ranks, with random last-issue
  // cycles (ties included); random eligible sets. Each policy with a pickMask runs as two
  // instances, one fed lists and one fed masks, and they must agree on every pick.
  const makers = {
    "oldest-block": (w: typeof warps) => new OldestBlockGreedy(w),
    gto: (w: typeof warps) => new GreedyThenOldest(w),
    gty: (w: typeof warps) => new GreedyThenYoungest(w),
    oldest: (w: typeof warps) => new OldestFirst(w),
  };
  for (const [name, make] of Object.entries(makers)) {
    it(`${name}: 2,000 random states`, () => {
      const rng = seedrandom(`pickMask-${name}`);
      const below = (n: number) => Math.floor(rng() * n);
      const shuffled = <T,>(xs: T[]): T[] => {
        for (let i = xs.length - 1; i > 0; i--) {
          const j = below(i + 1);
          [xs[i], xs[j]] = [xs[j], xs[i]];
        }
        return xs;
      };
      let picks = 0;
      for (let state = 0; state < 2000; state++) {
        const resident = 1 + below(31);
        const slots = shuffled(Array.from({ length: 48 }, (_, i) => i));
        const slotAt = Int32Array.from(slots.slice(0, resident));
        const ages = { age: new Float64Array(48), blockAge: new Float64Array(48), lastIssueCycle: new Float64Array(48) };
        const perBlock = 1 + below(8);
        slotAt.forEach((w, r) => {
          ages.age[w] = 100 + r;
          ages.blockAge[w] = Math.floor(r / perBlock);
          ages.lastIssueCycle[w] = below(6) - 1;
        });
        const rankOf = new Map(Array.from(slotAt, (w, r) => [w, r]));
        const bitOf = (w: number) => (rankOf.has(w) ? 1 << rankOf.get(w)! : 0);
        const byList = make(ages);
        const byMask = make(ages);
        for (let step = 0; step < 8; step++) {
          const eligible = (rng() * 2 ** 31) & ((2 ** resident - 1) | 0) || 1;
          const list = Int32Array.from(shuffled(Array.from(slotAt).filter((_, r) => (eligible & (1 << r)) !== 0)));
          const expected = byList.pick(list, list.length);
          expect(byMask.pickMask!(eligible, slotAt, bitOf), `state ${state} step ${step}`).toBe(expected);
          ages.lastIssueCycle[expected] = 10 + step;
          picks++;
        }
      }
      expect(picks).toBe(16000);
    });
  }
});
