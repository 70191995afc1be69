import { utilizationChart, type ChartStyle } from "../src/report/chart-specs.js";
import { renderSvg } from "../src/report/chart-render.js";
import type { SweepRow } from "../src/run/sweep/sweep-row.js";
import type { TopLevelSpec } from "vega-lite";

export interface SweepPoint {
  readonly ilp: number;
  readonly warps: number;
  readonly issueActive: number;
}

/** The playground's points as the rows `warpsim sweep --vary program.ilp=...` writes. */
export function sweepRows(points: readonly SweepPoint[]): SweepRow[] {
  return [...points]
    .sort((a, b) => a.ilp - b.ilp || a.warps - b.warps)
    .map((p) => ({ "program.ilp": p.ilp, warps_per_scheduler: p.warps, issue_active: p.issueActive }));
}

/**
 * Issue utilization against warps per scheduler, a line per ILP, with Little's law dashed: the
 * chart `warpsim sweep --chart` draws (src/report/chart-specs.ts), through the same renderer,
 * its plot as wide as the page allows so its text is never scaled down on a phone.
 */
export function sweepSpec(points: readonly SweepPoint[]): TopLevelSpec {
  return utilizationChart(sweepRows(points), "program.ilp", "issue utilization vs resident warps").spec;
}

/** The drawing for a box `available` pixels wide (the y axis and the legend take about 170 of them). */
export function sweepStyle(available: number): ChartStyle {
  return { width: Math.max(150, Math.min(420, Math.floor(available) - 180)) };
}

export function sweepSvg(points: readonly SweepPoint[], available: number): Promise<string> {
  return renderSvg(sweepSpec(points), sweepStyle(available));
}
