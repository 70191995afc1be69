import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { CLASS_COUNT, type Program } from "../program/program.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import type { CandidateSet } from "./candidate-set.js";
import type { SchedulerPolicy } from "./schedulers/policy.js";
import type { WarpTable } from "./warp-table.js";

/**
 * A scheduler's candidates as a list (CandidateSet): a swap-remove set of warp slots, with the
 * pipe class of each one's next instruction beside it, so the scan reads one array per warp.
 * Each warp's state is written on its own, so hooks see every change.
 *
 * The scan is skipped while nothing it depends on has changed: the candidates with their
 * classes (`dirty`) and the free classes. Then the eligible warps of the last scan are still
 * the eligible ones, and only the issuing warp's state changes.
 */
export class CandidateList implements CandidateSet {
  private readonly candidates: Int32Array;
  private readonly candidateClass: Uint8Array;
  /** Each warp slot's index in `candidates`, -1 if it is not a candidate. */
  private readonly position: Int32Array;
  private count = 0;
  /** The eligible warps of the last scan, in the caller-owned buffer the policy reads. */
  private readonly eligible: Int32Array;
  eligibleCount = 0;
  lastChosen = -1;
  /** Candidates per pipe class. */
  private readonly classMembers = new Int32Array(CLASS_COUNT);
  classes = 0;
  private dirty = true;
  /** The free classes at the last scan. */
  private freeClasses = 0;

  constructor(
    warpSlots: number,
    private readonly policy: SchedulerPolicy,
    private readonly warps: WarpTable,
    private readonly program: Program,
    private readonly accounting: StateAccounting,
    /** For tests: scan at every decision (the same results, slower). */
    private readonly referenceScan: boolean,
  ) {
    this.candidates = new Int32Array(warpSlots);
    this.candidateClass = new Uint8Array(warpSlots);
    this.position = new Int32Array(warpSlots).fill(-1);
    this.eligible = new Int32Array(warpSlots);
  }

  get hasCandidates(): boolean {
    return this.count > 0;
  }

  arrive(): void {}

  leave(): void {}

  add(warp: number, pipeClass: number): void {
    let i = this.position[warp];
    if (i < 0) {
      i = this.position[warp] = this.count++;
      this.candidates[i] = warp;
      this.join(pipeClass);
      this.dirty = true;
    } else if (this.candidateClass[i] !== pipeClass) {
      this.quit(this.candidateClass[i]);
      this.join(pipeClass);
      this.dirty = true;
    }
    this.candidateClass[i] = pipeClass;
  }

  remove(warp: number): void {
    const i = this.position[warp];
    if (i < 0) return;
    this.quit(this.candidateClass[i]);
    this.dirty = true;
    const last = this.candidates[--this.count];
    this.candidates[i] = last;
    this.candidateClass[i] = this.candidateClass[this.count];
    this.position[last] = i;
    this.position[warp] = -1;
  }

  /** The class's own bit: the free classes are what the list's scan needs. */
  eligibleBits(c: number): number {
    return 1 << c;
  }

  decide(now: number, freeClasses: number): number {
    const { policy, accounting } = this;
    let chosen: number;
    if (this.dirty || freeClasses !== this.freeClasses || this.referenceScan) {
      this.eligibleCount = this.scan(now, freeClasses);
      this.freeClasses = freeClasses;
      this.dirty = false;
      chosen = this.eligibleCount > 0 ? policy.pick(this.eligible, this.eligibleCount) : -1;
    } else if (this.eligibleCount > 0) {
      // Same eligible warps as at the last scan: only the last issuer's state moves on.
      chosen = policy.repick !== undefined ? policy.repick() : policy.pick(this.eligible, this.eligibleCount);
      if (this.lastChosen !== chosen && this.lastChosen >= 0) accounting.enter(this.lastChosen, WarpState.not_selected, now);
    } else {
      chosen = -1;
    }
    if (chosen < 0) return -1;
    accounting.enter(chosen, WarpState.selected, now);
    this.lastChosen = chosen;
    return chosen;
  }

  hold(from: number): void {
    this.dirty = true; // the states set here are refreshed by the next scan
    for (let i = 0; i < this.count; i++) {
      const w = this.candidates[i];
      if (w !== this.lastChosen && this.accounting.state[w] === WarpState.not_selected) this.accounting.enter(w, WarpState.dispatch_stall, from);
    }
  }

  detachIfAggregated(): void {}

  detachAll(): void {}

  aggregated(): boolean {
    return false;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    // The candidates and the eligible warps as sets: their order in the arrays (which swap-removes
    // shuffle) changes nothing, as every policy that the fast-forward follows picks by the warps'
    // ages and slots, never by their place in the list (the random policy turns it off).
    const inEligible = new Uint8Array(this.position.length);
    reg.custom({
      capture: (out) => {
        out.push(this.count, this.eligibleCount);
        for (let w = 0; w < this.position.length; w++) out.push(this.position[w] < 0 ? -1 : this.candidateClass[this.position[w]]);
        inEligible.fill(0);
        for (let i = 0; i < this.eligibleCount; i++) inEligible[this.eligible[i]] = 1;
        for (let w = 0; w < inEligible.length; w++) out.push(inEligible[w]);
      },
      shift: () => {},
    });
    reg.same(this.classMembers);
    reg.sameScalar(() => this.classes);
    reg.sameScalar(() => (this.dirty ? 1 : 0));
    reg.sameScalar(() => this.freeClasses);
    reg.sameScalar(() => this.lastChosen);
  }

  private join(c: number): void {
    if (this.classMembers[c]++ === 0) this.classes |= 1 << c;
  }

  private quit(c: number): void {
    if (--this.classMembers[c] === 0) this.classes &= ~(1 << c);
  }

  /**
   * Sorts the candidates into eligible (their pipe class is free) and throttled, and sets each
   * one's state; returns the eligible count (warps in this.eligible).
   */
  private scan(now: number, freeClasses: number): number {
    const { warps, program, accounting, candidates, candidateClass, eligible } = this;
    const state = accounting.state;
    let count = 0;
    for (let i = 0; i < this.count; i++) {
      const w = candidates[i];
      if ((freeClasses & (1 << candidateClass[i])) !== 0) {
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
