import { FMA_LITE, Pipe, UNIT_COUNT } from "../arch/arch-spec.js";
import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { BARRIER_CLASS, FP32_EITHER_CLASS, LOAD_CLASS, SPECIAL_CLASS, type Program } from "../program/program.js";
import { SchedulerCounters } from "../stats/counters.js";
import type { Hooks } from "../stats/hooks.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import { CandidateList } from "./candidate-list.js";
import { CandidateMasks, MAX_MASKED_WARPS } from "./candidate-masks.js";
import type { CandidateSet } from "./candidate-set.js";
import type { MemorySystem } from "./memory/memory-system.js";
import { RegisterFileBanks } from "./register-file.js";
import type { SharedMemoryPath } from "./memory/shared-memory.js";
import { createPolicy, type SchedulerPolicy } from "./schedulers/index.js";
import type { PolicyEvent } from "./schedulers/policy.js";
import type { SmConfig } from "./sm-config.js";
import type { WarpTable } from "./warp-table.js";

/**
 * One SM sub-partition (SMSP): a warp scheduler that issues at most one warp-instruction per
 * cycle, and its pipes.
 *
 * How a cycle's decision flows. The SM wakes a warp when its operands are ready (`addCandidate`)
 * and takes it out when it waits (`removeCandidate`). In a cycle at or after `nextWakeAt`, the SM
 * calls `select`:
 *   1. which pipe classes that have candidates accept an instruction now (`classFreeAt`: the
 *      unit, and for loads, barriers, LDS/STS and S2R the SM-wide path too), and when the next
 *      busy one frees;
 *   2. the candidate set decides (CandidateSet.decide): the candidates of free classes are
 *      eligible, the policy picks one, and every candidate's state follows (selected,
 *      not_selected, or its class's throttle state, e.g. math_pipe_throttle);
 *   3. the SM issues the chosen warp (`dispatch` books its unit) and the scheduler looks again
 *      next cycle; with none eligible it sleeps until the earliest busy class frees.
 * An instruction that holds dispatch (`holdDispatch`) keeps the scheduler from issuing for its
 * dispatch cycles; warps ready meanwhile wait in dispatch_stall.
 */
export class Subpartition {
  /** Cycle at which each unit (pipe, or FP32 half) accepts its next warp-instruction. */
  readonly unitFreeAt = new Float64Array(UNIT_COUNT);
  /** The scheduler issues nothing before this cycle (an instruction's dispatchCycles, or its register reads' wait). */
  private heldUntil = 0;
  /** Its register file's banks: an instruction whose banks are busy holds dispatch until they free. */
  private readonly registerFile: RegisterFileBanks;
  /** Earliest cycle at which `select` may find something to do; Infinity when idle. */
  nextWakeAt = Infinity;
  /** The candidates and the decision among them: masks, or a list when states are observed one by one. */
  readonly candidates: CandidateSet;
  /** What only the scheduler sees, counted for stats/ (SchedulerCounters). */
  readonly counters: SchedulerCounters;
  private readonly policy: SchedulerPolicy;
  private readonly policyListens: boolean;
  private readonly warps: WarpTable;
  private readonly program: Program;
  private readonly accounting: StateAccounting;
  private readonly memory: MemorySystem;
  private readonly sharedMemory: SharedMemoryPath | undefined;
  private readonly specialRegisters: SharedMemoryPath | undefined;
  private readonly loadsUseDataPipe: boolean;
  private readonly barrierUnit: BarrierUnit;
  private readonly scheduleHooks: Hooks["schedule"];

  constructor(
    readonly index: number,
    warpSlots: number,
    parts: SubpartitionParts,
  ) {
    const { policy, hooks } = parts;
    this.policy = policy;
    this.policyListens = policy.notify !== undefined;
    this.warps = parts.warps;
    this.program = parts.program;
    this.registerFile = new RegisterFileBanks(parts.program);
    this.accounting = parts.accounting;
    this.memory = parts.memory;
    this.sharedMemory = parts.sharedMemory;
    this.specialRegisters = parts.specialRegisters;
    this.loadsUseDataPipe = parts.loadsUseDataPipe === true && parts.sharedMemory !== undefined;
    this.barrierUnit = parts.barrierUnit;
    this.counters = parts.counters;
    this.scheduleHooks = hooks.schedule !== undefined && hooks.schedule.length !== 0 ? hooks.schedule : undefined;
    // Masks keep no warp's own state up to date, so hooks that observe state changes (and the
    // reference scan of the tests) need the list.
    const referenceScan = parts.referenceScan === true;
    this.candidates =
      hooks.stateChange.length !== 0 || referenceScan || !parts.candidateMasks
        ? new CandidateList(warpSlots, policy, parts.warps, parts.program, parts.accounting, referenceScan)
        : new CandidateMasks(warpSlots, Array.from(parts.program.throttleState), index, parts.accounting, policy, parts.warps.age);
  }

