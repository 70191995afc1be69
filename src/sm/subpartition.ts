import { FMA_LITE, Pipe, UNIT_COUNT } from "../arch/arch-spec.js";
import { BARRIER_CLASS, CLASS_COUNT, LOAD_CLASS, SHARED_CLASS, type Program } from "../program/program.js";
import { SchedulerCounters } from "../stats/counters.js";
import type { Hooks } from "../stats/hooks.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import type { MemorySystem } from "./memory/memory-system.js";
import type { SharedMemoryPath } from "./memory/shared-memory.js";
import { createPolicy, type SchedulerPolicy } from "./schedulers/index.js";
import type { PolicyEvent } from "./schedulers/policy.js";
import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import type { WarpTable } from "./warp-table.js";
import { CandidateMasks, MAX_MASKED_WARPS, lowestBit, popcount } from "./candidate-masks.js";
import type { SmConfig } from "./sm-config.js";

/** The SM's barrier unit (ArchSpec.barrier): one warp's BAR every `arrivalCycles`. */
export interface BarrierUnit {
  freeAt: number;
}

/** What a sub-partition is built from: its policy and counters, and what it shares with the SM. */
export interface SubpartitionParts {
  readonly policy: SchedulerPolicy;
  readonly warps: WarpTable;
  readonly program: Program;
  readonly accounting: StateAccounting;
  readonly memory: MemorySystem;
  /** The SM's shared-memory path, when the architecture has one. */
  readonly sharedMemory: SharedMemoryPath | undefined;
  readonly hooks: Hooks;
  /** The SM's barrier unit, shared by its sub-partitions: busy until `freeAt`. */
  readonly barrierUnit: BarrierUnit;
  readonly counters: SchedulerCounters;
  /** For tests: scan every time and never take a policy's repick shortcut (same results, slower). */
  readonly referenceScan?: boolean;
  /** Keep the candidates as masks (candidate-masks.ts) unless states are observed one by one or rescanned. */
  readonly candidateMasks: boolean;
}

/** What an SM's sub-partitions share: its warp table, accounting, memory paths and barrier unit. */
export interface SharedParts {
  readonly warps: WarpTable;
  readonly accounting: StateAccounting;
  readonly memory: MemorySystem;
  readonly sharedMemory: SharedMemoryPath | undefined;
  readonly barrierUnit: BarrierUnit;
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

/**
 * One SM sub-partition (SMSP): a warp scheduler that issues at most one warp-instruction per
 * cycle, and its pipes. It knows which of its warps have their operands ready (the
 * candidates); each cycle it is woken, it sorts the candidates into eligible (pipe free) and
 * throttled, lets the policy pick one eligible warp, and records the states.
 */
export class Subpartition {
  /** Cycle at which each unit (pipe, or FP32 half) accepts its next warp-instruction. */
  readonly unitFreeAt = new Float64Array(UNIT_COUNT);
  /** The scheduler issues nothing before this cycle (an instruction's dispatchCycles). */
  private heldUntil = 0;
  /** Earliest cycle at which `select` may find something to do; Infinity when idle. */
  nextWakeAt = Infinity;

  // Without masks: a swap-remove set of candidate warp slots (operands ready, not at a barrier, not exited),
  // with the pipe class of each one's next instruction (Program.pipeClass) beside it, so the
  // scan reads one array per warp.
  private readonly candidates: Int32Array;
  private readonly candidateClass: Uint8Array;
  private readonly position: Int32Array;
  private candidateCount = 0;
  private readonly scheduleHooks: Hooks["schedule"];
  private readonly eligible: Int32Array;
  private readonly policyListens: boolean;

  // The scan over candidates is skipped while nothing it depends on has changed: the candidate
  // set with each one's pipe class (`dirty`), and which classes are free (`freeMask`). Classes
  // are the units, global loads, and FP32 work that either half takes (Program.pipeClass).
  // Then the eligible warps of the last scan are still the eligible ones, and only the issuing
  // warp's state changes.
  private readonly classMembers = new Int32Array(CLASS_COUNT);
  /** Bit c set: class c has candidates. */
  private memberMask = 0;
  private dirty = true;
  private freeMask = 0;
  private eligibleCount = 0;
  private lastChosen = -1;


