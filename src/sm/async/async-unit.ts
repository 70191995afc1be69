import { type ArchSpec, Pipe } from "../../arch/arch-spec.js";
import type { WheelEventQueue } from "../../engine/wheel-event-queue.js";
import type { Program } from "../../program/program.js";
import type { StateAccounting } from "../../stats/state-accounting.js";
import { WarpState } from "../../stats/warp-state.js";
import type { MemoryPaths } from "../memory/memory-paths.js";
import type { Scoreboard } from "../scoreboard.js";
import { SmEvent } from "../sm-events.js";
import type { Subpartition } from "../subpartition.js";
import type { WarpPaths } from "../warp-paths.js";
import type { WarpTable } from "../warp-table.js";
import type { BlockTable } from "../block-table.js";
import { ASYNC_BARRIER_OP, ASYNC_BARRIER_WAIT, ASYNC_COPY, ASYNC_MMA, ASYNC_MMA_WAIT, ASYNC_REGISTERS, ASYNC_STORE, ASYNC_STORE_COMMIT, ASYNC_STORE_WAIT, AsyncTable } from "./async-table.js";
import { BulkStores } from "./bulk-stores.js";
import { MBarriers } from "./mbarriers.js";
import { RegisterPool } from "./register-pool.js";
import { SYNC_ARRIVE, SYNC_COPY, SYNC_EXPECT_TX, SYNC_INIT, SYNC_REG_ALLOC, SYNC_STORE, SYNC_WAIT } from "./sync-ops.js";
import { WarpgroupMma } from "./warpgroup-mma.js";

/** AsyncUnit.issue: the SM goes on as for any instruction of its kind. */
export const ASYNC_GO_ON = 0;
/** The unit timed it: the instruction writes no results the scoreboard tracks; the SM goes on from there (read barrier, pc, stall count). */
export const ASYNC_NO_RESULTS = 1;
/** The unit took the warp (it waits on an mbarrier phase or its MMA groups): the SM leaves it. */
export const ASYNC_TOOK_WARP = 2;

/** What the unit needs of the SM's other parts. */
export interface AsyncUnitParts {
  readonly arch: ArchSpec;
  readonly program: Program;
  readonly warps: WarpTable;
  readonly blocks: BlockTable;
  readonly scoreboard: Scoreboard;
  readonly accounting: StateAccounting;
  readonly events: WheelEventQueue;
  readonly memory: MemoryPaths;
  readonly paths: WarpPaths | undefined;
  /** The SM's wake: from `cycle` the warp wants to issue again. */
  readonly wake: (warp: number, cycle: number) => void;
  /** The launch's registers per thread (the blocks' pools for setmaxnreg); absent: setmaxnreg is not held back. */
  readonly registersPerThread?: number;
}

/**
 * Hopper's asynchronous machinery on one SM (docs/async.md): warpgroup MMAs and their commit
 * groups (warpgroup-mma.ts), and, when warps follow their own executed paths (which know the
 * operands), mbarriers (mbarriers.ts) and the TMA / bulk copies that complete them. Without
 * paths the SYNCS and copies issue as the plain shared-memory and global operations they are
 * declared as (program/opcodes.ts).
 */
export class AsyncUnit {
  readonly table: AsyncTable;
  readonly mma: WarpgroupMma;
  readonly stores: BulkStores;
  private readonly barriers: MBarriers | undefined;
  private readonly registers: RegisterPool | undefined;
  /** Per block slot: the grid block whose registers the pool holds (a new block starts an empty pool). */
  private readonly poolBlock: Int32Array;
  /** Per warp slot: 1 once the warp's registers are in its block's pool. */
  private readonly inPool: Uint8Array;
  /** The cycle of the issue in hand (a release may grant a waiting warp then). */
  private now = 0;
  private readonly copyOverhead: number;
  private readonly copyEngineRate: number;
  private readonly l2HitCycles: number;
  /** When the SM's copy engine has streamed every copy so far. */
  private engineFreeAt = 0;
  /** Copies in flight, by the index their landing event carries: block slot, mbarrier, bytes. */
  private readonly copyBlock: number[] = [];
  private readonly copyAddress: number[] = [];
  private readonly copyBytes: number[] = [];
  private readonly freeCopies: number[] = [];
  /** Per warp slot: the pc of the mbarrier wait it is suspended at. */
  private readonly waitPc: Int32Array;

