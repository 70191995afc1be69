import { describe, expect, it } from "vitest";
import { BlockTable } from "./block-table.js";

describe("the block table", () => {
  it("gives the lowest free block slot, and none when every slot holds a block", () => {
    const t = new BlockTable(2, 4);
    expect(t.allocate(7)).toBe(0);
    expect(t.allocate(8)).toBe(1);
    expect(t.allocate(9)).toBe(-1);
    expect(t.residentBlocks).toBe(2);
    t.release(0);
    expect(t.residentBlocks).toBe(1);
    expect(t.allocate(9)).toBe(0);
    expect(Array.from(t.gridIndex)).toEqual([9, 8]);
  });

  it("a new block starts with all its warps live", () => {
    const t = new BlockTable(1, 4);
    t.allocate(0);
    expect(t.liveWarps[0]).toBe(4);
  });

  it("a barrier for all live warps completes when the last live warp arrives", () => {
    const t = new BlockTable(1, 3);
    t.allocate(0);
    expect(t.arrive(0, 0, 0)).toBe(false);
    expect(t.arrive(0, 0, 0)).toBe(false);
    expect(t.arrive(0, 0, 0)).toBe(true);
  });

  it("a barrier waiting for all live warps completes early when a warp exits instead", () => {
    const t = new BlockTable(1, 3);
    t.allocate(0);
    t.arrive(0, 1, 0);
    t.arrive(0, 1, 0);
    expect(t.isComplete(0, 1)).toBe(false);
    t.liveWarps[0]--; // the third warp exits without arriving
    expect(t.isComplete(0, 1)).toBe(true);
  });

  it("a barrier with a warp count (BAR.SYNC id, threads) waits for that many; a reset starts it over", () => {
    const t = new BlockTable(1, 4);
    t.allocate(0);
    expect(t.arrive(0, 2, 2)).toBe(false);
    expect(t.arrive(0, 2, 2)).toBe(true);
    t.resetBarrier(0, 2);
    expect(t.isComplete(0, 2)).toBe(false);
  });
});
