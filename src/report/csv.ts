import { stringify } from "csv-stringify/sync";
import type { SimulationResult } from "../stats/metrics.js";
import { metricRows } from "./flatten.js";

/** Tidy CSV: columns scope, metric, value; one row per sub-partition (or SM) and metric. */
export function formatCsv(result: SimulationResult): string {
  const rows = metricRows(result).map((r) => [r.scope, r.metric, r.value]);
  return stringify(rows, { header: true, columns: ["scope", "metric", "value"] });
}