  constructor(private readonly parts: AsyncUnitParts) {
    const { arch, program, warps, paths } = parts;
    const units = arch.asyncUnits!;
    this.table = new AsyncTable(program);
    this.mma = new WarpgroupMma(arch.subpartitionsPerSm, warps.capacity, units.hgmmaCyclesPerN, units.hgmmaLatencyCycles, units.hgmmaOperandBytesPerCycle);
    this.stores = new BulkStores(warps.capacity, units.storeEngineBytesPerCycle, units.storeAckCycles, units.tmaStoreFasterCycles, units.storeDramBytesPerCycle, arch.memoryLevels.dramCycles, parts.memory.addressed?.writeBackShare ?? 1);
    this.copyOverhead = units.copyOverheadCycles;
    this.copyEngineRate = units.copyEngineBytesPerCycle;
    this.l2HitCycles = arch.memoryLevels.l2HitCycles;
    this.waitPc = new Int32Array(warps.capacity).fill(-1);
    this.poolBlock = new Int32Array(parts.blocks.capacity).fill(-1);
    this.inPool = new Uint8Array(warps.capacity);
    if (paths !== undefined) {
      this.barriers = new MBarriers(warps.capacity, (warp, cycle) => this.resume(warp, cycle));
      if (parts.registersPerThread !== undefined) {
        const perThread = Math.ceil((parts.registersPerThread * arch.warpSize) / arch.registerAllocationUnit) * (arch.registerAllocationUnit / arch.warpSize);
        this.registers = new RegisterPool(parts.blocks.capacity, warps.capacity, perThread, (warp) => this.resume(warp, this.now + 1));
      }
      // A copy's sectors come from L2 or DRAM straight into shared memory, a bulk store's leave from it, not through the LSU's data pipe.
      for (let pc = 0; pc < program.length; pc++) if (this.table.kind[pc] === ASYNC_COPY || this.table.kind[pc] === ASYNC_STORE) parts.memory.bypassDataPipe[pc] = 1;
    }
  }

  /** The unit for a program and architecture that need one, else undefined (no cost on the common path). */
  static maybe(parts: AsyncUnitParts): AsyncUnit | undefined {
    if (parts.arch.asyncUnits === undefined) return undefined;
    const unit = new AsyncUnit(parts);
    return unit.table.any ? unit : undefined;
  }

  /**
   * The warp issues the asynchronous instruction at `pc` at `now` (taken by its path at
   * `start`); its path has advanced (WarpPaths.nextPc). Returns ASYNC_GO_ON, ASYNC_NO_RESULTS
   * or ASYNC_TOOK_WARP.
   */
  issue(warp: number, pc: number, now: number, sp: Subpartition, start: number): number {
    const { table, parts } = this;
    switch (table.kind[pc]) {
      case ASYNC_MMA: {
        this.mma.issue(warp, sp.index, table.value[pc], table.commits[pc] === 1, now, table.operandBytes[pc]);
        // The tensor pipe is busy while the core computes the HGMMA, not only for its issue (the report's "tensor").
        const hold = table.value[pc] * parts.arch.asyncUnits!.hgmmaCyclesPerN;
        sp.counters.pipeBusyCycles[Pipe.tensor] += Math.max(0, hold - parts.program.issueCycles[pc]);
        return ASYNC_NO_RESULTS;
      }
      case ASYNC_MMA_WAIT: {
        const ready = this.mma.waitUntil(warp, table.value[pc]);
        if (ready <= now + 1) return ASYNC_GO_ON;
        // Measured: with the tensor cores the bound (gemm_ws BN = 256), ncu shows the warps in `barrier`.
        this.suspend(warp, sp, now, WarpState.barrier);
        parts.events.push(ready, SmEvent.ready, warp);
        return ASYNC_TOOK_WARP;
      }
      case ASYNC_COPY:
        return this.copy(warp, pc, now, start);
      case ASYNC_STORE:
        return this.store(warp, now, table.value[pc] === 1);
      case ASYNC_STORE_COMMIT:
        this.stores.groups.commit(warp);
        return ASYNC_GO_ON;
      case ASYNC_STORE_WAIT: {
        const ready = this.stores.groups.waitUntil(warp, table.value[pc]);
        if (ready <= now + 1) return ASYNC_GO_ON;
        this.suspend(warp, sp, now, WarpState.long_scoreboard);
        parts.events.push(ready, SmEvent.ready, warp);
        return ASYNC_TOOK_WARP;
      }
      case ASYNC_BARRIER_OP:
      case ASYNC_BARRIER_WAIT:
        return this.barrierOp(warp, pc, now, sp);
      case ASYNC_REGISTERS:
        return this.setMaxRegisters(warp, pc, now, sp);
    }
    return ASYNC_GO_ON;
  }

  /** A copy landed (SmEvent.copyLanded): its bytes complete its mbarrier's transaction. */
  copyLanded(copy: number, now: number): void {
    this.barriers!.completeTx(this.copyBlock[copy], this.copyAddress[copy], this.copyBytes[copy], now);
    this.freeCopies.push(copy);
  }

  /** The warp in `warp`'s slot left: nothing of it stays pending. */
  warpLeft(warp: number): void {
    this.mma.reset(warp);
    this.stores.groups.reset(warp);
    this.waitPc[warp] = -1;
    this.inPool[warp] = 0;
  }

  /** What a warp that could not finish waits for (an mbarrier phase, registers), for the stuck-warp report. */
  describeWait(warp: number): string | undefined {
    return this.barriers?.describe(warp) ?? this.registers?.describe(warp);
  }

