import { describe, expect, it } from "vitest";
import { PRESETS } from "../arch/presets/index.js";
import { WheelEventQueue } from "../engine/wheel-event-queue.js";
import { noHooks } from "../stats/hooks.js";
import { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import { programOf } from "../../test/sm-harness.js";
import { Barriers } from "./barriers.js";
import { BlockTable } from "./block-table.js";
import { BranchUnit } from "./branch-unit.js";
import type { Subpartition } from "./subpartition.js";
import { WarpTable } from "./warp-table.js";

const arch = PRESETS.sm_90;

/** A loop of 3 trips around one FFMA (pc 0; its branch at pc 1), two warps of one block. */
function unit() {
  const program = programOf(".loop 3\nFFMA R1, R2, R3, R4\n.endloop\nEXIT");
  const warps = new WarpTable(2, program.loopSlots);
  const accounting = new StateAccounting(2, 4, noHooks());
  const events = new WheelEventQueue();
  const barriers = new Barriers({ freeAt: 0 }, { arch, program, warps, blocks: new BlockTable(1, 2), accounting, events, subpartitions: [] });
  for (const w of [0, 1]) {
    warps.reset(w, 0, 0, w, w, w);
    accounting.start(w, w, WarpState.selected, 0);
  }
  const branches = new BranchUnit({ arch, program, warps, accounting, events, barriers, steady: undefined });
  const sp = { removeCandidate: () => {} } as unknown as Subpartition;
  return { program, warps, accounting, events, branches, sp };
}

describe("the branch unit", () => {
  it("a loop's back-edge is taken until the warp has run its trips, then falls through and the counter restarts", () => {
    const u = unit();
    const pcs: number[] = [];
    for (let trip = 0; trip < 3; trip++) {
      u.warps.pc[0] = 1;
      u.branches.issue(0, 100 * trip, u.sp);
      pcs.push(u.warps.pc[0]);
    }
    expect(pcs).toEqual([0, 0, 2]);
    expect(u.warps.loopCount[0]).toBe(0);
    expect(u.warps.loopExits[0]).toBe(1);
  });

  it("books a taken branch's phases ahead (no stall counts: wait to 6, resolving to 9, refetch to 11) and wakes the warp at 11", () => {
    const u = unit();
    u.warps.pc[0] = 1;
    expect(u.branches.issue(0, 0, u.sp)).toBe(false);
    expect(u.events.peekCycle()).toBe(11);
    expect(u.accounting.state[0]).toBe(WarpState.no_instruction);
    expect(u.accounting.since[0]).toBe(9);
  });

  it("a run that stops inside those phases takes back what was booked past the stop", () => {
    const u = unit();
    u.warps.pc[0] = 1;
    u.branches.issue(0, 0, u.sp);
    u.branches.rewind(0, 7);
    u.accounting.stop(0, 7, false);
    const cycles = (s: WarpState) => u.accounting.warpCycles[s];
    // selected 0-1, wait 1-6, branch_resolving 6-7 (of 6-9): 7 cycles in all.
    expect([cycles(WarpState.selected), cycles(WarpState.wait), cycles(WarpState.branch_resolving), cycles(WarpState.no_instruction)]).toEqual([1, 5, 1, 0]);
  });

  it("a jump taken a share f of the time is taken exactly f of each warp's executions, spread evenly", () => {
    const u = unit();
    u.program.takenFraction[2] = 0.25; // pretend the EXIT is guarded and taken a quarter of the time
    u.program.loopSlot[2] = 0;
    const taken = (w: number) => Array.from({ length: 100 }, () => u.branches.jumpTaken(w, 2));
    const a = taken(0);
    expect(a.filter(Boolean).length).toBe(25);
    for (let k = 0; k + 4 <= 100; k += 4) expect(a.slice(k, k + 4).filter(Boolean).length).toBe(1);
    // Warp 1 has a phase of its own: the warps of a block do not all take it together.
    expect(taken(1)).not.toEqual(a);
  });

  it("a share of 1 or 0 needs no counter", () => {
    const u = unit();
    expect(u.branches.jumpTaken(0, 2)).toBe(true); // EXIT: takenFraction 1
    u.program.takenFraction[2] = 0;
    expect(u.branches.jumpTaken(0, 2)).toBe(false);
    expect(u.warps.loopCount[0]).toBe(0);
  });
});
