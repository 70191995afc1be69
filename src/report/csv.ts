import { stringify } from "csv-stringify/sync";
import type { SimulationResult } from "../stats/metrics.js";
import { TIDY_COLUMNS, tidyRows } from "./flatten.js";

/**
 * Tidy CSV, one type per column: the run (scenario, seed, outcome, occupancy limiter) on every
 * row, then scope, metric and a numeric value; one row per sub-partition (or SM) and metric.
 */
export function formatCsv(result: SimulationResult): string {
  return stringify(tidyRows(result), { header: true, columns: [...TIDY_COLUMNS] });
}
