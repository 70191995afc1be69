import { CpAsyncGroups } from "./cp-async-groups.js";
import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";

/**
 * Per-warp-slot state as parallel typed arrays (struct of arrays), indexed by hardware warp
 * slot. A slot is reused when a new block arrives; `reset` clears what a new warp must not
 * inherit. The scoreboard and the state accounting keep their own per-slot arrays.
 */
export class WarpTable {
  readonly capacity: number;
  /** Next instruction to issue. */
  readonly pc: Int32Array;
  /** Resident block (index into BlockTable) the warp belongs to; -1 when the slot is free. */
  readonly block: Int32Array;
  /** Warp index inside its block. */
  readonly warpInBlock: Int32Array;
  readonly subpartition: Uint8Array;
  /** Launch order over the whole grid: lower is older (the scheduler's notion of age). */
  readonly age: Float64Array;
  /** Launch order of the warp's block (its grid index): warps of one block share it. */
  readonly blockAge: Float64Array;
  /** Cycle by which all of the warp's stores have completed (drain ends here). */
  readonly storesDoneAt: Float64Array;
  /** The warp's cp.async commit groups, for `cp.async.wait_group n` (cp-async-groups.ts). */
  readonly cpAsync: CpAsyncGroups;
  /** Barrier id the warp waits at, or -1. */
  readonly waitingAtBarrier: Int8Array;
  /** A deferred barrier (BAR.SYNC.DEFER_BLOCKING) the warp has arrived at and may still have to wait for, or -1. */
  readonly pendingBarrier: Int8Array;
  /** When that barrier releases the warp, once its last warp has arrived; -1 before. */
  readonly pendingReleaseAt: Float64Array;
  /** 1 while the warp's `barrier` state stands for a stall count under a pending deferred barrier (Barriers.enterWait). */
  readonly barrierShown: Uint8Array;
  /** Loop trip counters, loopSlots per warp. */
  readonly loopCount: Float64Array;
  /** Times each of those loops ended (its counter went back to 0), for the steady-state fast-forward. */
  readonly loopExits: Float64Array;
  readonly loopSlots: number;
  /** Cycle of the warp's last issue (-1 before its first). */
  readonly lastIssueCycle: Float64Array;
  /** The warp's last loop branch: its issue cycle, pc and whether it was taken (see BranchUnit.rewind). */
  readonly branchIssueCycle: Float64Array;
  readonly branchPc: Int32Array;
  readonly branchTaken: Uint8Array;

  constructor(capacity: number, loopSlots: number) {
    this.capacity = capacity;
    this.pc = new Int32Array(capacity);
    this.block = new Int32Array(capacity).fill(-1);
    this.warpInBlock = new Int32Array(capacity);
    this.subpartition = new Uint8Array(capacity);
    this.age = new Float64Array(capacity);
    this.blockAge = new Float64Array(capacity);
    this.storesDoneAt = new Float64Array(capacity);
    this.cpAsync = new CpAsyncGroups(capacity);
    this.waitingAtBarrier = new Int8Array(capacity).fill(-1);
    this.pendingBarrier = new Int8Array(capacity).fill(-1);
    this.pendingReleaseAt = new Float64Array(capacity).fill(-1);
    this.barrierShown = new Uint8Array(capacity);
    this.loopSlots = loopSlots;
    this.loopCount = new Float64Array(capacity * Math.max(1, loopSlots));
    this.loopExits = new Float64Array(capacity * Math.max(1, loopSlots));
    this.lastIssueCycle = new Float64Array(capacity);
    this.branchIssueCycle = new Float64Array(capacity);
    this.branchPc = new Int32Array(capacity);
    this.branchTaken = new Uint8Array(capacity);
  }

  /** Places a new warp in a free slot. */
  reset(warp: number, block: number, gridBlock: number, warpInBlock: number, subpartition: number, age: number): void {
    this.pc[warp] = 0;
    this.block[warp] = block;
    this.warpInBlock[warp] = warpInBlock;
    this.subpartition[warp] = subpartition;
    this.age[warp] = age;
    this.blockAge[warp] = gridBlock;
    this.storesDoneAt[warp] = 0;
    this.cpAsync.reset(warp);
    this.waitingAtBarrier[warp] = -1;
    this.pendingBarrier[warp] = -1;
    this.pendingReleaseAt[warp] = -1;
    this.barrierShown[warp] = 0;
    this.loopCount.fill(0, warp * this.loopSlots, (warp + 1) * this.loopSlots);
    this.loopExits.fill(0, warp * this.loopSlots, (warp + 1) * this.loopSlots);
    this.lastIssueCycle[warp] = -1;
  }

  /**
   * The warp's EXIT waits until `at` (drain): a store done then, or an atomic's reply, awaited
   * even when its value is not (`atomicAdd(&flag, 1)` as ATOMG to RZ: the H100's vote_fence drains).
   */
  awaitAtExit(warp: number, at: number): void {
    if (at > this.storesDoneAt[warp]) this.storesDoneAt[warp] = at;
  }

  /** Its fields for the steady-state fast-forward (loop counters are the SM's to register). */
  registerSteadyState(reg: SteadyStateRegistry): void {
    const live = (i: number) => this.block[i] >= 0;
    reg.same(this.pc);
    reg.same(this.block);
    reg.same(this.warpInBlock);
    reg.same(this.subpartition);
    reg.same(this.age);
    reg.same(this.blockAge);
    reg.readyAt(this.storesDoneAt);
    this.cpAsync.registerSteadyState(reg);
    reg.same(this.waitingAtBarrier);
    reg.same(this.pendingBarrier);
    reg.readyAt(this.pendingReleaseAt);
    reg.same(this.barrierShown);
    reg.happened(this.lastIssueCycle, live);
    reg.shiftOnly(this.branchIssueCycle, live);
    reg.same(this.branchPc);
    reg.same(this.branchTaken);
  }

  free(warp: number): void {
    this.block[warp] = -1;
  }

  isFree(warp: number): boolean {
    return this.block[warp] === -1;
  }
}
