import { stringify } from "csv-stringify/sync";
import type { SourceComparison, SourceComparisonRow } from "../run/compare-source.js";
import { WARP_STATE_NAMES, type WarpStateName } from "../stats/warp-state.js";

/** Rows the table shows (CSV and JSON have them all). */
const TABLE_ROWS = 20;

export interface SourceHeader {
  readonly sourceFile: string;
  readonly scenario: string;
}

/**
 * The Source page beside the simulation, as a table: first each warp state's share of the
 * kernel, then the instructions whose share of the warp-cycles differs most, each with its
 * issues per warp and the state most of its time went to, measured and simulated.
 */
export function formatSourceComparisonTable(header: SourceHeader, c: SourceComparison): string {
  const out = [
    `warpsim compare: ${header.sourceFile} (Source page of ${c.kernel}, ${c.samples} warp-state samples)`,
    `           against ${header.scenario}`,
    "",
    "where the warp-cycles go, as shares of the kernel's: measured (samples) and simulated (warp-cycles)",
    "",
    `${"state".padEnd(20)}  ${"measured".padStart(8)}  ${"simulated".padStart(9)}  ${"difference".padStart(10)}`,
  ];
  for (const s of c.states) out.push(`${s.state.padEnd(20)}  ${pct(s.measured).padStart(8)}  ${pct(s.simulated).padStart(9)}  ${points(s.simulated - s.measured).padStart(10)}`);
  out.push("", "instructions, the largest disagreement in share first (issues per warp: over the first instruction's, which every warp issues once)", "");
  out.push(`${"offset".padStart(6)}  ${"instruction".padEnd(36)}  ${"issues/warp".padStart(13)}  ${"share".padStart(15)}  most of its time, measured | simulated`);
  for (const r of c.rows.slice(0, TABLE_ROWS)) {
    out.push(
      `${hex(r.offset).padStart(6)}  ${clip(stripOffset(r.text), 36).padEnd(36)}  ${`${num(r.measuredPerWarp)} ${num(r.simulatedPerWarp)}`.padStart(13)}  ${`${pct(r.measuredShare)} ${pct(r.simulatedShare)}`.padStart(15)}  ${top(r.measuredStates)} | ${r.pc < 0 && Object.keys(r.simulatedStates).length === 0 ? "(not in the program)" : top(r.simulatedStates)}`,
    );
  }
  if (c.rows.length > TABLE_ROWS) out.push(`   ... ${c.rows.length - TABLE_ROWS} more instructions (--format csv or json lists them all)`);
  return out.join("\n") + "\n";
}

/** CSV: a row per instruction, measured and simulated shares per state. */
export function formatSourceComparisonCsv(c: SourceComparison): string {
  const header = ["offset", "pc", "instruction", "measured_per_warp", "simulated_per_warp", "measured_share", "simulated_share", ...WARP_STATE_NAMES.flatMap((s) => [`measured_${s}`, `simulated_${s}`])];
  const line = (r: SourceComparisonRow) => [hex(r.offset), r.pc, stripOffset(r.text), r.measuredPerWarp, r.simulatedPerWarp, r.measuredShare, r.simulatedShare, ...WARP_STATE_NAMES.flatMap((s) => [r.measuredStates[s] ?? 0, r.simulatedStates[s] ?? 0])];
  return stringify([header, ...c.rows.map(line)]);
}

export function formatSourceComparisonJson(header: SourceHeader, c: SourceComparison): string {
  return JSON.stringify({ ...header, ...c }, null, 2) + "\n";
}

function top(states: Readonly<Partial<Record<WarpStateName, number>>>): string {
  const best = (Object.entries(states) as [WarpStateName, number][]).sort((a, b) => b[1] - a[1])[0];
  return best === undefined ? "-" : `${best[0]} ${pct(best[1])}`;
}

function stripOffset(text: string): string {
  return text.replace(/^\/\*[0-9a-f]+\*\/\s*/i, "");
}

function hex(offset: number): string {
  return `0x${offset.toString(16).padStart(4, "0")}`;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function points(x: number): string {
  return `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)} pts`;
}

function num(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}

function clip(text: string, n: number): string {
  return text.length <= n ? text : `${text.slice(0, n - 3)}...`;
}
