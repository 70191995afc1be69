import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { CLASS_COUNT } from "../program/program.js";
import { LookAccounting } from "../stats/look-accounting.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WARP_STATE_COUNT, WarpState } from "../stats/warp-state.js";
import { lowestBit, popcount, squeezeIn, squeezeOut } from "../engine/bits.js";
import type { CandidateSet } from "./candidate-set.js";
import type { SchedulerPolicy } from "./schedulers/policy.js";

/** Bits per mask: warps one sub-partition can hold at most (sm_90: 16). */
export const MAX_MASKED_WARPS = 31;

/**
 * One scheduler's candidates as bit masks (CandidateSet), by pipe class and by throttle state.
 * Bit r stands for the scheduler's r-th oldest resident warp, so the oldest eligible warp is the
 * lowest set bit, and the eligible warps are the free classes' masks OR-ed together. The
 * candidates' states follow from each look and are accounted together (LookAccounting, in
 * stats/); a warp's own state is written back (`detach`) when it leaves the candidates, a
 * dispatch hold needs it, or the run stops. Candidates that arrived since the last look
 * (`joined`) keep their own state until the next.
 */
export class CandidateMasks implements CandidateSet {
  /** Each warp slot's age rank on this scheduler, -1 if not resident here. */
  private readonly rankOf: Int8Array;
  /** The warp slot at each rank. */
  readonly slotAt = new Int32Array(MAX_MASKED_WARPS);
  private resident = 0;

  /** Candidates by pipe class (Program.pipeClass) and by throttle state. */
  readonly classBits = new Int32Array(CLASS_COUNT);
  /** Bit c set: class c has candidates (classBits[c] is not 0). */
  classes = 0;
  private readonly throttleBits = new Int32Array(WARP_STATE_COUNT);
  /** Each candidate's class and throttle state (by warp slot). */
  private readonly classOf: Uint8Array;
  private readonly throttleOf: Uint8Array;
  /** Throttle states that occur, in a list (only these masks are read). */
  private readonly throttleStates: Uint8Array;
  candidates = 0;
  joined = 0;

  /** The candidates' states, accounted per look. */
  private readonly books: LookAccounting;
  /** The eligible warps at the last look that selected one (0 after a look that selected none). */
  private lastEligible = 0;
  eligibleCount = 0;
  lastChosen = -1;
  /** For policies without pickMask: the eligible warps in age order. */
  private readonly eligible: Int32Array;
  private readonly bitOf: (warp: number) => number;

  constructor(
    warpSlots: number,
    throttleStates: readonly number[],
    smsp: number,
    private readonly accounting: StateAccounting,
    private readonly policy: SchedulerPolicy,
    /** Each warp slot's age (WarpTable.age): the order of the ranks (absent: arrival order). */
    private readonly age?: Float64Array,
  ) {
    this.rankOf = new Int8Array(warpSlots).fill(-1);
    this.classOf = new Uint8Array(warpSlots);
    this.throttleOf = new Uint8Array(warpSlots);
    this.throttleStates = Uint8Array.from(new Set(throttleStates));
    this.books = new LookAccounting(smsp, accounting, this.throttleStates, this.throttleBits);
    this.eligible = new Int32Array(MAX_MASKED_WARPS);
    this.bitOf = (warp) => this.bit(warp);
  }

  get hasCandidates(): boolean {
    return this.candidates !== 0;
  }