  private readonly policy: SchedulerPolicy;
  private readonly warps: WarpTable;
  private readonly program: Program;
  private readonly accounting: StateAccounting;
  private readonly memory: MemorySystem;
  private readonly sharedMemory: SharedMemoryPath | undefined;
  private readonly barrierUnit: BarrierUnit;
  /** What only the scheduler sees, counted for stats/ (SchedulerCounters). */
  readonly counters: SchedulerCounters;
  private readonly referenceScan: boolean;
  /**
   * The candidates as bit masks with their states accounted together (candidate-masks.ts), in
   * place of the scan; undefined with few warps per scheduler (the SM decides), when warp states
   * are observed one by one (state hooks), and for the reference scan.
   */
  readonly masks: CandidateMasks | undefined;
  private readonly bitOf: (warp: number) => number;

  constructor(
    readonly index: number,
    warpSlots: number,
    parts: SubpartitionParts,
  ) {
    const { policy, hooks } = parts;
    this.policy = policy;
    this.warps = parts.warps;
    this.program = parts.program;
    this.accounting = parts.accounting;
    this.memory = parts.memory;
    this.sharedMemory = parts.sharedMemory;
    this.barrierUnit = parts.barrierUnit;
    this.counters = parts.counters;
    this.referenceScan = parts.referenceScan === true;
    this.policyListens = policy.notify !== undefined;
    this.candidates = new Int32Array(warpSlots);
    this.candidateClass = new Uint8Array(warpSlots);
    this.scheduleHooks = hooks.schedule !== undefined && hooks.schedule.length !== 0 ? hooks.schedule : undefined;
    this.position = new Int32Array(warpSlots).fill(-1);
    this.eligible = new Int32Array(warpSlots);
    const observed = hooks.stateChange.length !== 0;
    this.masks =
      observed || this.referenceScan || !parts.candidateMasks
        ? undefined
        : new CandidateMasks(warpSlots, Array.from(parts.program.throttleState), index, parts.accounting);
    const masks = this.masks;
    this.bitOf = (warp) => (masks === undefined ? 0 : masks.bit(warp));
  }

  /** Whether the steady-state fast-forward can follow this scheduler (its policy registers its state). */
  get followsSteadyState(): boolean {
    return this.policy.registerSteadyState !== undefined;
  }

  /** Its fields, its policy's and its counters', for the steady-state fast-forward. */
  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAt(this.unitFreeAt);
    reg.readyAtScalar(() => this.heldUntil, (v) => (this.heldUntil = v));
    reg.readyAtScalar(() => this.nextWakeAt, (v) => (this.nextWakeAt = v));
    // The candidates and the eligible warps as sets: their order in the arrays (which swap-removes
    // shuffle) changes nothing, as every policy that the fast-forward follows picks by the warps'
    // ages and slots, never by their place in the list (the random policy turns it off).
    const inEligible = new Uint8Array(this.position.length);
    reg.custom({
      capture: (out) => {
        out.push(this.candidateCount, this.eligibleCount);
        for (let w = 0; w < this.position.length; w++) out.push(this.position[w] < 0 ? -1 : this.candidateClass[this.position[w]]);
        inEligible.fill(0);
        for (let i = 0; i < this.eligibleCount; i++) inEligible[this.eligible[i]] = 1;
        for (let w = 0; w < inEligible.length; w++) out.push(inEligible[w]);
      },
      shift: () => {},
    });
    reg.same(this.classMembers);
    reg.sameScalar(() => this.memberMask);
    reg.sameScalar(() => (this.dirty ? 1 : 0));
    reg.sameScalar(() => this.freeMask);
    reg.sameScalar(() => this.lastChosen);
    this.policy.registerSteadyState!(reg);
    this.counters.registerSteadyState(reg);
    this.masks?.registerSteadyState(reg);
  }

  /**
   * The instruction at `pc`, issued at `now`, takes its unit (the one it prefers, else its
   * alternative: the other FP32 half; select() saw one free) for its issue cycles, and is
   * counted on its pipe.
   */
  dispatch(pc: number, now: number): void {
    const { program, counters } = this;
    let unit = program.unit[pc];
    if (this.unitFreeAt[unit] > now) unit = program.altUnit[pc];
    this.unitFreeAt[unit] = now + program.issueCycles[pc];
    const counted = unit === FMA_LITE ? FMA_LITE : program.pipe[pc];
    counters.pipeInstructions[counted]++;
    counters.pipeBusyCycles[counted] += program.issueCycles[pc];
  }

