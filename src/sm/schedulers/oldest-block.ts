import type { SchedulerPolicy, WarpAges } from "./policy.js";

/**
 * Oldest block first, least progress within it: each cycle, among the eligible warps of the
 * oldest resident block, the one that has issued the fewest instructions goes (ties: the older
 * warp). A warp that falls behind its block-mates catches up, so a block's warps progress in
 * step, and a younger block's warps only get the cycles the older block leaves unused.
 *
 * Both halves are what the H100 shows (validation/h100/data): in bench_plain_warp_timeline.csv,
 * at W = 64 the first block's warps all finish together at about half the run while the second
 * block's start up to 50k cycles late; in summary.csv, ld_chain l2 with F = 16 keeps its warps
 * computing in step (2.35 cycles not_selected per issue at W = 16, issue 0.55 where warps that
 * drift apart would reach 0.8). It is warpsim's default policy (docs/scheduling.md).
 */
export class OldestBlockLeastProgress implements SchedulerPolicy {
  constructor(private readonly warps: WarpAges) {}

  pick(eligible: Int32Array, count: number): number {
    const { blockAge, instructions, age } = this.warps;
    let best = eligible[0];
    let bestBlock = blockAge[best];
    let bestDone = instructions[best];
    for (let i = 1; i < count; i++) {
      const w = eligible[i];
      const block = blockAge[w];
      if (block > bestBlock) continue;
      const done = instructions[w];
      if (block < bestBlock || done < bestDone || (done === bestDone && age[w] < age[best])) {
        best = w;
        bestBlock = block;
        bestDone = done;
      }
    }
    return best;
  }
}
