import { stringify } from "csv-stringify/sync";
import type { ArchSpec } from "../arch/arch-spec.js";
import type { OccupancyImpact } from "../arch/occupancy-impact.js";
import { occupancy, type LaunchResources } from "../arch/occupancy.js";
import { LaunchError } from "../errors.js";

const LAUNCH_FIELD = { blockSize: "threadsPerBlock", registersPerThread: "registersPerThread", sharedMemPerBlock: "dynamicSharedMemBytes" } as const;

/**
 * The occupancy views as one tidy table: a row per range of one varied launch parameter, with
 * the block limit of each resource at one value of the range (`at`) and what limits it (empty
 * where CUDA would refuse the launch). The launch itself is the row with `current` 1 in each view.
 */
export function formatOccupancyCsv(arch: ArchSpec, launch: LaunchResources, impact: OccupancyImpact): string {
  const rows: (string | number)[][] = [];
  for (const [view, ranges] of Object.entries(impact) as [keyof OccupancyImpact, OccupancyImpact[keyof OccupancyImpact]][]) {
    for (const r of ranges) {
      // Every launch in a range has the same blocks; the per-resource limits may still differ
      // inside it, so they are given at one value, `at`: the launch's own in its range, else `from`.
      const at = r.current ? (launch[LAUNCH_FIELD[view]] ?? 0) : r.from;
      const limits = limitsAt({ ...launch, [LAUNCH_FIELD[view]]: at });
      rows.push([view, r.from, r.to, r.blocksPerSm, r.warpsPerSm, r.occupancy, r.current ? 1 : 0, at, ...limits]);
    }
  }
  const columns = ["vary", "from", "to", "blocks_per_sm", "warps_per_sm", "occupancy", "current", "at", "limit_warps", "limit_registers", "limit_shared_memory", "limit_blocks", "limit_barriers", "limited_by"];
  return stringify(rows, { header: true, columns });

  function limitsAt(l: LaunchResources): (string | number)[] {
    try {
      const o = occupancy(arch, l);
      const n = (x: number | null) => (x === null ? "" : x);
      return [n(o.limits.warps), n(o.limits.registers), n(o.limits.shared_memory), n(o.limits.blocks), n(o.limits.barriers), o.limiters.join("+")];
    } catch (e) {
      if (e instanceof LaunchError) return ["", "", "", "", "", "launch refused"];
      throw e;
    }
  }
}
