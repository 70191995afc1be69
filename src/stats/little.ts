/**
 * Little's law for one scheduler, the one definition every part of warpsim uses (explain, the
 * sweep charts, the playground; docs/metrics.md, "Little's law"). A warp alone issues r1
 * instructions per cycle: the reciprocal of its warp cycles per issued instruction, which its
 * own latencies set. W warps that do not get in each other's way issue W x r1, and a scheduler
 * issues at most once a cycle, so issue active is at most min(1, W x r1), and it takes 1 / r1
 * warps to fill every cycle. A bound, not a prediction: pipes, bandwidth, dispatch, waves and
 * the scheduler's choices only lower it.
 */
export function latencyBound(warpsPerScheduler: number, loneIssueRate: number): number {
  return Math.min(1, warpsPerScheduler * loneIssueRate);
}

/** The warps per scheduler that Little's law says fill every issue cycle: 1 / r1. */
export function warpsToFill(loneIssueRate: number): number {
  return 1 / loneIssueRate;
}