  /** Tells the policy what happened to a warp, if it listens (PolicyEvent). */
  notifyPolicy(event: PolicyEvent, warp: number): void {
    if (this.policyListens) this.policy.notify!(event, warp);
  }

  get hasCandidates(): boolean {
    return this.masks !== undefined ? this.masks.candidates !== 0 : this.candidateCount > 0;
  }

  /** The warp can issue its next instruction from `cycle` if its pipe is free (re-adding refreshes it). */
  addCandidate(warp: number, cycle: number): void {
    const pc = this.warps.pc[warp];
    const pipeClass = this.program.pipeClass[pc];
    const masks = this.masks;
    if (masks !== undefined) {
      masks.add(warp, pipeClass, this.program.throttleState[pc]);
    } else {
      let i = this.position[warp];
      if (i < 0) {
        i = this.position[warp] = this.candidateCount++;
        this.candidates[i] = warp;
        this.join(pipeClass);
        this.dirty = true;
      } else if (this.candidateClass[i] !== pipeClass) {
        this.leave(this.candidateClass[i]);
        this.join(pipeClass);
        this.dirty = true;
      }
      this.candidateClass[i] = pipeClass;
    }
    if (cycle < this.heldUntil) {
      // Ready while dispatch is held: it waits in dispatch_stall until the hold ends; the warp
      // whose instruction holds it waits on its own issue, as on a fixed latency (wait).
      if (masks !== undefined) masks.detachIfAggregated(warp);
      this.accounting.enter(warp, warp === this.lastChosen ? WarpState.wait : WarpState.dispatch_stall, cycle);
      cycle = this.heldUntil;
    }
    if (cycle < this.nextWakeAt) this.nextWakeAt = cycle;
  }

  removeCandidate(warp: number): void {
    if (this.masks !== undefined) return this.masks.remove(warp);
    const i = this.position[warp];
    if (i < 0) return;
    this.leave(this.candidateClass[i]);
    this.dirty = true;
    const lastIndex = --this.candidateCount;
    const last = this.candidates[lastIndex];
    this.candidates[i] = last;
    this.candidateClass[i] = this.candidateClass[lastIndex];
    this.position[last] = i;
    this.position[warp] = -1;
  }

  /**
   * The first cycle from which pipe class `c` (Program.pipeClass) accepts an instruction,
   * as known at `now`. A load also needs room among the SM's loads in flight (else:
   * lg_throttle); a barrier, the SM's barrier unit.
   */
  private classFreeAt(c: number, now: number): number {
    const unitFreeAt = this.unitFreeAt;
    if (c < UNIT_COUNT) return unitFreeAt[c];
    if (c === LOAD_CLASS) return Math.max(unitFreeAt[Pipe.lsu], this.memory.acceptAt(now));
    if (c === BARRIER_CLASS) return Math.max(unitFreeAt[Pipe.cbu], this.barrierUnit.freeAt);
    if (c === SHARED_CLASS) return Math.max(unitFreeAt[Pipe.lsu], this.sharedMemory!.acceptAt(now, this.index));
    return Math.min(unitFreeAt[Pipe.fma], unitFreeAt[FMA_LITE]);
  }

  /**
   * The scheduler's decision for cycle `now`: returns the warp slot to issue, or -1 when every
   * candidate's pipe is busy (then nextWakeAt is the earliest pipe-free cycle).
   */
  select(now: number): number {
    if (this.masks !== undefined) return this.selectFromMasks(now, this.masks);
    // Without masks: rescan the candidates when they or the free classes changed.
    const accounting = this.accounting;
    // Which pipe classes accept an instruction now, and when the next busy one frees.
    let mask = 0;
    let earliestFree = Infinity;
    for (let members = this.memberMask; members !== 0; members &= members - 1) {
      const c = 31 - Math.clz32(members & -members);
      const free = this.classFreeAt(c, now);
      if (free <= now) mask |= 1 << c;
      else if (free < earliestFree) earliestFree = free;
    }
    let count: number;
    let chosen: number;
    if (this.dirty || mask !== this.freeMask || this.referenceScan) {
      count = this.scan(now, mask);
      this.eligibleCount = count;
      this.freeMask = mask;
      this.dirty = false;
      chosen = count > 0 ? this.policy.pick(this.eligible, count) : -1;
    } else {
      // Same eligible warps as at the last scan: only the last issuer's state moves on.
      count = this.eligibleCount;
      if (count > 0) {
        chosen = this.policy.repick !== undefined ? this.policy.repick() : this.policy.pick(this.eligible, count);
        if (this.lastChosen !== chosen && this.lastChosen >= 0) accounting.enter(this.lastChosen, WarpState.not_selected, now);
      } else {
        chosen = -1;
      }
    }
    if (chosen < 0) {
      this.nextWakeAt = earliestFree;
      if (this.scheduleHooks !== undefined) for (const h of this.scheduleHooks) h(now, this.index, 0, false);
      return -1;
    }
    this.counters.eligibleHistogram[count]++;
    accounting.enter(chosen, WarpState.selected, now);
    this.lastChosen = chosen;
    this.counters.instructions++;
    this.nextWakeAt = now + 1;
    if (this.scheduleHooks !== undefined) for (const h of this.scheduleHooks) h(now, this.index, count, true);
    return chosen;
  }