  /** Whether the steady-state fast-forward can follow this scheduler (its policy registers its state). */
  get followsSteadyState(): boolean {
    return this.policy.registerSteadyState !== undefined;
  }

  /** Its fields, its policy's, its candidates' and its counters', for the steady-state fast-forward. */
  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAt(this.unitFreeAt);
    reg.readyAtScalar(() => this.heldUntil, (v) => (this.heldUntil = v));
    reg.readyAtScalar(() => this.nextWakeAt, (v) => (this.nextWakeAt = v));
    this.registerFile.registerSteadyState(reg);
    this.candidates.registerSteadyState(reg);
    this.policy.registerSteadyState!(reg);
    this.counters.registerSteadyState(reg);
  }

  /**
   * The instruction at `pc`, issued at `now`, takes its unit (the one it prefers, else its
   * alternative: the other FP32 half; select() saw one free) for its issue cycles, and is
   * counted on its pipe. Returns the cycles for which it holds dispatch (1: none): its own
   * dispatchCycles, or one more than it waits for busy register banks (RegisterFileBanks), as if
   * it issued that much later.
   */
  dispatch(pc: number, now: number): number {
    const { program, counters } = this;
    let unit = program.unit[pc];
    if (this.unitFreeAt[unit] > now) unit = program.altUnit[pc];
    this.unitFreeAt[unit] = now + program.issueCycles[pc];
    const counted = unit === FMA_LITE ? FMA_LITE : program.pipe[pc];
    counters.pipeInstructions[counted]++;
    counters.pipeBusyCycles[counted] += program.issueCycles[pc];
    return Math.max(program.dispatchCycles[pc], this.registerFile.read(pc, now) + 1);
  }

  /** Tells the policy what happened to a warp, if it listens (PolicyEvent). */
  notifyPolicy(event: PolicyEvent, warp: number): void {
    if (this.policyListens) this.policy.notify!(event, warp);
  }

  get hasCandidates(): boolean {
    return this.candidates.hasCandidates;
  }

  /** The warp can issue its next instruction from `cycle` if its pipe is free (re-adding refreshes it). */
  addCandidate(warp: number, cycle: number): void {
    const pc = this.warps.pc[warp];
    this.candidates.add(warp, this.program.pipeClass[pc], this.program.throttleState[pc]);
    if (cycle < this.heldUntil) {
      // Ready while dispatch is held: it waits in dispatch_stall until the hold ends; the warp
      // whose instruction holds it waits on its own issue, as on a fixed latency (wait).
      this.candidates.detachIfAggregated(warp);
      this.accounting.enter(warp, warp === this.candidates.lastChosen ? WarpState.wait : WarpState.dispatch_stall, cycle);
      cycle = this.heldUntil;
    }
    if (cycle < this.nextWakeAt) this.nextWakeAt = cycle;
  }

  removeCandidate(warp: number): void {
    this.candidates.remove(warp);
  }

  /**
   * The first cycle from which pipe class `c` (Program.pipeClass) accepts an instruction,
   * as known at `now`. A load also needs room among the SM's loads in flight (else:
   * lg_throttle); a barrier, the SM's barrier unit.
   */
  private classFreeAt(c: number, now: number): number {
    if (c < UNIT_COUNT) return this.unitFreeAt[c];
    if (c === FP32_EITHER_CLASS) return Math.min(this.unitFreeAt[Pipe.fma], this.unitFreeAt[FMA_LITE]);
    return this.pathFreeAt(c, now);
  }

  /**
   * classFreeAt of the classes that also need an SM-wide path. Apart so that classFreeAt stays
   * small: V8 inlines only so much into select, and the policy's pick must fit (bench/RESULTS.md).
   */
  private pathFreeAt(c: number, now: number): number {
    const unitFreeAt = this.unitFreeAt;
    if (c === LOAD_CLASS) {
      const free = Math.max(unitFreeAt[Pipe.lsu], this.memory.acceptAt(now));
      return this.loadsUseDataPipe ? Math.max(free, this.sharedMemory!.acceptAt(now, this.index)) : free;
    }
    if (c === BARRIER_CLASS) return Math.max(unitFreeAt[Pipe.cbu], this.barrierUnit.freeAt);
    // A special-register read needs room in its own queue and in the sub-partition's MIO queue for shared memory.
    // The class holds S2R and REDUX (LSU) and S2UR (uniform pipe): it waits for both pipes, a simplification (one class).
    if (c === SPECIAL_CLASS) return Math.max(unitFreeAt[Pipe.lsu], unitFreeAt[Pipe.uniform], this.specialRegisters!.acceptAt(now, this.index), this.sharedMemory === undefined ? 0 : this.sharedMemory.acceptAt(now, this.index));
    return Math.max(unitFreeAt[Pipe.lsu], this.sharedMemory!.acceptAt(now, this.index));
  }

  /**
   * The scheduler's decision for cycle `now`: returns the warp slot to issue, or -1 when every
   * candidate's pipe is busy (then nextWakeAt is the earliest pipe-free cycle).
   */
  select(now: number): number {
    const candidates = this.candidates;
    let eligible = 0;
    let earliestFree = Infinity;
    for (let m = candidates.classes; m !== 0; m &= m - 1) {
      // The lowest set bit, written out: a call to lowestBit here is not inlined into the run
      // loop (its inlining budget is spent) and cost 3% per instruction (bench/RESULTS.md).
      const c = 31 - Math.clz32(m & -m);
      const at = this.classFreeAt(c, now);
      if (at <= now) eligible |= candidates.eligibleBits(c);
      else if (at < earliestFree) earliestFree = at;
    }
    const chosen = candidates.decide(now, eligible);
    if (chosen < 0) {
      this.nextWakeAt = earliestFree;
      if (this.scheduleHooks !== undefined) for (const h of this.scheduleHooks) h(now, this.index, 0, false);
      return -1;
    }
    const count = candidates.eligibleCount;
    this.counters.eligibleHistogram[count]++;
    this.counters.instructions++;
    this.nextWakeAt = now + 1;
    if (this.scheduleHooks !== undefined) for (const h of this.scheduleHooks) h(now, this.index, count, true);
    return chosen;
  }

  /**
   * The instruction just issued in `now` holds dispatch for `cycles` (> 1): nothing issues
   * before now + cycles, and the warps that were ready wait in dispatch_stall until then.
   */
  holdDispatch(now: number, cycles: number): void {
    const until = now + cycles;
    this.heldUntil = until;
    this.nextWakeAt = until;
    this.candidates.hold(now + 1);
  }
}

