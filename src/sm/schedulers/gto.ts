import { lowestBit } from "../../engine/bits.js";
import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";
import { oldestOf, type SchedulerPolicy, type WarpAges } from "./policy.js";

/**
 * Greedy-then-oldest: keep issuing from the warp that issued last while it stays eligible;
 * when it stalls, switch to the oldest eligible warp (lowest launch order). Favouring old warps
 * lets them finish and free their block's resources early, as real SMs appear to do
 * (docs/scheduling.md).
 */
export class GreedyThenOldest implements SchedulerPolicy {
  private last = -1;
  constructor(private readonly warps: WarpAges) {}

  pick(eligible: Int32Array, count: number): number {
    const last = this.last;
    for (let i = 0; i < count; i++) {
      if (eligible[i] === last) return last;
    }
    return (this.last = oldestOf(eligible, count, this.warps));
  }

  /** `pick` on a mask in age order: the oldest eligible warp is the lowest bit. */
  pickMask(eligible: number, slotAt: Int32Array, bitOf: (warp: number) => number): number {
    if (this.last >= 0 && (eligible & bitOf(this.last)) !== 0) return this.last;
    return (this.last = slotAt[lowestBit(eligible)]);
  }

  /** The same eligible warps as last time: the last pick is still eligible, so greedy keeps it. */
  repick(): number {
    return this.last;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.sameScalar(() => this.last);
  }
}
