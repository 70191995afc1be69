import { describe, expect, it } from "vitest";
import { StoreMerge } from "./store-merge.js";

describe("a warp's back-to-back stores into the same sectors merge", () => {
  const sectors = (...s: number[]) => Float64Array.from(s);

  it("a float3 store's three requests send their 12 sectors once while the first still waits", () => {
    // normalize3: x, y and z each touch the same 12 sectors (a warp's 384 bytes).
    const m = new StoreMerge(4);
    const twelve = sectors(...Array.from({ length: 12 }, (_, i) => 100 + i));
    expect(m.newSectors(0, 10, twelve, 0, 12)).toBe(12);
    m.queued(0, 50); // the write rate holds it until cycle 50
    expect(m.newSectors(0, 14, twelve, 0, 12)).toBe(0);
    m.queued(0, 50);
    expect(m.newSectors(0, 18, twelve, 0, 12)).toBe(0);
  });

  it("only the sectors not carried, only within the warp, only while queued", () => {
    const m = new StoreMerge(4);
    expect(m.newSectors(1, 0, sectors(1, 2, 3, 4), 0, 4)).toBe(4);
    m.queued(1, 100);
    expect(m.newSectors(2, 5, sectors(1, 2, 3, 4), 0, 4)).toBe(4); // another warp: transpose_naive's neighbours
    m.queued(2, 100);
    expect(m.newSectors(1, 6, sectors(3, 4, 5, 6), 0, 4)).toBe(2); // sectors 5 and 6 are new
    m.queued(1, 100);
    expect(m.newSectors(1, 100, sectors(5, 6), 0, 2)).toBe(2); // the previous one has left
  });

  it("a store of 32 sectors does not merge: inv4x4's sixteen stores into one lane's 64 bytes each send all 32 (the H100 counts 1.41 L2 writes per L1 sector)", () => {
    const m = new StoreMerge(4);
    const wide = sectors(...Array.from({ length: 32 }, (_, i) => 2 * i));
    expect(m.newSectors(0, 10, wide, 0, 32)).toBe(32);
    m.queued(0, 500);
    expect(m.newSectors(0, 12, wide, 0, 32)).toBe(32);
    // Nor does a narrow store merge into it.
    m.queued(0, 500);
    expect(m.newSectors(0, 14, sectors(0, 2), 0, 2)).toBe(2);
  });
});
