import { describe, expect, it } from "vitest";
import { WheelEventQueue } from "../engine/wheel-event-queue.js";
import { BlockAdmission, freeWarpSlots } from "./block-admission.js";
import { BlockTable } from "./block-table.js";
import { Scoreboard } from "./scoreboard.js";
import { SmEvent } from "./sm-events.js";
import { WarpTable } from "./warp-table.js";

/** Admission over a grid of `gridBlocks` blocks of 2 warps, at most `limit` resident, 8 warp slots. */
function admission(gridBlocks: number, limit: number, launchIntervalCycles: number, dispatch?: { intervalCycles: number; turnaroundCycles: number }) {
  const warps = new WarpTable(8, 0);
  const blocks = new BlockTable(limit, 2);
  const events = new WheelEventQueue();
  const arrived: [number, number][] = [];
  const unit = new BlockAdmission({
    warps,
    blocks,
    scoreboard: new Scoreboard(8),
    events,
    gridBlocks,
    residentBlocksLimit: limit,
    warpsPerBlock: 2,
    subpartitions: 4,
    launchIntervalCycles,
    ...(dispatch !== undefined ? { dispatch } : {}),
    arrive: (warp, cycle) => arrived.push([warp, cycle]),
  });
  const launches = () => {
    const out: [number, number][] = [];
    while (events.peekCycle() < Infinity) {
      expect(events.peekKind()).toBe(SmEvent.arrive);
      out.push([events.peekArg(), events.peekCycle()]);
      events.pop();
    }
    return out;
  };
  return { unit, warps, blocks, arrived, launches };
}

describe("block admission", () => {
  it("admits grid blocks in order while they fit; their warps launch one after another", () => {
    const a = admission(5, 2, 3);
    a.unit.admit(0);
    // Blocks 0 and 1 (2 warps each): the first warp arrives at once, the others 3 cycles apart.
    expect(a.arrived).toEqual([[0, 0]]);
    expect(a.launches()).toEqual([
      [1, 3],
      [2, 6],
      [3, 9],
    ]);
    expect(Array.from(a.blocks.gridIndex)).toEqual([0, 1]);
    // Warp slot w sits on sub-partition w mod 4, in its block's order, with the grid's age.
    expect(Array.from(a.warps.subpartition.subarray(0, 4))).toEqual([0, 1, 2, 3]);
    expect(Array.from(a.warps.warpInBlock.subarray(0, 4))).toEqual([0, 1, 0, 1]);
    expect(Array.from(a.warps.age.subarray(0, 4))).toEqual([0, 1, 2, 3]);
  });

  it("runs a larger grid in waves: a block's last warp out lets the next block in, in that cycle", () => {
    const a = admission(3, 2, 0);
    a.unit.admit(0);
    a.warps.free(1); // the SM frees a warp's slot before it tells admission
    expect(a.unit.warpLeft(0, 50)).toBe(false); // block 0 still has a warp
    a.warps.free(0);
    expect(a.unit.warpLeft(0, 60)).toBe(true); // its last: grid block 2 takes its block slot and warp slots
    expect(Array.from(a.blocks.gridIndex)).toEqual([2, 1]);
    expect(a.arrived.slice(-2)).toEqual([
      [0, 60],
      [1, 60],
    ]);
  });

  it("through a block dispatcher: a freed slot's turnaround, then one block per interval", () => {
    // 145 cycles between replacing blocks, 300 from a block's exit to the next block's first warp; warps 3 apart.
    const a = admission(4, 2, 3, { intervalCycles: 145, turnaroundCycles: 300 });
    a.unit.admit(0);
    // The first wave comes as its warps launch: block 0's warps at 0 and 3, block 1's at 6 and 9.
    expect(a.arrived).toEqual([[0, 0]]);
    expect(a.launches()).toEqual([
      [1, 3],
      [2, 6],
      [3, 9],
    ]);
    // Block 0 leaves at 1,000: grid block 2 comes at 1,300 (the turnaround).
    a.warps.free(0);
    a.warps.free(1);
    a.unit.warpLeft(0, 999);
    expect(a.unit.warpLeft(0, 1000)).toBe(true);
    // Block 1 leaves at 1,010: grid block 3 would come at 1,310, but the dispatcher's next is 1,300 + 145.
    a.warps.free(2);
    a.warps.free(3);
    a.unit.warpLeft(1, 1009);
    expect(a.unit.warpLeft(1, 1010)).toBe(true);
    expect(a.launches()).toEqual([
      [0, 1300],
      [1, 1303],
      [2, 1445],
      [3, 1448],
    ]);
  });

  it("is finished once every grid block was admitted and every warp has left", () => {
    const a = admission(1, 1, 0);
    a.unit.admit(0);
    expect(a.unit.finished).toBe(false);
    a.unit.warpLeft(0, 10);
    expect(a.unit.finished).toBe(false);
    a.unit.warpLeft(0, 11);
    expect(a.unit.finished).toBe(true);
  });
});

describe("free warp slots for a block", () => {
  it("the lowest run of contiguous free slots, else the lowest free ones", () => {
    const warps = new WarpTable(6, 0);
    for (const w of [0, 2, 3]) warps.reset(w, 0, 0, 0, 0, 0);
    expect(freeWarpSlots(warps, 2)).toEqual([4, 5]);
    expect(freeWarpSlots(warps, 1)).toEqual([1]);
    expect(freeWarpSlots(warps, 3)).toEqual([1, 4, 5]);
  });
});