  /**
   * `select` with the candidates as masks (candidate-masks.ts): the eligible warps are the free
   * classes' bits, the policy picks again only when they changed, and no warp's state is written.
   */
  private selectFromMasks(now: number, masks: CandidateMasks): number {
    let eligible = 0;
    let earliestFree = Infinity;
    for (let m = masks.classes; m !== 0; m &= m - 1) {
      // The lowest set bit, written out: a call to lowestBit here is not inlined into the run
      // loop (its inlining budget is spent) and cost 3% per instruction (bench/RESULTS.md).
      const c = 31 - Math.clz32(m & -m);
      const free = this.classFreeAt(c, now);
      if (free <= now) eligible |= masks.classBits[c];
      else if (free < earliestFree) earliestFree = free;
    }
    let chosen = -1;
    if (eligible !== 0) {
      if (eligible === masks.lastEligible && this.policy.repick !== undefined) {
        chosen = this.policy.repick();
      } else if (this.policy.pickMask !== undefined) {
        chosen = this.policy.pickMask(eligible, masks.slotAt, this.bitOf);
      } else {
        let count = 0;
        for (let m = eligible; m !== 0; m &= m - 1) this.eligible[count++] = masks.slotAt[lowestBit(m)];
        chosen = this.policy.pick(this.eligible, count);
      }
    }
    masks.look(now, eligible, chosen);
    masks.lastEligible = chosen >= 0 ? eligible : 0;
    if (chosen < 0) {
      this.nextWakeAt = earliestFree;
      if (this.scheduleHooks !== undefined) for (const h of this.scheduleHooks) h(now, this.index, 0, false);
      return -1;
    }
    const count = popcount(eligible);
    this.counters.eligibleHistogram[count]++;
    this.lastChosen = chosen;
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
    if (this.masks !== undefined) return this.masks.hold(now + 1, this.lastChosen);
    this.dirty = true; // the states set here are refreshed by the next scan
    for (let i = 0; i < this.candidateCount; i++) {
      const w = this.candidates[i];
      if (w !== this.lastChosen && this.accounting.state[w] === WarpState.not_selected) this.accounting.enter(w, WarpState.dispatch_stall, now + 1);
    }
  }

  private join(c: number): void {
    if (this.classMembers[c]++ === 0) this.memberMask |= 1 << c;
  }

  private leave(c: number): void {
    if (--this.classMembers[c] === 0) this.memberMask &= ~(1 << c);
  }

  /**
   * Sorts the candidates into eligible (their pipe class is free in `mask`) and throttled,
   * and sets each one's state; returns the eligible count (warps in this.eligible).
   */
  private scan(now: number, mask: number): number {
    const { warps, program, accounting, candidates, candidateClass, eligible } = this;
    const state = accounting.state;
    let count = 0;
    for (let i = 0; i < this.candidateCount; i++) {
      const w = candidates[i];
      if ((mask & (1 << candidateClass[i])) !== 0) {
        eligible[count++] = w;
        // Eligible and not (yet) picked; the pick turns one of them into `selected`.
        if (state[w] !== WarpState.not_selected) accounting.enter(w, WarpState.not_selected, now);
      } else {
        const throttle = program.throttleState[warps.pc[w]];
        if (state[w] !== throttle) accounting.enter(w, throttle as WarpState, now);
      }
    }
    return count;
  }
}
