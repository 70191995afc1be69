import { stringify } from "csv-stringify/sync";
import type { Comparison } from "../run/compare.js";

export interface CompareHeader {
  readonly ncuFile: string;
  readonly launchId: string;
  readonly kernel: string;
  readonly scenario: string;
}

const show = (c: Comparison, v: number) => (c.kind === "fraction" ? `${(100 * v).toFixed(1)}%` : Math.abs(v) >= 1000 ? v.toFixed(0) : v.toFixed(3));

/** Measured beside simulated, largest disagreement first, for people. */
export function formatComparisonTable(h: CompareHeader, rows: readonly Comparison[]): string {
  const out = [`warpsim compare: ${h.ncuFile} (launch ID ${h.launchId}, ${h.kernel})`, `           against ${h.scenario}`, ""];
  const table = [
    ["section", "metric", "measured", "simulated", "difference"],
    ...rows.map((c) => [
      c.section,
      c.metric,
      show(c, c.measured),
      show(c, c.simulated),
      (c.difference >= 0 ? "+" : "") + (c.kind === "fraction" ? `${c.difference.toFixed(1)} pts` : c.difference.toFixed(3)) + (c.note ? `  (${c.note})` : ""),
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) out.push(r.map((cell, i) => (i >= 2 && i < 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ").trimEnd());
  return out.join("\n") + "\n";
}

export function formatComparisonCsv(h: CompareHeader, rows: readonly Comparison[]): string {
  return stringify(
    rows.map((c) => [h.launchId, h.kernel, c.section, c.metric, c.kind, c.measured, c.simulated, c.difference, c.note ?? ""]),
    { header: true, columns: ["launch_id", "kernel", "section", "metric", "kind", "measured", "simulated", "difference", "note"] },
  );
}
