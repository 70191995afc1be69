import { describe, expect, it } from "vitest";
import { WarpTable } from "./warp-table.js";

describe("the warp table", () => {
  it("slots start free, are taken by reset and freed by free", () => {
    const t = new WarpTable(4, 1);
    expect(t.isFree(2)).toBe(true);
    t.reset(2, 0, 5, 1, 2, 9);
    expect(t.isFree(2)).toBe(false);
    expect([t.block[2], t.blockAge[2], t.warpInBlock[2], t.subpartition[2], t.age[2]]).toEqual([0, 5, 1, 2, 9]);
    t.free(2);
    expect(t.isFree(2)).toBe(true);
  });

  it("a reused slot inherits nothing of its last warp: pc, barriers, stores, loop counters, last issue", () => {
    const t = new WarpTable(2, 2);
    t.reset(1, 0, 0, 0, 1, 0);
    t.pc[1] = 12;
    t.waitingAtBarrier[1] = 3;
    t.pendingBarrier[1] = 1;
    t.pendingReleaseAt[1] = 40;
    t.storesDoneAt[1] = 900;
    t.loopCount[1 * 2 + 1] = 7;
    t.loopExits[1 * 2] = 2;
    t.lastIssueCycle[1] = 88;
    t.free(1);
    t.reset(1, 1, 1, 0, 1, 1);
    expect([t.pc[1], t.waitingAtBarrier[1], t.pendingBarrier[1], t.pendingReleaseAt[1], t.storesDoneAt[1], t.lastIssueCycle[1]]).toEqual([0, -1, -1, -1, 0, -1]);
    expect(Array.from(t.loopCount.subarray(2, 4))).toEqual([0, 0]);
    expect(Array.from(t.loopExits.subarray(2, 4))).toEqual([0, 0]);
  });

  it("resetting one warp leaves its neighbours' loop counters alone", () => {
    const t = new WarpTable(2, 2);
    t.loopCount.set([1, 2, 3, 4]);
    t.reset(0, 0, 0, 0, 0, 0);
    expect(Array.from(t.loopCount)).toEqual([0, 0, 3, 4]);
  });
});
