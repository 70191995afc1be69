import type { ArchSpec } from "../arch/arch-spec.js";
import type { WheelEventQueue } from "../engine/wheel-event-queue.js";
import type { Program } from "../program/program.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import type { BlockTable } from "./block-table.js";
import { BARRIERS_PER_BLOCK } from "./block-table.js";
import { PolicyEvent } from "./schedulers/policy.js";
import { SmEvent } from "./sm-events.js";
import type { BarrierUnit, Subpartition } from "./subpartition.js";
import type { WarpTable } from "./warp-table.js";

/** What the barriers work with: the SM's tables, its event queue and sub-partitions. */
export interface BarrierParts {
  readonly arch: ArchSpec;
  readonly program: Program;
  readonly warps: WarpTable;
  readonly blocks: BlockTable;
  readonly accounting: StateAccounting;
  readonly events: WheelEventQueue;
  readonly subpartitions: readonly Subpartition[];
}

/**
 * Block barriers (BAR.SYNC) on one SM (docs/timing.md). Every BAR passes through the SM's
 * barrier unit, one warp's BAR per `arch.barrier.arrivalCycles`; a barrier releases its warps
 * `releaseCycles` after the cycle after its last arrival. A plain BAR holds its warp at once; a
 * deferred one (`BAR.SYNC.DEFER_BLOCKING`) lets it go on with math, and holds it at its next
 * instruction that waits for barriers (Program.waitsForBarrier). [bar]
 * validation/microbench/barrier-probe, defer-probe, branch-probe.
 */
export class Barriers {
  private readonly arch: ArchSpec;
  private readonly program: Program;
  private readonly warps: WarpTable;
  private readonly blocks: BlockTable;
  private readonly accounting: StateAccounting;
  private readonly events: WheelEventQueue;
  private readonly subpartitions: readonly Subpartition[];

  constructor(
    /** The SM's barrier unit, which the sub-partitions check before issuing a BAR. */
    readonly unit: BarrierUnit,
    parts: BarrierParts,
  ) {
    this.arch = parts.arch;
    this.program = parts.program;
    this.warps = parts.warps;
    this.blocks = parts.blocks;
    this.accounting = parts.accounting;
    this.events = parts.events;
    this.subpartitions = parts.subpartitions;
  }

  /** A BAR that blocks: the warp, issued at `now`, waits in `barrier` for the release. */
  arriveAndWait(warp: number, now: number, sp: Subpartition): void {
    const { program, warps, blocks } = this;
    const pc = warps.pc[warp];
    const id = program.barrierId[pc];
    const block = warps.block[warp];
    warps.pc[warp] = pc + 1;
    warps.waitingAtBarrier[warp] = id;
    this.unit.freeAt = now + this.arch.barrier.arrivalCycles;
    sp.removeCandidate(warp);
    this.accounting.enter(warp, WarpState.barrier, now + 1);
    sp.notifyPolicy(PolicyEvent.barrier, warp);
    if (blocks.arrive(block, id, program.barrierWarps[pc])) this.release(block, id, now + 1 + this.arch.barrier.releaseCycles);
  }

  /**
   * A BAR that defers blocking: the warp arrives (through the barrier unit) and goes on issuing
   * past it; the barrier holds it back only at its next instruction that waits for barriers.
   * BAR.ARV (Program.barrierArrivesOnly) only arrives: it never holds its warp.
   */
  arriveDeferred(warp: number, now: number): void {
    const { program, warps } = this;
    const pc = warps.pc[warp];
    const id = program.barrierId[pc];
    if (program.barrierArrivesOnly[pc] === 1) {
      this.unit.freeAt = now + this.arch.barrier.arrivalCycles;
      if (this.blocks.arrive(warps.block[warp], id, program.barrierWarps[pc])) this.release(warps.block[warp], id, now + 1 + this.arch.barrier.releaseCycles);
      return;
    }
    warps.pendingBarrier[warp] = id;
    warps.pendingReleaseAt[warp] = -1;
    this.unit.freeAt = now + this.arch.barrier.arrivalCycles;
    if (this.blocks.arrive(warps.block[warp], id, program.barrierWarps[pc])) this.release(warps.block[warp], id, now + 1 + this.arch.barrier.releaseCycles);
  }

