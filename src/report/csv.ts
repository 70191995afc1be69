import { stringify } from "csv-stringify/sync";
import type { SimulationResult } from "../stats/metrics.js";
import { metricRows } from "./flatten.js";

/**
 * Tidy CSV, one type per column: the run (scenario, seed, outcome, occupancy limiter) on every
 * row, then scope, metric and a numeric value; one row per sub-partition (or SM) and metric.
 */
export function formatCsv(result: SimulationResult): string {
  const run = [result.scenario.name, result.scenario.seed, result.outcome.status, result.occupancy.theoretical.limiters.join("+")];
  const rows = metricRows(result).map((r) => [...run, r.scope, r.metric, r.value]);
  return stringify(rows, { header: true, columns: ["scenario", "seed", "outcome", "occupancy_limiter", "scope", "metric", "value"] });
}
