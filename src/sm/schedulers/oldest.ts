import { lowestBit } from "../../engine/bits.js";
import { oldestOf, type SchedulerPolicy, type WarpAges } from "./policy.js";

/** Oldest-first: every cycle, the eligible warp with the lowest launch order issues. */
export class OldestFirst implements SchedulerPolicy {
  constructor(private readonly warps: WarpAges) {}

  pick(eligible: Int32Array, count: number): number {
    return oldestOf(eligible, count, this.warps);
  }

  /** `pick` on a mask in age order: the lowest bit. */
  pickMask(eligible: number, slotAt: Int32Array): number {
    return slotAt[lowestBit(eligible)];
  }

  /** No state of its own. */
  registerSteadyState(): void {}
}