  /**
   * The warp's deferred barrier, at an instruction that must wait for it: true if the warp
   * waits (in `barrier`) until the release; false if it was released by `cycle`.
   */
  holdAtDeferred(warp: number, cycle: number): boolean {
    const { warps } = this;
    const releaseAt = warps.pendingReleaseAt[warp];
    if (releaseAt >= 0 && releaseAt <= cycle) {
      warps.pendingBarrier[warp] = -1;
      return false;
    }
    this.subpartitions[warps.subpartition[warp]].removeCandidate(warp);
    this.accounting.enter(warp, WarpState.barrier, cycle);
    if (releaseAt >= 0) {
      // Complete but not yet released: wait for the release, which is known.
      warps.pendingBarrier[warp] = -1;
      this.events.push(releaseAt, SmEvent.ready, warp);
    } else {
      // Not every warp has arrived: the release wakes it.
      warps.waitingAtBarrier[warp] = warps.pendingBarrier[warp];
    }
    return true;
  }

  /**
   * From `cycle` the warp waits on a fixed latency (`wait`). If its next instruction must wait
   * for a deferred barrier that is not released yet, ncu counts that as `barrier` ([bar]
   * branch-probe at 1 warp: the FFMA's 3 cycles of stall count before the ISETP show as wait,
   * 8 of the ISETP's 12 before the branch as barrier, up to the release); the release turns it
   * back into `wait` (SmEvent.unbar).
   */
  enterWait(warp: number, cycle: number): void {
    const { warps } = this;
    const releaseAt = warps.pendingReleaseAt[warp];
    if (warps.pendingBarrier[warp] < 0 || this.program.waitsForBarrier[warps.pc[warp]] === 0 || (releaseAt >= 0 && releaseAt <= cycle)) {
      this.accounting.enter(warp, WarpState.wait, cycle);
      return;
    }
    this.accounting.enter(warp, WarpState.barrier, cycle);
    warps.barrierShown[warp] = 1;
    if (releaseAt >= 0) this.events.push(releaseAt, SmEvent.unbar, warp);
  }

  /** The deferred barrier shown over the warp's stall count is released: it is in `wait` again. */
  unbar(warp: number, cycle: number): void {
    if (this.warps.barrierShown[warp] === 0) return;
    this.warps.barrierShown[warp] = 0;
    this.accounting.enter(warp, WarpState.wait, cycle);
  }

  /** A warp of `block` left the SM: barriers that wait for "all live warps" may now be complete. */
  warpLeft(block: number, cycle: number): void {
    for (let id = 0; id < BARRIERS_PER_BLOCK; id++) {
      if (this.blocks.isComplete(block, id)) this.release(block, id, cycle + this.arch.barrier.releaseCycles);
    }
  }

  /** Every warp of `block` waiting at barrier `id` may issue again from `cycle`. */
  private release(block: number, id: number, cycle: number): void {
    const { blocks, warps } = this;
    blocks.resetBarrier(block, id);
    const first = block * blocks.warpsPerBlock;
    for (let i = 0; i < blocks.warpsPerBlock; i++) {
      const w = blocks.warpSlots[first + i];
      if (warps.block[w] !== block) continue;
      if (warps.pendingBarrier[w] === id && warps.pendingReleaseAt[w] < 0) {
        // Arrived at this deferred barrier: released at `cycle`.
        warps.pendingReleaseAt[w] = cycle;
        if (warps.barrierShown[w] === 1) this.events.push(cycle, SmEvent.unbar, w);
        if (warps.waitingAtBarrier[w] === id) warps.pendingBarrier[w] = -1;
      }
      if (warps.waitingAtBarrier[w] === id) {
        warps.waitingAtBarrier[w] = -1;
        // The BAR's own stall count (pc has moved past it) may keep the warp longer.
        const stallEnd = warps.lastIssueCycle[w] + this.program.stallCycles[warps.pc[w] - 1];
        if (stallEnd > cycle) this.accounting.enter(w, WarpState.wait, cycle);
        this.events.push(Math.max(cycle, stallEnd), SmEvent.ready, w);
      }
    }
  }
}
