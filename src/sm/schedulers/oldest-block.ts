import type { SchedulerPolicy, WarpAges } from "./policy.js";

/**
 * Oldest block first, least recently issued within it: each cycle, among the eligible warps
 * of the oldest resident block, the one that has waited longest since its last issue goes
 * (ties: the older warp). Warps of a block share the scheduler fairly and a warp that fell
 * behind catches up, so they progress in step; a younger block's warps get only the cycles
 * the older block leaves unused. This reproduces the H100's behaviour
 * (validation/h100/data/bench_plain_warp_timeline.csv: at W = 64 the first block's warps all
 * finish together at about half the run while the second block's start up to 50k cycles
 * late; summary.csv: ld_chain l2 F = 16 warps compute in step, 2.35 cycles not_selected per
 * issue at W = 16). It is warpsim's default policy (docs/scheduling.md).
 */
export class OldestBlockFair implements SchedulerPolicy {
  constructor(private readonly warps: WarpAges) {}

  pick(eligible: Int32Array, count: number): number {
    const { blockAge, lastIssueCycle, age } = this.warps;
    let best = eligible[0];
    let bestBlock = blockAge[best];
    let bestIssue = lastIssueCycle[best];
    for (let i = 1; i < count; i++) {
      const w = eligible[i];
      const block = blockAge[w];
      if (block > bestBlock) continue;
      const issue = lastIssueCycle[w];
      if (block < bestBlock || issue < bestIssue || (issue === bestIssue && age[w] < age[best])) {
        best = w;
        bestBlock = block;
        bestIssue = issue;
      }
    }
    return best;
  }
}
