import { type ArchSpec, FMA_LITE } from "../arch/arch-spec.js";
import { WheelEventQueue } from "../engine/wheel-event-queue.js";
import { OpKind } from "../program/opcodes.js";
import { ASYNC_COMMIT, ASYNC_COPY, PATH_NONE, PATH_SHARED, type Program } from "../program/program.js";
import type { Hooks } from "../stats/hooks.js";
import { ActiveCycles, SchedulerCounters } from "../stats/counters.js";
import { StateAccounting } from "../stats/state-accounting.js";
import { WARP_STATE_NAMES, WarpState } from "../stats/warp-state.js";
import { BlockTable } from "./block-table.js";
import { branchRefetchCycles, branchWaitCycles } from "./branch-timing.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import { LatencyModel } from "./memory/latency-model.js";
import { MemorySystem, type MemoryLimits } from "./memory/memory-system.js";
import { SharedMemoryPath } from "./memory/shared-memory.js";
import { createPolicy, type PolicyName } from "./schedulers/index.js";
import { PolicyEvent } from "./schedulers/policy.js";
import { Scoreboard } from "./scoreboard.js";
import type { Outcome, StopReason, StuckWarp } from "../stats/outcome.js";
import { Barriers } from "./barriers.js";
import { SmEvent } from "./sm-events.js";
import { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { SteadyState } from "./steady-state.js";
import { MAX_MASKED_WARPS } from "./candidate-masks.js";
import { Subpartition } from "./subpartition.js";
import { WarpTable } from "./warp-table.js";

export interface SmConfig {
  readonly arch: ArchSpec;
  readonly program: Program;
  readonly policy: PolicyName;
  readonly seed: number;
  /** Blocks this SM runs, in waves of at most `residentBlocksLimit`. */
  readonly gridBlocks: number;
  readonly threadsPerBlock: number;
  readonly residentBlocksLimit: number;
  readonly loadLatency: LatencyDistribution;
  readonly storeLatency: LatencyDistribution;
  readonly memoryLimits: MemoryLimits;
  readonly hooks: Hooks;
  /** For tests: the schedulers rescan their candidates every cycle (Subpartition). */
  readonly referenceScan?: boolean;
  /** For tests: candidate masks (true, the default) or the scan over a candidate list (false). */
  readonly candidateMasks?: boolean;
  /** Skip ahead through loop trips that repeat exactly (src/sm/steady-state.ts); default true. */
  readonly fastForward?: boolean;
}

/** How a run ended and the cycle it ended in (the run's length). */
export interface RunEnd {
  readonly cycle: number;
  readonly outcome: Outcome;
}


/**
 * One streaming multiprocessor: its sub-partitions, warp slots, scoreboard and resident
 * blocks, driven by a discrete-event loop that visits only cycles in which something can
 * happen (docs/timing.md). Glue only: scheduling lives in Subpartition, policies in
 * ./schedulers, accounting in ../stats.
 */
export class StreamingMultiprocessor {
  readonly warps: WarpTable;
  readonly accounting: StateAccounting;
  readonly subpartitions: readonly Subpartition[];
  private readonly scoreboard: Scoreboard;
  private readonly blocks: BlockTable;
  private readonly events = new WheelEventQueue();
  private readonly memory: MemorySystem;
  private readonly stores: LatencyModel;
  private readonly program: Program;
  private readonly arch: ArchSpec;
  private readonly warpsPerBlock: number;
  private nextGridBlock = 0;
  private nextAge = 0;
  /** Warps admitted and not yet exited (including those still being launched). */
  private liveWarps = 0;

  private lastCycle = 0;
  private now = 0;
  private started = false;
  private readonly issueHooks: Hooks["issue"] | undefined;
  /** Cycles with at least one warp on the SM. */
  readonly active = new ActiveCycles();
  /** LDS/STS of every sub-partition share it (arch.sharedMemoryPath), when the architecture has one. */
  private readonly sharedMemory: SharedMemoryPath | undefined;
  /** BAR.SYNC: the SM's barrier unit, each block's barriers, and their releases. */
  private readonly barriers: Barriers;
  /** Per constant line (Program.constSlot): the cycle it is in the immediate constant cache (operands), -1 untouched. */
  private readonly constantReadyAt: Float64Array;
  /** The same for LDC's own path: an LDC warms nothing for operands, nor they for it. */
  private readonly ldcReadyAt: Float64Array;
  private readonly constantMissCycles: number;
  /** Latency models of global loads that have their own distribution (Program.loadModel). */
  private readonly loadModels: readonly LatencyModel[];
  /** Cycle from which the SM's share of the L2 atomic units takes the next global atomic. */
  private atomicFreeAt = 0;
  /** The steady-state fast-forward, when this run can use it. */
  private readonly steady: SteadyState | undefined;
  /** 1 at each pc whose instruction changes state that does not repeat (see aperiodicPcs). */
  private readonly aperiodicAt: Uint8Array;
  /** 1 at each pc whose issue is the plain case: a fixed-latency result and nothing else (see simplePcs). */
  private readonly simpleAt: Uint8Array;

  constructor(private readonly config: SmConfig) {
    const { arch, program } = config;
    this.arch = arch;
    this.program = program;
    this.warpsPerBlock = Math.ceil(config.threadsPerBlock / arch.warpSize);
    this.issueHooks = config.hooks.issue.length !== 0 ? config.hooks.issue : undefined;
    const slots = arch.maxWarpsPerSm;
    this.warps = new WarpTable(slots, program.loopSlots);
    this.scoreboard = new Scoreboard(slots);
    this.accounting = new StateAccounting(slots, arch.subpartitionsPerSm, config.hooks, {
      pc: this.warps.pc,
      gridBlock: this.warps.blockAge,
      atBarrier: this.warps.waitingAtBarrier,
    });
    this.blocks = new BlockTable(config.residentBlocksLimit, this.warpsPerBlock);
    this.memory = new MemorySystem(new LatencyModel(config.loadLatency, arch, `${config.seed}:loads`), config.memoryLimits);
    this.stores = new LatencyModel(config.storeLatency, arch, `${config.seed}:stores`);
    this.constantReadyAt = new Float64Array(program.constantLines).fill(-1);
    this.constantMissCycles = arch.constantCache?.missCycles ?? 0;
    this.ldcReadyAt = new Float64Array(program.constantLines).fill(-1);
    // Without a constant cache every constant hits: mark every line as there from the start.
    if (this.constantMissCycles === 0) {
      this.constantReadyAt.fill(0);
      this.ldcReadyAt.fill(0);
    }
    this.loadModels = program.loadLatencies.map((d, i) => new LatencyModel(d, arch, `${config.seed}:loads:${i}`));
    this.sharedMemory = arch.sharedMemoryPath === undefined ? undefined : new SharedMemoryPath(arch.sharedMemoryPath, arch.subpartitionsPerSm);
    const barrierUnit = { freeAt: 0 };
    this.subpartitions = Array.from(
      { length: arch.subpartitionsPerSm },
      (_, i) =>
        new Subpartition(i, slots, {
          policy: createPolicy(config.policy, this.warps, slots, `${config.seed}:scheduler:${i}`),
          warps: this.warps,
          program,
          accounting: this.accounting,
          memory: this.memory,
          sharedMemory: this.sharedMemory,
          hooks: config.hooks,
          barrierUnit,
          counters: new SchedulerCounters(slots),
          referenceScan: config.referenceScan,
          candidateMasks: this.usesCandidateMasks(slots),
        }),
    );
    this.barriers = new Barriers(barrierUnit, {
      arch,
      program,
      warps: this.warps,
      blocks: this.blocks,
      accounting: this.accounting,
      events: this.events,
      subpartitions: this.subpartitions,
    });
    this.steady = this.followsSteadyState() ? new SteadyState(this.registerSteadyState(barrierUnit)) : undefined;
    this.aperiodicAt = this.aperiodicPcs();
    this.simpleAt = this.simplePcs();
  }

  /**
   * Whether the schedulers keep their candidates as masks (src/sm/candidate-masks.ts) rather than
   * scan a list of them: by default, unless a scheduler can hold more warps than a mask has bits.
   * The masks cost less from one warp per scheduler on, except on mixes whose warps come and go
   * on global loads, where the scan is 2-3% cheaper (bench/RESULTS.md).
   */
  private usesCandidateMasks(slots: number): boolean {
    const { config, arch } = this;
    if (Math.ceil(slots / arch.subpartitionsPerSm) > MAX_MASKED_WARPS) return false;
    return config.candidateMasks ?? true;
  }

  /**
   * Instructions whose issue only books their unit and writes their result after a fixed
   * latency (most ALU and FP32 work): no memory path, constant line, copy group, read barrier,
   * dispatch hold or stall count. `issue` takes a short path for them.
   */
  private simplePcs(): Uint8Array {
    const { program } = this;
    const at = new Uint8Array(program.length);
    for (let pc = 0; pc < program.length; pc++) {
      const kind = program.kind[pc];
      const fixedLatency = kind === OpKind.math || kind === OpKind.mio;
      const nothingElse =
        program.path[pc] === PATH_NONE &&
        this.aperiodicAt[pc] === 0 &&
        program.constantLoad[pc] === 0 &&
        program.asyncCopy[pc] === 0 &&
        program.readBarrier[pc] < 0 &&
        program.dispatchCycles[pc] <= 1 &&
        program.stallCycles[pc] <= 1;
      if (fixedLatency && nothingElse) at[pc] = 1;
    }
    return at;
  }

  /**
   * Instructions whose effects do not repeat from trip to trip: shared-memory and atomic
   * accesses (their paths' queues), global loads with a random latency or a bandwidth or
   * in-flight limit, and global stores with a random latency or that take DRAM's bandwidth.
   */
  private aperiodicPcs(): Uint8Array {
    const { program } = this;
    const at = new Uint8Array(program.length);
    for (let pc = 0; pc < program.length; pc++) {
      const kind = program.kind[pc];
      const own = program.loadModel[pc];
      const load = kind === OpKind.loadGlobal && !this.memory.loadRepeats(own >= 0 ? this.loadModels[own] : undefined);
      const store = kind === OpKind.storeGlobal && !(this.stores.repeats && this.memory.storeRepeats);
      if (program.path[pc] !== PATH_NONE || load || store) at[pc] = 1;
    }
    return at;
  }

  /** Whether this run may fast-forward: nothing observes every cycle and every policy can be followed. */
  private followsSteadyState(): boolean {
    const { hooks } = this.config;
    if (this.config.fastForward === false || this.config.referenceScan === true) return false;
    if (hooks.issue.length > 0 || hooks.stateChange.length > 0 || (hooks.schedule?.length ?? 0) > 0) return false;
    return this.subpartitions.every((sp) => sp.followsSteadyState);
  }

  private registerSteadyState(barrierUnit: { freeAt: number }): SteadyStateRegistry {
    const reg = new SteadyStateRegistry();
    this.warps.registerSteadyState(reg);
    this.scoreboard.registerSteadyState(reg, this.program.usedRegisters());
    this.blocks.registerSteadyState(reg);
    this.accounting.registerSteadyState(reg, (w) => this.subpartitions[this.warps.subpartition[w]].masks?.aggregated(w) ?? false);
    for (const sp of this.subpartitions) sp.registerSteadyState(reg);
    this.active.registerSteadyState(reg);
    reg.custom(this.events.steadyState());
    reg.readyAt(this.constantReadyAt);
    reg.readyAt(this.ldcReadyAt);
    reg.readyAtScalar(() => barrierUnit.freeAt, (v) => (barrierUnit.freeAt = v));
    reg.readyAtScalar(() => this.atomicFreeAt, (v) => (this.atomicFreeAt = v));
    reg.sameScalar(() => this.liveWarps);
    reg.sameScalar(() => this.nextGridBlock);
    // Loop counters grow by whole trips; a jump's counter (a taken share) must not move.
    const { program } = this;
    const slotTrips = new Float64Array(Math.max(1, program.loopSlots));
    for (let pc = 0; pc < program.length; pc++) if (program.loopTrips[pc] > 0) slotTrips[program.loopSlot[pc]] = program.loopTrips[pc];
    const slots = this.warps.loopSlots;
    reg.trips(this.warps.loopCount, this.warps.loopExits, (i) => (slots > 0 ? slotTrips[i % slots] : 0));
    return reg;
  }

  /** Something that does not repeat from trip to trip happened (see src/sm/steady-state.ts). */
  private aperiodic(): void {
    if (this.steady !== undefined) this.steady.aperiodic++;
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
      this.admitBlocks(0);
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
        if (this.finished()) return { cycle: this.lastCycle, outcome: { status: "completed" } };
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
        if (this.finished()) return { cycle: this.lastCycle, outcome: { status: "completed" } };
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

  private finished(): boolean {
    return this.liveWarps === 0 && this.nextGridBlock >= this.config.gridBlocks;
  }

  /** Issues the instruction at the warp's pc in cycle `now` (the warp was selected). */
  private issue(warp: number, now: number, sp: Subpartition): void {
    const { program, warps, scoreboard, arch } = this;
    const pc = warps.pc[warp];
    const kind = program.kind[pc];
    const delay = arch.resultDelayCycles;
    warps.lastIssueCycle[warp] = now;
    if (this.issueHooks !== undefined) for (const hook of this.issueHooks) hook(now, sp.index, warp, pc);
    // The unit it prefers, else its alternative (the other FP32 half); select() saw one free.
    let unit = program.unit[pc];
    if (sp.unitFreeAt[unit] > now) unit = program.altUnit[pc];
    sp.unitFreeAt[unit] = now + program.issueCycles[pc];
    const counted = unit === FMA_LITE ? FMA_LITE : program.pipe[pc];
    sp.counters.pipeInstructions[counted]++;
    sp.counters.pipeBusyCycles[counted] += program.issueCycles[pc];
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
    const start = path === PATH_NONE ? now : path === PATH_SHARED ? this.sharedMemory!.access(now, sp.index, program.wavefronts[pc]) : this.atomicAccess(now);
    if (this.aperiodicAt[pc] === 1) this.aperiodic();
    switch (kind) {
      case OpKind.math:
      case OpKind.mio:
      case OpKind.loadGlobal: {
        const own = program.loadModel[pc];
        let readyAt =
          (kind === OpKind.loadGlobal ? this.memory.load(now, own >= 0 ? this.loadModels[own] : undefined) + (start - now) : start + program.latencyCycles[pc]) + delay;
        if (program.constantLoad[pc] === 1) readyAt = Math.max(readyAt, this.ldcLineAt(program.constSlot[pc], now) + delay);
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
        return this.branch(warp, now, sp);
      case OpKind.barrier:
        if (program.barrierDefers[pc] === 0) return this.barriers.arriveAndWait(warp, now, sp);
        this.barriers.arriveDeferred(warp, now);
        break;
      case OpKind.exit: {
        // A guarded EXIT (SASS) that is not taken goes on like any other instruction.
        if (program.takenFraction[pc] < 1 && !this.jumpTaken(warp, pc)) break;
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
   * A branch: a loop's (`.endloop`, or a backward SASS BRA) counts the trip and jumps back or
   * falls through; a forward one (SASS) is taken its share of the time. Then the branch's delay.
   */
  private branch(warp: number, now: number, sp: Subpartition): void {
    const { program, warps, accounting } = this;
    const pc = warps.pc[warp];
    let taken: boolean;
    if (program.loopTrips[pc] > 0) {
      const counter = warp * warps.loopSlots + program.loopSlot[pc];
      taken = ++warps.loopCount[counter] < program.loopTrips[pc];
      if (!taken) {
        warps.loopCount[counter] = 0;
        warps.loopExits[counter]++;
      } else if (this.steady !== undefined) {
        // The reference warp's back-edges mark where the state is compared.
        if (this.steady.referenceWarp < 0) this.steady.referenceWarp = warp;
        if (this.steady.referenceWarp === warp) this.steady.mark = true;
      }
    } else {
      taken = this.jumpTaken(warp, pc);
    }
    warps.pc[warp] = taken ? program.loopTarget[pc] : pc + 1;
    const stall = program.stallCycles[pc];
    if (stall > 1 && !taken) {
      // SASS: a branch that falls through waits out its stall count like any instruction.
      sp.removeCandidate(warp);
      accounting.enter(warp, WarpState.wait, now + 1);
      this.events.push(now + stall, SmEvent.ready, warp);
      return;
    }
    // The branch's own delay (wait: its latency, or its stall count in SASS), then resolution,
    // then fetching a taken target (src/sm/branch-timing.ts).
    const branchArch = this.arch.branch;
    const wait = branchWaitCycles(program.latencyCycles[pc], stall, taken, branchArch);
    const resolve = branchArch.resolveCycles;
    const refetch = branchRefetchCycles(program.latencyCycles[pc], stall, taken, branchArch);
    if (wait <= 1 && resolve + refetch === 0) return this.wake(warp, now + 1);
    sp.removeCandidate(warp);
    warps.branchIssueCycle[warp] = now;
    warps.branchPc[warp] = pc;
    warps.branchTaken[warp] = taken ? 1 : 0;
    let t = now + 1;
    if (wait > 1) accounting.enter(warp, WarpState.wait, t);
    t = now + wait;
    if (resolve > 0) accounting.enter(warp, WarpState.branch_resolving, t);
    t += resolve;
    if (refetch > 0) accounting.enter(warp, WarpState.no_instruction, t);
    t += refetch;
    this.events.push(t, SmEvent.ready, warp);
  }

  /** When an LDC issued at `now` has its line: a first touch of the line on LDC's path misses. */
  private ldcLineAt(line: number, now: number): number {
    if (this.ldcReadyAt[line] < 0) this.ldcReadyAt[line] = now + this.constantMissCycles;
    return this.ldcReadyAt[line];
  }

  /** A global atomic issued at `now`: the cycle the SM's share of the L2 atomic units takes it. */
  private atomicAccess(now: number): number {
    const start = Math.max(now, this.atomicFreeAt);
    this.atomicFreeAt = start + this.config.memoryLimits.atomicCycles;
    return start;
  }

  /**
   * Whether this execution of the jump at `pc` (forward BRA, guarded EXIT) is taken. A share f
   * of 0 or 1 needs no state; in between, the warp's k-th execution is taken when
   * floor((k + 1) f + phase) > floor(k f + phase): exactly f of every warp's executions in the
   * long run, spread evenly, with a phase per warp (golden-ratio steps over its place in the
   * grid) so that the warps of a block do not all take it together. No random draw: the same
   * program gives the same paths whatever the seed.
   */
  private jumpTaken(warp: number, pc: number): boolean {
    const { program, warps } = this;
    const f = program.takenFraction[pc];
    if (f >= 1) return true;
    if (f <= 0) return false;
    this.aperiodic();
    const counter = warp * warps.loopSlots + program.loopSlot[pc];
    const k = warps.loopCount[counter]++;
    const place = warps.blockAge[warp] * 1024 + warps.warpInBlock[warp] + 1;
    const phase = (place * 0.6180339887498949) % 1;
    return Math.floor((k + 1) * f + phase) > Math.floor(k * f + phase);
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
    const line = this.program.constSlot[pc];
    if (line >= 0 && this.program.constantLoad[pc] === 0) {
      let arrives = this.constantReadyAt[line];
      if (arrives < 0) arrives = this.constantReadyAt[line] = cycle + this.constantMissCycles;
      if (arrives > cycle && arrives > readyAt) {
        readyAt = arrives;
        reason = WarpState.imc_miss;
      }
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

  private exitWarp(warp: number, cycle: number): void {
    const { warps, blocks } = this;
    this.aperiodic();
    if (this.steady !== undefined && this.steady.referenceWarp === warp) this.steady.referenceWarp = -1;
    const block = warps.block[warp];
    this.accounting.stop(warp, cycle);
    const sp = this.subpartitions[warps.subpartition[warp]];
    sp.counters.active.change(-1, cycle);
    sp.notifyPolicy(PolicyEvent.exit, warp);
    sp.masks?.leave(warp);
    warps.free(warp);
    this.liveWarps--;
    this.active.change(-1, cycle);
    this.lastCycle = cycle;
    if (--blocks.liveWarps[block] === 0) {
      blocks.release(block);
      this.admitBlocks(cycle);
      return;
    }
    this.barriers.warpLeft(block, cycle);
  }

  /**
   * Admits waiting blocks while they fit. Their warps are launched one after another,
   * `arch.warpLaunchIntervalCycles` apart, the first at `cycle`.
   */
  private admitBlocks(cycle: number): void {
    const { warps, blocks, config } = this;
    const smsps = this.subpartitions.length;
    const interval = this.arch.warpLaunchIntervalCycles;
    let launched = 0;
    while (this.nextGridBlock < config.gridBlocks && blocks.residentBlocks < config.residentBlocksLimit) {
      const block = blocks.allocate(this.nextGridBlock++);
      const slots = this.freeWarpSlots(this.warpsPerBlock);
      for (let i = 0; i < slots.length; i++) {
        const w = slots[i];
        blocks.warpSlots[block * blocks.warpsPerBlock + i] = w;
        warps.reset(w, block, blocks.gridIndex[block], i, w % smsps, this.nextAge++);
        this.scoreboard.reset(w);
        this.liveWarps++;
        const at = cycle + interval * launched++;
        if (at === cycle) this.arrive(w, cycle);
        else this.events.push(at, SmEvent.arrive, w);
      }
    }
  }

  /** A launched warp arrives on its sub-partition and may issue from `cycle`. */
  private arrive(warp: number, cycle: number): void {
    this.aperiodic();
    const sp = this.subpartitions[this.warps.subpartition[warp]];
    this.accounting.start(warp, sp.index, WarpState.not_selected, cycle);
    sp.counters.active.change(1, cycle);
    sp.notifyPolicy(PolicyEvent.arrive, warp);
    sp.masks?.arrive(warp);
    this.wake(warp, cycle); // its first instruction may need a constant line (imc_miss)
    this.active.change(1, cycle);
  }

  /**
   * A taken branch books its states ahead (wait, branch_resolving, no_instruction up to the
   * refetch): the only states entered more than a cycle ahead. When a run stops at `cycle`
   * inside such a chain, the part booked past `cycle` is taken back, so the warp-states still
   * sum to the active warp-cycles.
   */
  private rewindBranch(warp: number, cycle: number): void {
    const { warps, accounting, program } = this;
    const issued = warps.branchIssueCycle[warp];
    const pc = warps.branchPc[warp];
    const taken = warps.branchTaken[warp] === 1;
    const wait = branchWaitCycles(program.latencyCycles[pc], program.stallCycles[pc], taken, this.arch.branch);
    const waitEnd = issued + wait;
    const resolveEnd = waitEnd + this.arch.branch.resolveCycles;
    const chain: [WarpState, number, number][] = [
      [WarpState.wait, issued + 1, wait > 1 ? waitEnd : issued + 1],
      [WarpState.branch_resolving, waitEnd, resolveEnd],
      [WarpState.no_instruction, resolveEnd, resolveEnd + branchRefetchCycles(program.latencyCycles[pc], program.stallCycles[pc], taken, this.arch.branch)],
    ];
    accounting.rewind(warp, cycle, chain);
  }

  /** The lowest run of `n` contiguous free slots, else the lowest `n` free slots. */
  private freeWarpSlots(n: number): number[] {
    const { warps } = this;
    let run = 0;
    for (let w = 0; w < warps.capacity; w++) {
      run = warps.isFree(w) ? run + 1 : 0;
      if (run === n) return Array.from({ length: n }, (_, i) => w - n + 1 + i);
    }
    const free: number[] = [];
    for (let w = 0; w < warps.capacity && free.length < n; w++) if (warps.isFree(w)) free.push(w);
    return free;
  }

  private stop(status: StopReason, cycle: number): RunEnd {
    const stuck: StuckWarp[] = [];
    for (const sp of this.subpartitions) sp.masks?.detachAll();
    for (let w = 0; w < this.warps.capacity; w++) {
      if (this.warps.isFree(w) || !this.accounting.isActive(w)) continue;
      const pc = this.warps.pc[w];
      const state = this.accounting.isActive(w) ? WARP_STATE_NAMES[this.accounting.state[w]] : "exited";
      // A warp at a BAR has moved past it (the report names the BAR); one held back by a
      // deferred barrier waits at the instruction it has not issued.
      const barrier = this.warps.pendingBarrier[w] >= 0 ? -1 : this.warps.waitingAtBarrier[w];
      const block = this.warps.block[w];
      stuck.push({
        warpSlot: w,
        block: this.blocks.gridIndex[block],
        warpInBlock: this.warps.warpInBlock[w],
        subpartition: this.warps.subpartition[w],
        pc: barrier >= 0 ? pc - 1 : pc,
        line: this.program.line[barrier >= 0 ? pc - 1 : pc] ?? 0,
        instruction: this.program.textAt(barrier >= 0 ? pc - 1 : pc),
        state,
      });
      if (this.accounting.since[w] > cycle) this.rewindBranch(w, cycle);
      this.accounting.stop(w, cycle, false);
    }
    for (const sp of this.subpartitions) sp.counters.active.close(cycle);
    this.active.close(cycle);
    this.lastCycle = cycle;
    return { cycle, outcome: { status, atCycle: cycle, stuckWarps: stuck } };
  }
}