/** The SM's barrier unit (ArchSpec.barrier): one warp's BAR every `arrivalCycles`. */
export interface BarrierUnit {
  freeAt: number;
}

/** What an SM's sub-partitions share: its warp table, accounting, memory paths and barrier unit. */
export interface SharedParts {
  readonly warps: WarpTable;
  readonly accounting: StateAccounting;
  readonly memory: MemorySystem;
  readonly sharedMemory: SharedMemoryPath | undefined;
  /** The SM's special-register unit (S2R, S2UR, REDUX), when the architecture has one. */
  readonly specialRegisters?: SharedMemoryPath;
  readonly barrierUnit: BarrierUnit;
  /** Global loads from their addresses pass the shared-memory pipe (the L1's data pipe): they wait for room in the queue too. */
  readonly loadsUseDataPipe?: boolean;
}

/** What a sub-partition is built from: its policy and counters, and what it shares with the SM. */
export interface SubpartitionParts extends SharedParts {
  readonly policy: SchedulerPolicy;
  readonly program: Program;
  readonly hooks: Hooks;
  readonly counters: SchedulerCounters;
  /** For tests: scan every time and never take a policy's repick shortcut (same results, slower). */
  readonly referenceScan?: boolean;
  /** Keep the candidates as masks (candidate-masks.ts) unless states are observed one by one or rescanned. */
  readonly candidateMasks: boolean;
}

/**
 * The SM's sub-partitions, each with its own policy (seeded apart) and counters. They keep
 * their candidates as masks unless a scheduler can hold more warps than a mask has bits, or a
 * test asks for the list: the masks cost less from one warp per scheduler on, except on mixes
 * whose warps come and go on global loads, where the list is 2-3% cheaper (bench/RESULTS.md).
 */
export function createSubpartitions(config: SmConfig, shared: SharedParts): Subpartition[] {
  const { arch } = config;
  const slots = arch.maxWarpsPerSm;
  const masks = Math.ceil(slots / arch.subpartitionsPerSm) <= MAX_MASKED_WARPS && (config.candidateMasks ?? true);
  return Array.from(
    { length: arch.subpartitionsPerSm },
    (_, i) =>
      new Subpartition(i, slots, {
        ...shared,
        policy: createPolicy(config.policy, shared.warps, slots, `${config.seed}:scheduler:${i}`),
        program: config.program,
        hooks: config.hooks,
        counters: new SchedulerCounters(slots),
        referenceScan: config.referenceScan,
        candidateMasks: masks,
      }),
  );
}
