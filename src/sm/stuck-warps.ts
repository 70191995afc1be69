import type { Program } from "../program/program.js";
import type { StuckWarp } from "../stats/outcome.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WARP_STATE_NAMES } from "../stats/warp-state.js";
import type { BlockTable } from "./block-table.js";
import type { BranchUnit } from "./branch-unit.js";
import type { Subpartition } from "./subpartition.js";
import type { WarpTable } from "./warp-table.js";

/**
 * What each warp still on the SM was doing when a run stopped early (deadlock, cycle limit,
 * Ctrl-C): its place, the instruction it was at and its state, for the report
 * (report/incomplete.ts). A warp at a BAR has moved past it, so the report names the BAR; one
 * held back by a deferred barrier waits at the instruction it has not issued. Read before the
 * accounting is closed, so the states are the ones the warps were in.
 */
export function stuckWarps(program: Program, warps: WarpTable, blocks: BlockTable, accounting: StateAccounting, waits?: { describeWait(warp: number): string | undefined }): StuckWarp[] {
  const stuck: StuckWarp[] = [];
  for (let w = 0; w < warps.capacity; w++) {
    if (warps.isFree(w) || !accounting.isActive(w)) continue;
    const atBar = warps.pendingBarrier[w] < 0 && warps.waitingAtBarrier[w] >= 0;
    const pc = atBar ? warps.pc[w] - 1 : warps.pc[w];
    const waitingFor = waits?.describeWait(w);
    stuck.push({
      warpSlot: w,
      block: blocks.gridIndex[warps.block[w]],
      warpInBlock: warps.warpInBlock[w],
      subpartition: warps.subpartition[w],
      pc,
      line: program.line[pc] ?? 0,
      instruction: program.textAt(pc),
      state: WARP_STATE_NAMES[accounting.state[w]],
      ...(waitingFor !== undefined ? { waitingFor } : {}),
    });
  }
  return stuck;
}

/**
 * A run stops at `cycle` with warps still on the SM: reports them (stuckWarps), then closes every
 * state there. A branch's phases booked past `cycle` are taken back first (BranchUnit.rewind),
 * so the warp states still sum to the active warp-cycles.
 */
export function stopWarps(
  program: Program,
  warps: WarpTable,
  blocks: BlockTable,
  accounting: StateAccounting,
  subpartitions: readonly Subpartition[],
  branches: BranchUnit,
  cycle: number,
  waits?: { describeWait(warp: number): string | undefined },
): StuckWarp[] {
  for (const sp of subpartitions) sp.candidates.detachAll();
  const stuck = stuckWarps(program, warps, blocks, accounting, waits);
  for (let w = 0; w < warps.capacity; w++) {
    if (warps.isFree(w) || !accounting.isActive(w)) continue;
    if (accounting.since[w] > cycle) branches.rewind(w, cycle);
    accounting.stop(w, cycle, false);
  }
  for (const sp of subpartitions) sp.counters.active.close(cycle);
  return stuck;
}
