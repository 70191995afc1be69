import { describe, expect, it } from "vitest";
import { sectorKey } from "../sm/memory/sector-key.js";
import { ProbeSectors } from "./probe-sectors.js";
import { BASE_SECTOR, warpAccesses } from "./accesses.testing.js";

const BASE = BASE_SECTOR;
const warp = warpAccesses;

// The probe: instruction 0 reads sectors 1, 2, 3; instruction 1 reads 3 and 4.
const mine = [new Set([1, 2, 3].map((s) => sectorKey(BASE + s))), new Set([3, 4].map((s) => sectorKey(BASE + s)))];

describe("ProbeSectors", () => {
  it("finds each probe sector another block reads once per probe instruction that reads it, by whatever instruction, however often", () => {
    const probe = new ProbeSectors(mine);
    const found: string[] = [];
    // The other block reads 3 twice (by instructions 0 and 1), 4 by instruction 0, and 9 (not the probe's).
    probe.forEachShared([warp([0, 3, 4, 9]), warp([1, 3])], (i, s) => found.push(`${i}:${s - sectorKey(BASE)}`));
    expect(found.sort()).toEqual(["0:3", "1:3", "1:4"]);
  });

  it("by the same instruction: a sector counts only where the other block's same instruction reads it", () => {
    const probe = new ProbeSectors(mine);
    const found: string[] = [];
    probe.forEachSharedBySameInstruction([warp([0, 3, 4, 2]), warp([0, 2], [1, 4])], (i, s) => found.push(`${i}:${s - sectorKey(BASE)}`));
    expect(found.sort()).toEqual(["0:2", "0:3", "1:4"]);
  });

  it("starts afresh for each block compared", () => {
    const probe = new ProbeSectors(mine);
    let n = 0;
    probe.forEachShared([warp([0, 1])], () => n++);
    probe.forEachShared([warp([0, 1])], () => n++);
    expect(n).toBe(2);
  });
});
