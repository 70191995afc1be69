import { PIPE_COUNT } from "../arch/arch-spec.js";
import { OpKind } from "../program/opcodes.js";
import type { Program } from "../program/program.js";
import type { Hooks } from "../stats/hooks.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import type { MemorySystem } from "./memory/memory-system.js";
import type { SchedulerPolicy } from "./schedulers/index.js";
import type { WarpTable } from "./warp-table.js";

/**
 * One SM sub-partition (SMSP): a warp scheduler that issues at most one warp-instruction per
 * cycle, and its pipes. It knows which of its warps have their operands ready (the
 * candidates); each cycle it is woken, it sorts the candidates into eligible (pipe free) and
 * throttled, lets the policy pick one eligible warp, and records the states.
 */
export class Subpartition {
  /** Cycle at which each pipe accepts its next warp-instruction. */
  readonly pipeFreeAt = new Float64Array(PIPE_COUNT);
  /** Earliest cycle at which `select` may find something to do; Infinity when idle. */
  nextWakeAt = Infinity;

  // Swap-remove set of candidate warp slots (operands ready, not at a barrier, not exited),
  // with the pipe of each one's next instruction beside it (-1 - pipe for a global load, which
  // also needs room among the loads in flight), so the scan reads one array per warp.
  private readonly candidates: Int32Array;
  private readonly candidatePipe: Int8Array;
  private readonly position: Int32Array;
  private candidateCount = 0;
  private readonly scheduleHooks: Hooks["schedule"];
  private readonly eligible: Int32Array;

  // Statistics that only the scheduler sees.
  instructions = 0;
  /** Cycles with k eligible warps, for k >= 1 (cycles with none are derived from activeCycles). */
  readonly eligibleHistogram: Float64Array;
  private residentWarps = 0;
  private activeSince = 0;
  activeCycles = 0;

  constructor(
    readonly index: number,
    warpSlots: number,
    private readonly policy: SchedulerPolicy,
    private readonly warps: WarpTable,
    private readonly program: Program,
    private readonly accounting: StateAccounting,
    private readonly memory: MemorySystem,
    private readonly hooks: Hooks,
  ) {
    this.candidates = new Int32Array(warpSlots);
    this.candidatePipe = new Int8Array(warpSlots);
    this.scheduleHooks = hooks.schedule !== undefined && hooks.schedule.length !== 0 ? hooks.schedule : undefined;
    this.position = new Int32Array(warpSlots).fill(-1);
    this.eligible = new Int32Array(warpSlots);
    this.eligibleHistogram = new Float64Array(warpSlots + 1);
  }

  get hasCandidates(): boolean {
    return this.candidateCount > 0;
  }

  /** The warp can issue its next instruction from `cycle` if its pipe is free (re-adding refreshes it). */
  addCandidate(warp: number, cycle: number): void {
    let i = this.position[warp];
    if (i < 0) {
      i = this.position[warp] = this.candidateCount++;
      this.candidates[i] = warp;
    }
    const pc = this.warps.pc[warp];
    const pipe = this.program.pipe[pc];
    this.candidatePipe[i] = this.program.kind[pc] === OpKind.loadGlobal ? -1 - pipe : pipe;
    if (cycle < this.nextWakeAt) this.nextWakeAt = cycle;
  }

  removeCandidate(warp: number): void {
    const i = this.position[warp];
    if (i < 0) return;
    const lastIndex = --this.candidateCount;
    const last = this.candidates[lastIndex];
    this.candidates[i] = last;
    this.candidatePipe[i] = this.candidatePipe[lastIndex];
    this.position[last] = i;
    this.position[warp] = -1;
  }

  /**
   * The scheduler's decision for cycle `now`: returns the warp slot to issue, or -1 when every
   * candidate's pipe is busy (then nextWakeAt is the earliest pipe-free cycle).
   */
  select(now: number): number {
    const { warps, program, accounting, pipeFreeAt, candidates, candidatePipe, eligible, memory } = this;
    const state = accounting.state;
    const n = this.candidateCount;
    let count = 0;
    let earliestFree = Infinity;
    for (let i = 0; i < n; i++) {
      const pipe = candidatePipe[i];
      // A load (pipe < 0) also needs room among the SM's loads in flight (else: lg_throttle).
      const free = pipe >= 0 ? pipeFreeAt[pipe] : Math.max(pipeFreeAt[-1 - pipe], memory.acceptAt(now));
      if (free <= now) {
        const w = candidates[i];
        eligible[count++] = w;
        // Eligible and not (yet) picked; the pick below turns one of them into `selected`.
        if (state[w] !== WarpState.not_selected) accounting.enter(w, WarpState.not_selected, now);
      } else {
        const w = candidates[i];
        const throttle = program.throttleState[warps.pc[w]];
        if (state[w] !== throttle) accounting.enter(w, throttle as WarpState, now);
        if (free < earliestFree) earliestFree = free;
      }
    }
    if (count === 0) {
      this.nextWakeAt = earliestFree;
      if (this.scheduleHooks !== undefined) for (const h of this.scheduleHooks) h(now, this.index, 0, false);
      return -1;
    }
    this.eligibleHistogram[count]++;
    const chosen = this.policy.pick(eligible, count);
    accounting.enter(chosen, WarpState.selected, now);
    this.instructions++;
    this.nextWakeAt = now + 1;
    if (this.scheduleHooks !== undefined) for (const h of this.scheduleHooks) h(now, this.index, count, true);
    return chosen;
  }

  /** A warp arrives on (+1) or leaves (-1) this sub-partition at `cycle`. */
  changeResidency(delta: 1 | -1, cycle: number): void {
    if (delta === 1 && this.residentWarps++ === 0) this.activeSince = cycle;
    if (delta === -1 && --this.residentWarps === 0) this.activeCycles += cycle - this.activeSince;
  }

  /** Closes the active interval at the end of a run that stopped with warps resident. */
  closeActive(cycle: number): void {
    if (this.residentWarps > 0) {
      this.activeCycles += cycle - this.activeSince;
      this.activeSince = cycle;
    }
  }
}
