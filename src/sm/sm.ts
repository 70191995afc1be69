import type { ArchSpec } from "../arch/arch-spec.js";
import { WheelEventQueue } from "../engine/wheel-event-queue.js";
import { OpKind } from "../program/opcodes.js";
import { ASYNC_COMMIT, ASYNC_COPY, PATH_NONE, PATH_SHARED, type Program } from "../program/program.js";
import type { Hooks } from "../stats/hooks.js";
import { ActiveCycles } from "../stats/counters.js";
import type { StopReason } from "../stats/outcome.js";
import { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import { Barriers } from "./barriers.js";
import { BlockAdmission } from "./block-admission.js";
import { BlockTable } from "./block-table.js";
import { BranchUnit } from "./branch-unit.js";
import { ConstantCache } from "./constant-cache.js";
import { aperiodicPcs, simplePcs } from "./issue-paths.js";
import { AtomicUnit } from "./memory/atomic-unit.js";
import { LatencyModel } from "./memory/latency-model.js";
import { MemorySystem } from "./memory/memory-system.js";
import { SharedMemoryPath } from "./memory/shared-memory.js";
import { PolicyEvent } from "./schedulers/policy.js";
import { Scoreboard } from "./scoreboard.js";
import type { RunEnd, SmConfig } from "./sm-config.js";
import { SmEvent } from "./sm-events.js";
import { createSteadyState } from "./sm-steady-state.js";
import type { SteadyState } from "./steady-state.js";
import { stuckWarps } from "./stuck-warps.js";
import { createSubpartitions, type Subpartition } from "./subpartition.js";
import { WarpTable } from "./warp-table.js";

/**
 * One streaming multiprocessor, driven by a discrete-event loop that visits only cycles in
 * which something can happen (docs/timing.md). Each visited cycle: the events due (a warp's
 * operands ready, a warp arriving or leaving, a barrier's display ending), then each
 * sub-partition's scheduler picks a warp (Subpartition.select) and the SM issues its
 * instruction; then the loop jumps to the next cycle with work. The SM is the glue: issue,
 * wake and exit are here; what an instruction does on its way lives in its unit (branches,
 * barriers, constant cache, memory paths, block admission), scheduling in Subpartition and
 * ./schedulers, counting in ../stats.
 */
export class StreamingMultiprocessor {
  readonly warps: WarpTable;
  readonly accounting: StateAccounting;
  readonly subpartitions: readonly Subpartition[];
  /** Cycles with at least one warp on the SM. */
  readonly active = new ActiveCycles();
  private readonly arch: ArchSpec;
  private readonly program: Program;
  private readonly scoreboard: Scoreboard;
  private readonly blocks: BlockTable;
  private readonly events = new WheelEventQueue();
  private readonly admission: BlockAdmission;
  private readonly memory: MemorySystem;
  private readonly stores: LatencyModel;
  /** Latency models of global loads that have their own distribution (Program.loadModel). */
  private readonly loadModels: readonly LatencyModel[];
  /** LDS/STS of every sub-partition share it (arch.sharedMemoryPath), when the architecture has one. */
  private readonly sharedMemory: SharedMemoryPath | undefined;
  private readonly atomics: AtomicUnit;
  private readonly constants: ConstantCache;
  /** BAR.SYNC: the SM's barrier unit, each block's barriers, and their releases. */
  private readonly barriers: Barriers;
  private readonly branches: BranchUnit;
  /** The steady-state fast-forward, when this run can use it. */
  private readonly steady: SteadyState | undefined;
  /** Per pc, 1 where its effects do not repeat (issue-paths.ts). */
  private readonly aperiodicAt: Uint8Array;
  /** Per pc, 1 where its issue is the plain case (issue-paths.ts). */
  private readonly simpleAt: Uint8Array;
  private readonly issueHooks: Hooks["issue"] | undefined;
  private lastCycle = 0;
  private now = 0;
  private started = false;

  constructor(private readonly config: SmConfig) {
    const { arch, program, seed } = config;
    this.arch = arch;
    this.program = program;
    this.issueHooks = config.hooks.issue.length !== 0 ? config.hooks.issue : undefined;
    const slots = arch.maxWarpsPerSm;
    this.warps = new WarpTable(slots, program.loopSlots);
    this.scoreboard = new Scoreboard(slots);
    this.accounting = new StateAccounting(slots, arch.subpartitionsPerSm, config.hooks, {
      pc: this.warps.pc,
      gridBlock: this.warps.blockAge,
      atBarrier: this.warps.waitingAtBarrier,
    });
    const warpsPerBlock = Math.ceil(config.threadsPerBlock / arch.warpSize);
    this.blocks = new BlockTable(config.residentBlocksLimit, warpsPerBlock);
    this.memory = new MemorySystem(new LatencyModel(config.loadLatency, arch, `${seed}:loads`), config.memoryLimits);
    this.stores = new LatencyModel(config.storeLatency, arch, `${seed}:stores`);
    this.loadModels = program.loadLatencies.map((d, i) => new LatencyModel(d, arch, `${seed}:loads:${i}`));
    this.sharedMemory = arch.sharedMemoryPath === undefined ? undefined : new SharedMemoryPath(arch.sharedMemoryPath, arch.subpartitionsPerSm);
    this.atomics = new AtomicUnit(config.memoryLimits.atomicCycles);
    this.constants = new ConstantCache(program, arch);
    const barrierUnit = { freeAt: 0 };
    this.subpartitions = createSubpartitions(config, { warps: this.warps, accounting: this.accounting, memory: this.memory, sharedMemory: this.sharedMemory, barrierUnit });
    const { warps, blocks, accounting, events, subpartitions } = this;
    this.barriers = new Barriers(barrierUnit, { arch, program, warps, blocks, accounting, events, subpartitions });
    this.admission = new BlockAdmission({
      warps,
      blocks,
      scoreboard: this.scoreboard,
      events,
      gridBlocks: config.gridBlocks,
      residentBlocksLimit: config.residentBlocksLimit,
      warpsPerBlock,
      subpartitions: arch.subpartitionsPerSm,
      launchIntervalCycles: arch.warpLaunchIntervalCycles,
      arrive: (warp, cycle) => this.arrive(warp, cycle),
    });
    this.steady = createSteadyState(config, {
      warps,
      scoreboard: this.scoreboard,
      accounting,
      subpartitions,
      events,
      barrierUnit,
      units: [blocks, this.admission, this.constants, this.atomics, this.active],
    });
    this.branches = new BranchUnit({ arch, program, warps, accounting, events, barriers: this.barriers, steady: this.steady });
    this.aperiodicAt = aperiodicPcs(program, this.memory, this.loadModels, this.stores);
    this.simpleAt = simplePcs(program, this.aperiodicAt, this.constants);
  }

  /** Runs until every block has finished, nothing can progress, or `maxCycles` is reached. */
  run(maxCycles: number): RunEnd {
    return this.advance(maxCycles, Infinity) as RunEnd;
  }

  /**
   * Runs at most `steps` visited cycles, then returns undefined (call again to go on), or the
   * outcome once the run has ended. Instructions issue in cycles 0 .. maxCycles - 1; a run that
   * still has work at `maxCycles` stops there with "cycle_limit", so its metrics cover exactly
   * `maxCycles` cycles. Warps may still leave in cycle `maxCycles` itself (a run of exactly that
   * length completes).
   */
  advance(maxCycles: number, steps: number): RunEnd | undefined {
    const { events, subpartitions } = this;
    if (!this.started) {
      this.started = true;
      this.admission.admit(0);
    }
    let now = this.now;
    for (let step = 0; step < steps; step++) {
      if (this.steady !== undefined && this.steady.mark) now += this.steady.observe(now, maxCycles);
      while (events.peekCycle() <= now) {
        const kind = events.peekKind();
        const warp = events.peekArg();
        events.pop();
        if (kind === SmEvent.ready) this.wake(warp, now);
        else if (kind === SmEvent.exit) this.exitWarp(warp, now);
        else if (kind === SmEvent.arrive) this.arrive(warp, now);
        else this.barriers.unbar(warp, now);
      }
      if (now >= maxCycles) {
        if (this.admission.finished) return { cycle: this.lastCycle, outcome: { status: "completed" } };
        return this.stop("cycle_limit", maxCycles);
      }
      for (let s = 0; s < subpartitions.length; s++) {
        const sp = subpartitions[s];
        if (sp.nextWakeAt <= now) {
          const warp = sp.select(now);
          if (warp >= 0) this.issue(warp, now, sp);
          if (!sp.hasCandidates) sp.nextWakeAt = Infinity;
        }
      }
      // Jump to the next cycle in which anything can change (issue may have pushed events).
      let next = events.peekCycle();
      for (let s = 0; s < subpartitions.length; s++) {
        if (subpartitions[s].nextWakeAt < next) next = subpartitions[s].nextWakeAt;
      }
      if (next === Infinity) {
        if (this.admission.finished) return { cycle: this.lastCycle, outcome: { status: "completed" } };
        return this.stop("deadlock", now + 1);
      }
      now = Math.min(next, maxCycles);
    }
    this.now = now;
    return undefined;
  }

  /** Ends a run that `advance` left unfinished (Ctrl-C): a partial outcome at the cycle reached. */
  interrupt(): RunEnd {
    return this.stop("interrupted", this.now);
  }

  /** Cycles the steady-state fast-forward skipped. */
  get skippedCycles(): number {
    return this.steady?.skippedCycles ?? 0;
  }

  /** The cycle the run has reached. */
  get cycle(): number {
    return this.now;
  }

  /** Issues the instruction at the warp's pc in cycle `now` (the warp was selected). */
  private issue(warp: number, now: number, sp: Subpartition): void {
    const { program, warps, scoreboard } = this;
    const pc = warps.pc[warp];
    const kind = program.kind[pc];
    const delay = this.arch.resultDelayCycles;
    warps.lastIssueCycle[warp] = now;
    if (this.issueHooks !== undefined) for (const hook of this.issueHooks) hook(now, sp.index, warp, pc);
    sp.dispatch(pc, now);
    if (this.simpleAt[pc] === 1) {
      // The plain case (simplePcs): what the general path below would do, without its checks.
      this.writeResult(warp, pc, now + program.latencyCycles[pc] + delay);
      warps.pc[warp] = pc + 1;
      this.wake(warp, now + 1);
      return;
    }
    if (program.dispatchCycles[pc] > 1) sp.holdDispatch(now, program.dispatchCycles[pc]);

    // LDS/STS through the shared-memory path, global atomics through the SM's atomic
    // throughput: their latency (and a read barrier) runs from when the path takes them.
    const path = program.path[pc];
    const start = path === PATH_NONE ? now : path === PATH_SHARED ? this.sharedMemory!.access(now, sp.index, program.wavefronts[pc]) : this.atomics.access(now);
    if (this.aperiodicAt[pc] === 1 && this.steady !== undefined) this.steady.aperiodic++;
    switch (kind) {
      case OpKind.math:
      case OpKind.mio:
      case OpKind.loadGlobal: {
        const own = program.loadModel[pc];
        let readyAt =
          (kind === OpKind.loadGlobal ? this.memory.load(now, own >= 0 ? this.loadModels[own] : undefined) + (start - now) : start + program.latencyCycles[pc]) + delay;
        if (this.constants.isLoad[pc] === 1) readyAt = Math.max(readyAt, this.constants.ldcLineAt(pc, now) + delay);
        // cp.async: a copy's arrival counts for its warp's group; the commit (LDGDEPBAR) sets
        // its write barrier until every copy so far has landed.
        const async = program.asyncCopy[pc];
        if (async === ASYNC_COPY && readyAt > warps.asyncCopiesDoneAt[warp]) warps.asyncCopiesDoneAt[warp] = readyAt;
        else if (async === ASYNC_COMMIT && warps.asyncCopiesDoneAt[warp] > readyAt) readyAt = warps.asyncCopiesDoneAt[warp];
        this.writeResult(warp, pc, readyAt);
        break;
      }
      case OpKind.storeGlobal:
      case OpKind.storeShared: {
        const latency = kind === OpKind.storeGlobal ? this.stores.next() : program.latencyCycles[pc];
        if (kind === OpKind.storeGlobal) this.memory.store(now);
        const doneAt = start + latency + delay;
        if (doneAt > warps.storesDoneAt[warp]) warps.storesDoneAt[warp] = doneAt;
        break;
      }
      case OpKind.branch:
        if (this.branches.issue(warp, now, sp)) this.wake(warp, now + 1);
        return;
      case OpKind.barrier:
        if (program.barrierDefers[pc] === 0) return this.barriers.arriveAndWait(warp, now, sp);
        this.barriers.arriveDeferred(warp, now);
        break;
      case OpKind.exit: {
        // A guarded EXIT (SASS) that is not taken goes on like any other instruction.
        if (program.takenFraction[pc] < 1 && !this.branches.jumpTaken(warp, pc)) break;
        sp.removeCandidate(warp);
        const leaveAt = Math.max(now + 1, warps.storesDoneAt[warp]);
        if (leaveAt > now + 1) this.accounting.enter(warp, WarpState.drain, now + 1);
        this.events.push(leaveAt, SmEvent.exit, warp);
        return;
      }
    }
    // SASS read barrier: the registers the instruction reads may be overwritten once it has read them.
    const readBarrier = program.readBarrier[pc];
    if (readBarrier >= 0) scoreboard.write(warp, readBarrier, start + program.readCycles[pc] + delay, program.readState[pc] as WarpState);
    warps.pc[warp] = pc + 1;
    const stall = program.stallCycles[pc];
    if (stall > 1) {
      // The control code's stall count: the warp waits (ncu: `wait`) whatever its operands.
      sp.removeCandidate(warp);
      this.barriers.enterWait(warp, now + 1);
      this.events.push(now + stall, SmEvent.ready, warp);
      return;
    }
    this.wake(warp, now + 1);
  }

  /** The registers the instruction at `pc` writes can be read from `readyAt`; until then readers wait in its result state. */
  private writeResult(warp: number, pc: number, readyAt: number): void {
    const { program, scoreboard } = this;
    const state = program.resultState[pc] as WarpState;
    const end = program.writeStart[pc] + program.writeCount[pc];
    for (let i = program.writeStart[pc]; i < end; i++) scoreboard.write(warp, program.regs[i], readyAt, state);
  }

  /**
   * From `cycle` on the warp wants to issue its next instruction: it becomes a candidate if
   * its operands are ready, or waits (in the state its latest operand implies) until they are.
   */
  private wake(warp: number, cycle: number): void {
    const sp = this.subpartitions[this.warps.subpartition[warp]];
    const pc = this.warps.pc[warp];
    if (this.warps.pendingBarrier[warp] >= 0) {
      // A stall shown as barrier ends here (barrierShown is only set while a barrier is pending).
      this.warps.barrierShown[warp] = 0;
      if (this.program.waitsForBarrier[pc] === 1 && this.barriers.holdAtDeferred(warp, cycle)) return;
    }
    let readyAt = this.scoreboard.readyAtFor(warp, this.program, pc);
    let reason: WarpState = this.scoreboard.lastReason;
    // A constant operand whose line the SM's constant cache does not hold yet (first touch, or
    // still on its way): wait for the line.
    const arrives = this.constants.operandLineAt(pc, cycle);
    if (arrives > cycle && arrives > readyAt) {
      readyAt = arrives;
      reason = WarpState.imc_miss;
    }
    if (readyAt <= cycle) {
      sp.addCandidate(warp, cycle);
    } else {
      sp.removeCandidate(warp);
      if (reason === WarpState.wait) this.barriers.enterWait(warp, cycle);
      else this.accounting.enter(warp, reason, cycle);
      if (reason === WarpState.long_scoreboard) sp.notifyPolicy(PolicyEvent.longStall, warp);
      this.events.push(readyAt, SmEvent.ready, warp);
    }
  }

  /** A launched warp arrives on its sub-partition and may issue from `cycle`. */
  private arrive(warp: number, cycle: number): void {
    if (this.steady !== undefined) this.steady.aperiodic++;
    const sp = this.subpartitions[this.warps.subpartition[warp]];
    this.accounting.start(warp, sp.index, WarpState.not_selected, cycle);
    sp.counters.active.change(1, cycle);
    sp.notifyPolicy(PolicyEvent.arrive, warp);
    sp.candidates.arrive(warp);
    this.wake(warp, cycle); // its first instruction may need a constant line (imc_miss)
    this.active.change(1, cycle);
  }

  /** The warp leaves the SM at `cycle`; the last warp of a block frees it for the next. */
  private exitWarp(warp: number, cycle: number): void {
    const { warps, steady } = this;
    if (steady !== undefined) {
      steady.aperiodic++;
      if (steady.referenceWarp === warp) steady.referenceWarp = -1;
    }
    const block = warps.block[warp];
    this.accounting.stop(warp, cycle);
    const sp = this.subpartitions[warps.subpartition[warp]];
    sp.counters.active.change(-1, cycle);
    sp.notifyPolicy(PolicyEvent.exit, warp);
    sp.candidates.leave(warp);
    warps.free(warp);
    this.active.change(-1, cycle);
    this.lastCycle = cycle;
    if (this.admission.warpLeft(block, cycle)) return;
    this.barriers.warpLeft(block, cycle);
  }

  /** Ends the run at `cycle` with warps still on the SM: each one's state is closed there. */
  private stop(status: StopReason, cycle: number): RunEnd {
    const { warps, accounting } = this;
    for (const sp of this.subpartitions) sp.candidates.detachAll();
    const stuck = stuckWarps(this.program, warps, this.blocks, accounting);
    for (let w = 0; w < warps.capacity; w++) {
      if (warps.isFree(w) || !accounting.isActive(w)) continue;
      if (accounting.since[w] > cycle) this.branches.rewind(w, cycle);
      accounting.stop(w, cycle, false);
    }
    for (const sp of this.subpartitions) sp.counters.active.close(cycle);
    this.active.close(cycle);
    this.lastCycle = cycle;
    return { cycle, outcome: { status, atCycle: cycle, stuckWarps: stuck } };
  }
}
