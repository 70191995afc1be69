import { type RegisterSplit, registerSplit, WARPGROUP_THREADS } from "../arch/register-split.js";
import type { Scenario } from "../scenario/resolve.js";
import { SYNC_REG_ALLOC, SYNC_REG_DEALLOC } from "../sm/async/sync-ops.js";

/**
 * The register split a kernel run from its arguments makes with setmaxnreg (docs/async.md): the
 * count each warpgroup of the SM's first block ends with (its first warp's last USETMAXREG, else
 * the launch's), checked against the block's registers (arch/register-split.ts). Undefined when
 * the kernel does not use setmaxnreg or was not run from its arguments.
 */
export function setmaxnregSplit(scenario: Scenario): RegisterSplit | undefined {
  const paths = scenario.paths;
  if (paths === undefined || scenario.arch.asyncUnits === undefined) return undefined;
  const { threadsPerBlock, registersPerThread } = scenario.launch;
  const perWarpgroup: number[] = [];
  let used = false;
  for (let first = 0; first * 32 < threadsPerBlock; first += WARPGROUP_THREADS / 32) {
    const s = paths.pathOf(0, first).syncs;
    let count = registersPerThread;
    if (s !== undefined) {
      for (let i = 0; i < s.op.length; i++) {
        if (s.op[i] !== SYNC_REG_ALLOC && s.op[i] !== SYNC_REG_DEALLOC) continue;
        count = s.value[i];
        used = true;
      }
    }
    perWarpgroup.push(count);
  }
  return used ? registerSplit(scenario.arch, threadsPerBlock, registersPerThread, perWarpgroup) : undefined;
}
