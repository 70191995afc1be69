import { GreedyThenOldest } from "./gto.js";
import { GreedyThenYoungest } from "./gty.js";
import { LooseRoundRobin } from "./lrr.js";
import { OldestFirst } from "./oldest.js";
import { OldestBlockGreedy } from "./oldest-block.js";
import type { SchedulerPolicy, WarpAges } from "./policy.js";
import { RandomPolicy } from "./random.js";
import { TwoLevel } from "./two-level.js";

export type { SchedulerPolicy } from "./policy.js";

/**
 * Every policy by the name a scenario gives it, with how to build one sub-partition's instance.
 * The first is the default. Adding a policy is one file and one row here (docs/scheduling.md).
 */
const POLICIES = {
  "oldest-block": (warps: WarpAges) => new OldestBlockGreedy(warps),
  gto: (warps: WarpAges) => new GreedyThenOldest(warps),
  lrr: (_warps: WarpAges, warpSlots: number) => new LooseRoundRobin(warpSlots),
  oldest: (warps: WarpAges) => new OldestFirst(warps),
  random: (_warps: WarpAges, _warpSlots: number, seed: string) => new RandomPolicy(seed),
  "two-level": (warps: WarpAges, warpSlots: number) => new TwoLevel(warps, warpSlots),
  gty: (warps: WarpAges) => new GreedyThenYoungest(warps),
} satisfies Record<string, (warps: WarpAges, warpSlots: number, seed: string) => SchedulerPolicy>;

export type PolicyName = keyof typeof POLICIES;
export const POLICY_NAMES = Object.keys(POLICIES) as [PolicyName, ...PolicyName[]];

/** Builds the policy of one sub-partition. */
export function createPolicy(name: PolicyName, warps: WarpAges, warpSlots: number, seed: string): SchedulerPolicy {
  return POLICIES[name](warps, warpSlots, seed);
}
