import { schedulerColumns } from "../stats/metric-columns.js";
import type { SchedulerMetrics, SimulationResult } from "../stats/metrics.js";

/** A numeric metric of one scope ("smsp0".."smsp3" or "sm") under a stable snake_case name. */
export interface MetricRow {
  readonly scope: string;
  readonly metric: string;
  readonly value: number;
}

/** Columns of the tidy CSV (`warpsim run --format csv`). */
export const TIDY_COLUMNS = ["scenario", "seed", "outcome", "occupancy_limiter", "scope", "metric", "value"] as const;

/**
 * The tidy CSV's rows: the run (scenario, seed, outcome, occupancy limiter) on every row, then
 * scope, metric and value. Kept apart from the CSV writer so the browser can use it too.
 */
export function tidyRows(result: SimulationResult): (string | number)[][] {
  const run = [result.scenario.name, result.scenario.seed, result.outcome.status, result.occupancy.theoretical.limiters.join("+")];
  return metricRows(result).map((r) => [...run, r.scope, r.metric, r.value]);
}

/**
 * Every numeric metric of a result as tidy rows: one per scope and metric (docs/metrics.md).
 * The run's text attributes (outcome, occupancy limiter) are columns of the CSV, not rows.
 */
export function metricRows(result: SimulationResult): MetricRow[] {
  const rows: MetricRow[] = [];
  result.subpartitions.forEach((m, i) => pushScheduler(rows, `smsp${i}`, m));
  pushScheduler(rows, "sm", result.sm);
  const occ = result.occupancy;
  const sm = (metric: string, value: number) => rows.push({ scope: "sm", metric, value });
  sm("occupancy_theoretical", occ.theoretical.occupancy);
  sm("occupancy_achieved", occ.achieved);
  sm("warps_per_sm_theoretical", occ.theoretical.warpsPerSm);
  sm("warps_per_sm_achieved", occ.achievedWarpsPerSm);
  sm("blocks_per_sm_theoretical", occ.theoretical.blocksPerSm);
  sm("blocks_per_sm_resident", occ.residentBlocks);
  sm("warp_lifetime_min", result.warpLifetimes.minCycles);
  sm("warp_lifetime_mean", result.warpLifetimes.meanCycles);
  sm("warp_lifetime_max", result.warpLifetimes.maxCycles);
  if (result.gpu !== undefined) {
    sm("gpu_mean_sm_active_cycles", result.gpu.meanSmActiveCycles);
    sm("gpu_max_sm_active_cycles", result.gpu.maxSmActiveCycles);
  }
  if (result.memory !== undefined) for (const [metric, value] of Object.entries(result.memory)) sm(`memory_${snake(metric)}`, value);
  if (result.sampled !== undefined) {
    // A sampled run (run --sample): its estimate's account, beside the estimates.
    sm("sampled_simulated_share", result.sampled.simulatedShare);
    sm("sampled_extrapolated_cycles", result.sampled.extrapolatedCycles);
    sm("sampled_cycles_half_width", result.sampled.cyclesHalfWidth);
  }
  return rows;
}

function pushScheduler(rows: MetricRow[], scope: string, m: SchedulerMetrics): void {
  for (const [metric, value] of Object.entries(schedulerColumns(m))) rows.push({ scope, metric, value });
  m.eligibleHistogram.forEach((cycles, k) => rows.push({ scope, metric: `eligible_hist_${k}`, value: cycles }));
}

function snake(camel: string): string {
  return camel.replace(/[A-Z0-9]+/g, (m) => `_${m.toLowerCase()}`);
}
