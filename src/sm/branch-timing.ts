import type { ArchSpec } from "../arch/arch-spec.js";

/**
 * The phases a warp goes through after issuing a branch that does not simply fall through,
 * counted in cycles from its issue: `wait` for the branch's own delay, then `branch_resolving`
 * for `branch.resolveCycles` while the target is decided, then (taken) `no_instruction` for
 * `branch.takenRefetchCycles` while the target is fetched. The warp issues again when they are
 * over.
 *
 * The branch's own delay is its stall count S in SASS (as for every SASS instruction, the
 * stall count stands in for the latency), its opcode latency in a program without stall counts;
 * resolution starts no later than `branch.resolveWithinCycles` after the issue. The stall count
 * is waited out all the same: when it outlasts the whole redirect, the warp stays in `wait`
 * until S - resolve, resolves, and issues at S, the refetch hidden under it. On sm_90 a taken
 * branch with S5 is back after 10 cycles, S6 11, S10 13, S15 15 (sm_90.ts cites the probe).
 * Two functions rather than one returning a record: the simulator calls them per branch.
 */
export function branchWaitCycles(latency: number, stall: number, taken: boolean, branch: ArchSpec["branch"]): number {
  const wait = ownWait(latency, stall, branch);
  return stallHidesRefetch(wait, stall, taken, branch) ? stall - branch.resolveCycles : wait;
}

/** The `no_instruction` cycles after the branch resolves (see branchWaitCycles). */
export function branchRefetchCycles(latency: number, stall: number, taken: boolean, branch: ArchSpec["branch"]): number {
  if (!taken || stallHidesRefetch(ownWait(latency, stall, branch), stall, taken, branch)) return 0;
  return branch.takenRefetchCycles;
}

/** Cycles from the issue to the start of resolution. */
function ownWait(latency: number, stall: number, branch: ArchSpec["branch"]): number {
  return Math.max(1, Math.min(stall > 1 ? stall : latency, branch.resolveWithinCycles));
}

function stallHidesRefetch(wait: number, stall: number, taken: boolean, branch: ArchSpec["branch"]): boolean {
  return taken && stall > wait + branch.resolveCycles + branch.takenRefetchCycles;
}
