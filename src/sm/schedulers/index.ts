import { GreedyThenOldest } from "./gto.js";
import { LooseRoundRobin } from "./lrr.js";
import { OldestFirst } from "./oldest.js";
import { OldestBlockGreedy } from "./oldest-block.js";
import type { PolicyName, SchedulerPolicy, WarpAges } from "./policy.js";
import { RandomPolicy } from "./random.js";

export { POLICY_NAMES, type PolicyName, type SchedulerPolicy } from "./policy.js";

/** Builds the policy of one sub-partition. */
export function createPolicy(name: PolicyName, warps: WarpAges, warpSlots: number, seed: string): SchedulerPolicy {
  switch (name) {
    case "oldest-block":
      return new OldestBlockGreedy(warps);
    case "gto":
      return new GreedyThenOldest(warps);
    case "oldest":
      return new OldestFirst(warps);
    case "lrr":
      return new LooseRoundRobin(warpSlots);
    case "random":
      return new RandomPolicy(seed);
  }
}
