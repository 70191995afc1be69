import type { ArchSpec } from "../arch/arch-spec.js";

/**
 * The phases a warp goes through after issuing a branch that does not simply fall through,
 * counted in cycles from its issue: `wait` until the branch's own latency has passed, then
 * `branch_resolving` for `branch.resolveCycles` while the target is decided, then (taken)
 * `no_instruction` while the target is fetched. The warp issues again when they are over.
 *
 * A SASS branch also carries a stall count, which the H100 waits out like any instruction's.
 * When it outlasts the whole redirect the refetch is hidden under it: the warp waits until the
 * stall count's last resolve cycles and resolves in them (mma_loop's `@!P0 BRA` with S15: ncu
 * counts 3 cycles of branch_resolving per trip, none of no_instruction, the rest as wait; the
 * trip is 46 cycles where the redirect alone gives 41). Shorter stall counts change nothing.
 * Two functions rather than one returning a record: the simulator calls them per branch.
 */
export function branchWaitCycles(latency: number, stall: number, taken: boolean, branch: ArchSpec["branch"]): number {
  const wait = Math.max(1, latency);
  return stallHidesRefetch(wait, stall, taken, branch) ? Math.max(wait, stall - branch.resolveCycles) : wait;
}

/** The `no_instruction` cycles after the branch resolves (see branchWaitCycles). */
export function branchRefetchCycles(latency: number, stall: number, taken: boolean, branch: ArchSpec["branch"]): number {
  if (!taken || stallHidesRefetch(Math.max(1, latency), stall, taken, branch)) return 0;
  return branch.takenRefetchCycles;
}

function stallHidesRefetch(wait: number, stall: number, taken: boolean, branch: ArchSpec["branch"]): boolean {
  return taken && stall > wait + branch.resolveCycles + branch.takenRefetchCycles;
}
