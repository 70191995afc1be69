import type { SimulationResult } from "../stats/metrics.js";

/** The whole result under stable names (docs/metrics.md), pretty-printed. */
export function formatJson(result: SimulationResult): string {
  return JSON.stringify(result, (_key, value) => (value === Infinity ? null : value), 2) + "\n";
}
