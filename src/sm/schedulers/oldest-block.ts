import { lowestBit } from "../../engine/bits.js";
import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";
import type { SchedulerPolicy, WarpAges } from "./policy.js";

/**
 * Oldest block first, greedy, then least recently issued: the warp that issued last keeps
 * issuing while it is eligible and belongs to the oldest block with an eligible warp; when it
 * stalls, the warp of that block that has waited longest since its last issue takes over
 * (ties: the older warp). A younger block's warps only get the cycles the older block leaves.
 *
 * This is what the H100 does (validation/microbench/sched_probe.cu, probe-h100.csv): two warps
 * of an FFMA loop on one scheduler run whole 38-instruction trips in turn, one filling the
 * other's branch bubble, exactly 38 cycles apart; four rotate trip by trip, so all progress
 * alike. And validation/h100/data/bench_plain_warp_timeline.csv: at W = 64 the first block's
 * warps all finish together at about half the run while the second block's start up to 50k
 * cycles late. It is warpsim's default policy (docs/scheduling.md).
 */
export class OldestBlockGreedy implements SchedulerPolicy {
  private last = -1;
  constructor(private readonly warps: WarpAges) {}

  pick(eligible: Int32Array, count: number): number {
    const { blockAge, lastIssueCycle, age } = this.warps;
    let best = eligible[0];
    let bestBlock = blockAge[best];
    let bestIssue = lastIssueCycle[best];
    let lastEligible = best === this.last;
    for (let i = 1; i < count; i++) {
      const w = eligible[i];
      if (w === this.last) lastEligible = true;
      const block = blockAge[w];
      if (block > bestBlock) continue;
      const issue = lastIssueCycle[w];
      if (block < bestBlock || issue < bestIssue || (issue === bestIssue && age[w] < age[best])) {
        best = w;
        bestBlock = block;
        bestIssue = issue;
      }
    }
    // Greedy: stay on the last warp if it is still eligible and of the oldest block.
    if (lastEligible && blockAge[this.last] === bestBlock) return this.last;
    return (this.last = best);
  }

  /**
   * `pick` on a mask in age order: blocks arrive in order, so the oldest block's eligible warps
   * are the lowest bits, and among them the first least recently issued is also the oldest.
   */
  pickMask(eligible: number, slotAt: Int32Array, bitOf: (warp: number) => number): number {
    const { blockAge, lastIssueCycle } = this.warps;
    const first = slotAt[lowestBit(eligible)];
    const bestBlock = blockAge[first];
    if (this.last >= 0 && (eligible & bitOf(this.last)) !== 0 && blockAge[this.last] === bestBlock) return this.last;
    let best = first;
    for (let m = eligible & (eligible - 1); m !== 0; m &= m - 1) {
      const w = slotAt[lowestBit(m)];
      if (blockAge[w] !== bestBlock) break;
      if (lastIssueCycle[w] < lastIssueCycle[best]) best = w;
    }
    return (this.last = best);
  }

  /** The same eligible warps as last time: the last pick is still eligible, so greedy keeps it. */
  repick(): number {
    return this.last;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.sameScalar(() => this.last);
  }
}
