import { describe, expect, it } from "vitest";
import { BASE_SECTOR, warpAccesses } from "./accesses.testing.js";
import { SampledPairs } from "./sampled-pairs.js";

const BASE = BASE_SECTOR;
const warp = warpAccesses;

describe("SampledPairs", () => {
  it("counts, per instruction, the sectors each new block shares with every block before it, each once however often read", () => {
    const pairs = new SampledPairs(2);
    const shared = new Float64Array(2);
    // Block 10: instruction 0 reads 1, 2 (2 twice); instruction 1 reads 5.
    expect(pairs.add(10, [warp([0, 1, 2]), warp([0, 2], [1, 5])], new Set(), shared)).toBe(0);
    expect([...shared]).toEqual([0, 0]);
    // Block 20 shares 2 (by instruction 0) and 5 (by instruction 1) with block 10; 1 read by instruction 1 is another key.
    expect(pairs.add(20, [warp([0, 2, 3], [1, 5, 1])], new Set(), shared)).toBe(1);
    expect([...shared]).toEqual([1, 1]);
    // Block 30 reads 2 and 3 by instruction 0: 2 with both earlier blocks, 3 with block 20.
    expect(pairs.add(30, [warp([0, 2, 3])], new Set(), shared)).toBe(2);
    expect([...shared]).toEqual([4, 1]);
  });

  it("leaves out the pairs with a neighbour (their halo is counted apart): its shared sectors and the pair itself", () => {
    const pairs = new SampledPairs(1);
    const shared = new Float64Array(1);
    pairs.add(10, [warp([0, 1, 2])], new Set(), shared);
    pairs.add(11, [warp([0, 2, 7])], new Set(), shared);
    expect([...shared]).toEqual([1]);
    // Block 12 is block 11's neighbour: it shares 2 with 10 (counted) and 2, 7 with 11 (not).
    shared.fill(0);
    expect(pairs.add(12, [warp([0, 2, 7])], new Set([11]), shared)).toBe(1);
    expect([...shared]).toEqual([1]);
  });
});
