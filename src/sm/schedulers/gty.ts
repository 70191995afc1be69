import { highestBit } from "../../engine/bits.js";
import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";
import type { SchedulerPolicy, WarpAges } from "./policy.js";

/**
 * Greedy-then-youngest: keep issuing from the warp that issued last while it stays eligible;
 * when it stalls, switch to the youngest eligible warp (highest launch order). Huerta et al.
 * (2025, "Dissecting and Modeling the Architecture of Modern GPU Cores") measured this order on
 * recent NVIDIA cores. Their scheduler also honours the control codes' yield bit, which
 * warpsim's assembly does not carry yet, so a warp yields only by stalling.
 */
export class GreedyThenYoungest implements SchedulerPolicy {
  private last = -1;
  constructor(private readonly warps: WarpAges) {}

  pick(eligible: Int32Array, count: number): number {
    const { age } = this.warps;
    let youngest = eligible[0];
    for (let i = 0; i < count; i++) {
      const w = eligible[i];
      if (w === this.last) return w;
      if (age[w] > age[youngest]) youngest = w;
    }
    return (this.last = youngest);
  }

  /** `pick` on a mask in age order: the youngest eligible warp is the highest bit. */
  pickMask(eligible: number, slotAt: Int32Array, bitOf: (warp: number) => number): number {
    if (this.last >= 0 && (eligible & bitOf(this.last)) !== 0) return this.last;
    return (this.last = slotAt[highestBit(eligible)]);
  }

  /** The same eligible warps as last time: the last pick is still eligible, so greedy keeps it. */
  repick(): number {
    return this.last;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.sameScalar(() => this.last);
  }
}