  /**
   * The eligible warps (the free classes' eligibleBits); the policy picks again only when they
   * changed since its last pick; the candidates' states follow from the look (no warp's own
   * state is written). A look that finds what the last one left (no joiners, no dispatch hold,
   * the same candidates, eligible warps and selection) changes no state: the last look's
   * interval goes on, and a warp that issues cycle after cycle costs no accounting.
   *
   * Kept small on purpose: the run loop inlines it with the policy's pickMask, and V8 inlines
   * only so much into one function (bench/RESULTS.md, "One scheduler decision").
   */
  decide(now: number, eligible: number): number {
    const { policy } = this;
    let chosen = -1;
    if (eligible !== 0) {
      if (eligible === this.lastEligible && policy.repick !== undefined) chosen = policy.repick();
      else if (policy.pickMask !== undefined) chosen = policy.pickMask(eligible, this.slotAt, this.bitOf);
      else chosen = this.pickFromList(eligible);
    }
    const selected = chosen < 0 ? 0 : 1 << this.rankOf[chosen];
    if (this.joined !== 0 || !this.books.unchanged(this.candidates, eligible, selected)) this.look(now, eligible, selected);
    this.lastEligible = chosen >= 0 ? eligible : 0;
    if (chosen < 0) return -1;
    this.eligibleCount = popcount(eligible);
    this.lastChosen = chosen;
    return chosen;
  }

  /** For policies without pickMask: the eligible warps as a list in age order. */
  private pickFromList(eligible: number): number {
    let count = 0;
    for (let m = eligible; m !== 0; m &= m - 1) this.eligible[count++] = this.slotAt[lowestBit(m)];
    return this.policy.pick(this.eligible, count);
  }

  /** The class's candidates: the warps it makes eligible when it is free. */
  eligibleBits(c: number): number {
    return this.classBits[c];
  }

  /** The warp's bit (0 if it is not resident on this scheduler). */
  bit(warp: number): number {
    const r = this.rankOf[warp];
    return r < 0 ? 0 : 1 << r;
  }

  /**
   * A warp arrives on this scheduler, ranked by its age (WarpTable.age, launch order). Warps
   * mostly arrive in age order, but not always: a block admitted when another leaves can
   * arrive before the last warps of an older block that is still launching, and the policies
   * read the lowest bit as the oldest warp.
   */
  arrive(warp: number): void {
    const { age } = this;
    let r = this.resident;
    while (age !== undefined && r > 0 && age[this.slotAt[r - 1]] > age[warp]) {
      const w = this.slotAt[r - 1];
      this.slotAt[r] = w;
      this.rankOf[w] = r;
      r--;
    }
    this.rankOf[warp] = r;
    this.slotAt[r] = warp;
    this.resident++;
    if (r === this.resident - 1) return; // the youngest: no bit moves
    this.moveBits(r, squeezeIn);
    this.books.open(r);
  }

  /** A warp (not a candidate) leaves the SM: younger warps move one rank down, and their bits. */
  leave(warp: number): void {
    const r = this.rankOf[warp];
    this.rankOf[warp] = -1;
    for (let i = r + 1; i < this.resident; i++) {
      const w = this.slotAt[i];
      this.slotAt[i - 1] = w;
      this.rankOf[w] = i - 1;
    }
    this.resident--;
    // A leaving warp is not a candidate, so no class empties here.
    this.moveBits(r, squeezeOut);
    this.books.squeeze(r);
  }

  /** Every mask's bits from rank r on, moved one up (a warp arrived at r) or down (the warp at r left). */
  private moveBits(r: number, move: (r: number, m: number) => number): void {
    for (let c = 0; c < this.classBits.length; c++) this.classBits[c] = move(r, this.classBits[c]);
    for (let k = 0; k < this.throttleStates.length; k++) {
      const s = this.throttleStates[k];
      this.throttleBits[s] = move(r, this.throttleBits[s]);
    }
    this.candidates = move(r, this.candidates);
    this.joined = move(r, this.joined);
    this.lastEligible = move(r, this.lastEligible);
  }

