import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { lowestBit, popcount, squeezeIn, squeezeOut } from "../engine/bits.js";
import type { StateAccounting } from "./state-accounting.js";
import { WarpState } from "./warp-state.js";

/**
 * The warp states of one scheduler's candidates, accounted together per look rather than warp by
 * warp (bench/RESULTS.md, "Without the scan"): the bookkeeping side of src/sm/candidate-masks.ts.
 * Warps are bits, bit r the scheduler's r-th oldest resident warp. A look (a scheduler's
 * decision) sorts the candidates into the one selected, the eligible ones it did not select
 * (`not_selected`, or `dispatch_stall` under a dispatch hold) and the throttled ones (each in its
 * instruction's throttle state); until the next look that changes something, each state gains
 * its population count times the cycles that pass. A scheduler with 16 warps whose ALU fills
 * and frees every other cycle then flips nothing per warp. A warp's own entry in StateAccounting
 * is stale while it is in this aggregate; `detach` writes it back.
 *
 * The throttled warps are the look's candidates that were not eligible: a throttled warp is not
 * re-added before the next look (only the issuing warp and new ones are), so the throttle-state
 * masks (kept by the candidate masks, read here) still sort them as at the look.
 */
export class LookAccounting {
  /** The look's candidates (less those that left since), its eligible ones, and the selected one's bit (0: none). */
  private candidates = 0;
  private eligible = 0;
  private selected = 0;
  private notSelectedState: WarpState = WarpState.not_selected;
  private lastLook = 0;

  constructor(
    private readonly smsp: number,
    private readonly accounting: StateAccounting,
    /** Throttle states that occur (only these masks are read). */
    private readonly throttleStates: Uint8Array,
    /** Candidates by throttle state (owned by the candidate masks). */
    private readonly throttleBits: Int32Array,
  ) {}

  /**
   * Whether a look with these candidates, eligible warps and selection (bit, 0 for none) would
   * change nothing: no joiners, no dispatch hold, the same sets. Then the interval goes on.
   */
  unchanged(candidates: number, eligible: number, selected: number): boolean {
    return selected === this.selected && eligible === this.eligible && candidates === this.candidates && this.notSelectedState === WarpState.not_selected;
  }

  /**
   * A look at `now`: the warps in `joined` (keeping their own states until now) end them, and
   * from now on `candidates` are accounted here, as selected, eligible or throttled.
   */
  look(now: number, candidates: number, eligible: number, selected: number, joined: number, slotAt: Int32Array): void {
    this.settle(now);
    for (let m = joined; m !== 0; m &= m - 1) this.accounting.absorb(slotAt[lowestBit(m)], now);
    this.candidates = candidates;
    this.eligible = eligible;
    this.selected = selected;
    this.notSelectedState = WarpState.not_selected;
  }

  /** Adds the last look's states up to `cycle` and starts the next interval there. */
  settle(cycle: number): void {
    const span = cycle - this.lastLook;
    this.lastLook = cycle;
    if (span <= 0 || this.candidates === 0) return;
    const { accounting, smsp } = this;
    if (this.selected !== 0) accounting.addWarpCycles(smsp, WarpState.selected, 1, span);
    const notSelected = this.eligible & ~this.selected;
    if (notSelected !== 0) accounting.addWarpCycles(smsp, this.notSelectedState, popcount(notSelected), span);
    const throttled = this.candidates & ~this.eligible;
    if (throttled === 0) return;
    for (let k = 0; k < this.throttleStates.length; k++) {
      const s = this.throttleStates[k];
      const n = throttled & this.throttleBits[s];
      if (n !== 0) accounting.addWarpCycles(smsp, s as WarpState, popcount(n), span);
    }
  }

  /** A dispatch hold from `from`: the eligible warps not selected wait in dispatch_stall. */
  hold(from: number): void {
    this.settle(from);
    this.notSelectedState = WarpState.dispatch_stall;
  }

  /**
   * Takes warp `warp` (bit `b`, throttled in `throttle` when not eligible) out of the aggregate:
   * its own state becomes the one the last look gave it, since the last look.
   */
  detach(warp: number, b: number, throttle: number): void {
    let state: number;
    if (this.selected === b) {
      state = WarpState.selected;
      this.selected = 0;
    } else if ((this.eligible & b) !== 0) {
      state = this.notSelectedState;
    } else {
      state = throttle;
    }
    this.candidates &= ~b;
    this.eligible &= ~b;
    this.accounting.resume(warp, state as WarpState, this.lastLook);
  }

  /** A warp arrived at rank r (not in the aggregate): the bits from r on move one up. */
  open(r: number): void {
    this.candidates = squeezeIn(r, this.candidates);
    this.eligible = squeezeIn(r, this.eligible);
    this.selected = squeezeIn(r, this.selected);
  }

  /** A warp at rank r (not in the aggregate) left: the bits above it move one down. */
  squeeze(r: number): void {
    this.candidates = squeezeOut(r, this.candidates);
    this.eligible = squeezeOut(r, this.eligible);
    this.selected = squeezeOut(r, this.selected);
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.sameScalar(() => this.candidates);
    reg.sameScalar(() => this.eligible);
    reg.sameScalar(() => this.selected);
    reg.sameScalar(() => this.notSelectedState);
    // The last look's time matters only while something is accounted from it.
    reg.custom({
      capture: (out, now) => {
        out.push(this.candidates === 0 ? -1 : now - this.lastLook);
      },
      shift: (delta) => {
        this.lastLook += delta;
      },
    });
  }
}
