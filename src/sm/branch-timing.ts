import type { ArchSpec } from "../arch/arch-spec.js";
import { WarpState } from "../stats/warp-state.js";

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
 */
export const BRANCH_PHASES = [WarpState.wait, WarpState.branch_resolving, WarpState.no_instruction] as const;

/**
 * Where each phase of BRANCH_PHASES ends, in cycles after the issue, written to `out` (3
 * entries, caller-owned: the simulator asks per branch). Phase 0 runs from 1 to out[0], phase i
 * from out[i - 1] to out[i]; a phase that ends where it starts is skipped. The warp may issue
 * again out[2] cycles after the branch.
 */
export function branchPhaseEnds(latency: number, stall: number, taken: boolean, branch: ArchSpec["branch"], out: Float64Array): void {
  const own = ownWait(latency, stall, branch);
  const hidden = taken && stall > own + branch.resolveCycles + branch.takenRefetchCycles;
  out[0] = hidden ? stall - branch.resolveCycles : own;
  out[1] = out[0] + branch.resolveCycles;
  out[2] = out[1] + (taken && !hidden ? branch.takenRefetchCycles : 0);
}

/** Cycles from the issue to the start of resolution. */
function ownWait(latency: number, stall: number, branch: ArchSpec["branch"]): number {
  return Math.max(1, Math.min(stall > 1 ? stall : latency, branch.resolveWithinCycles));
}