  /** The warp is a candidate for an instruction of `pipeClass` that is throttled in `throttle`. */
  add(warp: number, pipeClass: number, throttle: number): void {
    const b = 1 << this.rankOf[warp];
    if ((this.candidates & b) === 0) {
      this.candidates |= b;
      this.joined |= b;
      this.classBits[pipeClass] |= b;
      this.classes |= 1 << pipeClass;
      this.throttleBits[throttle] |= b;
      this.classOf[warp] = pipeClass;
      this.throttleOf[warp] = throttle;
      return;
    }
    const oldClass = this.classOf[warp];
    if (oldClass !== pipeClass) {
      this.clearClassBit(oldClass, b);
      this.classBits[pipeClass] |= b;
      this.classes |= 1 << pipeClass;
      this.classOf[warp] = pipeClass;
    }
    const oldThrottle = this.throttleOf[warp];
    if (oldThrottle !== throttle) {
      this.throttleBits[oldThrottle] &= ~b;
      this.throttleBits[throttle] |= b;
      this.throttleOf[warp] = throttle;
    }
  }

  /** The warp stops being a candidate; its own state resumes from the aggregate's. */
  remove(warp: number): void {
    const b = 1 << this.rankOf[warp];
    if ((this.candidates & b) === 0) return;
    if ((this.joined & b) === 0) this.detach(warp, b);
    // The policy's last pick was among these: with one of them gone it must pick afresh.
    if ((this.lastEligible & b) !== 0) this.lastEligible = 0;
    this.candidates &= ~b;
    this.joined &= ~b;
    this.clearClassBit(this.classOf[warp], b);
    this.throttleBits[this.throttleOf[warp]] &= ~b;
  }

  private clearClassBit(c: number, b: number): void {
    if ((this.classBits[c] &= ~b) === 0) this.classes &= ~(1 << c);
  }

  /** A candidate that may be in the aggregate (dispatch holds): as `detach`, if it is. */
  detachIfAggregated(warp: number): void {
    const b = 1 << this.rankOf[warp];
    if ((this.candidates & ~this.joined & b) !== 0) this.detach(warp, b);
  }

  /** Takes a candidate (bit `b`) out of the aggregate: it is accounted on its own from now on (as a joiner). */
  private detach(warp: number, b: number): void {
    this.books.detach(warp, b, this.throttleOf[warp]);
    this.joined |= b;
  }

  /** Every candidate back on its own state (the run stops). */
  detachAll(): void {
    for (let m = this.candidates & ~this.joined; m !== 0; m &= m - 1) {
      const r = lowestBit(m);
      this.detach(this.slotAt[r], 1 << r);
    }
  }

  /** A look at `now` that changes something: joiners' own states end, and the books start over. */
  private look(now: number, eligible: number, selected: number): void {
    this.books.look(now, this.candidates, eligible, selected, this.joined, this.slotAt);
    this.joined = 0;
  }

  /**
   * A dispatch hold from `from` (ArchSpec dispatchCycles): the eligible warps not selected wait
   * in `dispatch_stall` from then on; so do joiners that were `not_selected` on their own.
   */
  hold(from: number): void {
    const lastChosen = this.lastChosen;
    this.books.hold(from);
    for (let m = this.joined; m !== 0; m &= m - 1) {
      const w = this.slotAt[lowestBit(m)];
      if (w !== lastChosen && this.accounting.state[w] === WarpState.not_selected) this.accounting.enter(w, WarpState.dispatch_stall, from);
    }
  }

  /** Whether the warp's own state is stale (it is in the aggregate). */
  aggregated(warp: number): boolean {
    const r = this.rankOf[warp];
    return r >= 0 && ((this.candidates & ~this.joined) & (1 << r)) !== 0;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.same(this.rankOf);
    reg.same(this.slotAt);
    reg.sameScalar(() => this.resident);
    reg.same(this.classBits);
    reg.sameScalar(() => this.classes);
    reg.same(this.throttleBits);
    reg.same(this.classOf);
    reg.same(this.throttleOf);
    reg.sameScalar(() => this.candidates);
    reg.sameScalar(() => this.joined);
    reg.sameScalar(() => this.lastEligible);
    reg.sameScalar(() => this.lastChosen);
    this.books.registerSteadyState(reg);
  }
}