  /** USETMAXREG: the warp gives registers back to its block's pool, or takes some (waiting, in `misc`, until they are there). */
  private setMaxRegisters(warp: number, pc: number, now: number, sp: Subpartition): number {
    const { registers, parts } = this;
    const i = registers === undefined ? -1 : parts.paths!.sync(warp);
    if (i < 0) return ASYNC_GO_ON;
    const s = parts.paths!.syncsOf(warp);
    const slot = parts.warps.block[warp];
    if (this.inPool[warp] === 0) {
      const grid = parts.blocks.gridIndex[slot];
      registers!.arrive(warp, slot, this.poolBlock[slot] !== grid);
      this.poolBlock[slot] = grid;
      this.inPool[warp] = 1;
    }
    this.now = now;
    if (s.op[i] !== SYNC_REG_ALLOC) {
      registers!.release(warp, s.value[i]);
      return ASYNC_GO_ON;
    }
    if (registers!.take(warp, s.value[i])) return ASYNC_GO_ON;
    this.waitPc[warp] = pc;
    this.suspend(warp, sp, now, WarpState.misc);
    return ASYNC_TOOK_WARP;
  }

  private barrierOp(warp: number, pc: number, now: number, sp: Subpartition): number {
    const { barriers, parts } = this;
    const i = barriers === undefined ? -1 : parts.paths!.sync(warp);
    if (i < 0) return ASYNC_GO_ON;
    const s = parts.paths!.syncsOf(warp);
    const block = parts.warps.block[warp];
    const op = s.op[i];
    const address = s.address[i];
    if (op === SYNC_INIT) barriers!.init(block, address, s.value[i]);
    else if (op === SYNC_ARRIVE) barriers!.arrive(block, address, s.value[i], now);
    else if (op === SYNC_EXPECT_TX) barriers!.expectTx(block, address, s.value[i]);
    else if (op === SYNC_WAIT && !barriers!.wait(block, address, s.value[i], warp)) {
      // try_wait suspends the warp; the predicate it sets is what the next instruction waits
      // for, so ncu shows the wait as long_scoreboard (validation/async: the consumers of the
      // two-stage configurations, 18-22 cycles per issue).
      this.waitPc[warp] = pc;
      this.suspend(warp, sp, now, WarpState.long_scoreboard);
      return ASYNC_TOOK_WARP;
    }
    return ASYNC_GO_ON;
  }

  private copy(warp: number, pc: number, now: number, start: number): number {
    const { barriers, parts } = this;
    const i = barriers === undefined ? -1 : parts.paths!.sync(warp);
    if (i < 0) return ASYNC_GO_ON;
    const s = parts.paths!.syncsOf(warp);
    if (s.op[i] !== SYNC_COPY) return ASYNC_GO_ON;
    // The copy's sectors through the memory model, and its bytes through the SM's copy engine in
    // turn: it lands when both are done (an 8 KiB copy alone: 88 cycles of streaming after the L2).
    const streamed = Math.max(start, this.engineFreeAt) + Math.max(0, s.value[i]) / this.copyEngineRate;
    this.engineFreeAt = streamed;
    const landed = Math.ceil(Math.max(parts.memory.resultAt(pc, now, start, warp), streamed + this.l2HitCycles)) + this.copyOverhead;
    const counters = parts.memory.addressed?.counters;
    if (counters !== undefined) counters.copyLatencyCycles += landed - now;
    const c = this.freeCopies.length > 0 ? this.freeCopies.pop()! : this.copyBlock.length;
    this.copyBlock[c] = parts.warps.block[warp];
    this.copyAddress[c] = s.address[i];
    this.copyBytes[c] = s.value[i];
    parts.events.push(landed, SmEvent.copyLanded, c);
    return ASYNC_NO_RESULTS;
  }

  /** A bulk store (bulk-stores.ts) whose bytes the warp's path knows; else it issues as declared. */
  private store(warp: number, now: number, tma: boolean): number {
    const { paths } = this.parts;
    const i = paths === undefined ? -1 : paths.sync(warp);
    if (i < 0) return ASYNC_GO_ON;
    const s = paths!.syncsOf(warp);
    if (s.op[i] !== SYNC_STORE) return ASYNC_GO_ON;
    this.stores.store(warp, s.value[i], now, tma);
    return ASYNC_NO_RESULTS;
  }

  /** The warp stops issuing at `now` in `state`, its pc past the instruction; an event or resume brings it back. */
  private suspend(warp: number, sp: Subpartition, now: number, state: WarpState): void {
    const { parts } = this;
    parts.warps.pc[warp] = parts.paths === undefined ? parts.warps.pc[warp] + 1 : parts.paths.nextPc[warp];
    sp.removeCandidate(warp);
    parts.accounting.enter(warp, state, now + 1);
  }

  /** The phase a suspended warp waited for completed at `cycle`: its predicate is ready after the wait's latency. */
  private resume(warp: number, cycle: number): void {
    const { parts } = this;
    const pc = this.waitPc[warp];
    this.waitPc[warp] = -1;
    const at = Math.max(cycle, parts.warps.lastIssueCycle[warp] + 1);
    parts.scoreboard.writeResults(warp, parts.program, pc, at + parts.program.latencyCycles[pc] + parts.arch.resultDelayCycles);
    parts.wake(warp, at);
  }
}
