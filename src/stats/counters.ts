import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { UNIT_COUNT } from "../arch/arch-spec.js";

/**
 * Cycles with at least one warp resident, counted lazily: an interval is added when the last
 * warp leaves (or the run stops), so nothing is counted per cycle. ncu's `cycles_active`.
 */
export class ActiveCycles {
  cycles = 0;
  private resident = 0;
  private since = 0;

  /** A warp arrives (+1) or leaves (-1) at `cycle`. */
  change(delta: 1 | -1, cycle: number): void {
    if (delta === 1 && this.resident++ === 0) this.since = cycle;
    if (delta === -1 && --this.resident === 0) this.cycles += cycle - this.since;
  }

  /** Its fields for the steady-state fast-forward (`since` stays: the next change counts the skip). */
  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.totalScalar(() => this.cycles, (v) => (this.cycles = v));
    reg.sameScalar(() => this.resident);
  }

  /** Closes the open interval at the end of a run that stopped with warps resident. */
  close(cycle: number): void {
    if (this.resident > 0) {
      this.cycles += cycle - this.since;
      this.since = cycle;
    }
  }
}

/**
 * What one sub-partition's scheduler counts as it runs; the metrics (stats/metrics.ts) are
 * derived from these at the end. Owned here and handed to the model, which only adds to them.
 */
export class SchedulerCounters {
  /** Warp-instructions issued (ncu inst_executed). */
  instructions = 0;
  /** Cycles with k eligible warps, for k >= 1 (cycles with none are derived from active cycles). */
  readonly eligibleHistogram: Float64Array;
  /** Warp-instructions by unit (pipes, the lite FP32 half at FMA_LITE), and the cycles they kept it busy. */
  readonly pipeInstructions = new Float64Array(UNIT_COUNT);
  readonly pipeBusyCycles = new Float64Array(UNIT_COUNT);
  readonly active = new ActiveCycles();

  constructor(warpSlots: number) {
    this.eligibleHistogram = new Float64Array(warpSlots + 1);
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.totalScalar(() => this.instructions, (v) => (this.instructions = v));
    reg.total(this.eligibleHistogram);
    reg.total(this.pipeInstructions);
    reg.total(this.pipeBusyCycles);
    this.active.registerSteadyState(reg);
  }
}
