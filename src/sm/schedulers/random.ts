import seedrandom from "seedrandom";
import type { SchedulerPolicy } from "./policy.js";

/**
 * Seeded random: each cycle one eligible warp is drawn uniformly. A baseline with no notion of
 * age or fairness; same seed, same choices.
 */
export class RandomPolicy implements SchedulerPolicy {
  private readonly rng: () => number;
  constructor(seed: string) {
    this.rng = seedrandom(seed);
  }

  pick(eligible: Int32Array, count: number): number {
    // Sort-free and order-independent: pick the k-th smallest slot, so the choice does not
    // depend on the order warps happened to enter the candidate list.
    const k = Math.floor(this.rng() * count);
    return kthSmallest(eligible, count, k);
  }
}

function kthSmallest(values: Int32Array, count: number, k: number): number {
  // count <= warps per sub-partition (16 on sm_90): a selection by counting is enough.
  for (let i = 0; i < count; i++) {
    const v = values[i];
    let smaller = 0;
    for (let j = 0; j < count; j++) if (values[j] < v) smaller++;
    if (smaller === k) return v;
  }
  return values[0];
}
