import { stringify } from "csv-stringify/sync";
import type { InstructionMemory, InstructionRow, LoopTotal } from "../stats/per-instruction.js";
import { WARP_STATE_NAMES, type WarpStateName } from "../stats/warp-state.js";

/** Rows the table shows; the rest are summed in one line (CSV and JSON have them all). */
const TABLE_ROWS = 25;
/** States named per row in the table, the largest first. */
const STATES_SHOWN = 3;

/**
 * The per-instruction report as a table: the hottest instructions first, each with its issues,
 * its warp-cycles and share, and the states they were spent in (Nsight Compute's Source page,
 * sorted by stall samples).
 */
export function formatPerInstructionTable(rows: readonly InstructionRow[], title: string, loops: readonly LoopTotal[] = [], textAt: (pc: number) => string = () => ""): string {
  const out = [`warpsim: ${title}: warp-cycles per instruction (charged to the instruction each warp waits on), the most first`, ""];
  out.push(`${"line".padStart(6)}  ${"executed".padStart(9)}  ${"warp-cycles".padStart(12)}  ${"share".padStart(6)}  ${"instruction".padEnd(40)}  where they went`);
  for (const r of rows.slice(0, TABLE_ROWS)) {
    const top = topStates(r)
      .map(([s, c]) => `${s} ${pct(c / r.warpCycles)}`)
      .join(", ");
    out.push(`${String(r.line).padStart(6)}  ${String(r.executed).padStart(9)}  ${String(r.warpCycles).padStart(12)}  ${pct(r.share).padStart(6)}  ${clip(r.text, 40).padEnd(40)}  ${top}${r.memory === undefined ? "" : `; ${memoryText(r.memory)}`}`);
  }
  const rest = rows.slice(TABLE_ROWS);
  if (rest.length > 0) {
    const share = rest.reduce((a, r) => a + r.share, 0);
    out.push(`   ... ${rest.length} more instructions, ${pct(share)} of the warp-cycles (--format csv or json lists them all)`);
  }
  if (loops.length > 0) {
    out.push("", "loops (each body from its first instruction to its back edge; an outer loop includes the inner ones):");
    for (const l of loops) out.push(`  ${clip(textAt(l.start), 34).padEnd(34)} .. ${clip(textAt(l.end), 34).padEnd(34)}  ${String(l.executed).padStart(9)} issues  ${pct(l.share).padStart(6)} of the warp-cycles`);
  }
  return out.join("\n") + "\n";
}

/** CSV: one row per instruction, a column per state (warp-cycles), and a load's traffic (empty for other instructions). */
export function formatPerInstructionCsv(rows: readonly InstructionRow[]): string {
  const header = ["pc", "line", "instruction", "executed", "warp_cycles", "share", ...WARP_STATE_NAMES, "load_requests", "load_sectors", "l1_hit_rate", "l2_sectors", "l2_hit_rate"];
  const memory = (m: InstructionMemory | undefined) => (m === undefined ? ["", "", "", "", ""] : [m.requests, m.sectors, m.l1HitRate ?? "", m.l2Sectors, m.l2HitRate ?? ""]);
  return stringify([header, ...rows.map((r) => [r.pc, r.line, r.text, r.executed, r.warpCycles, r.share, ...WARP_STATE_NAMES.map((s) => r.states[s]), ...memory(r.memory)])]);
}

/** A load's traffic as the table says it: "32 requests, 4.0 sectors each, L1 hits 0%, L2 hits 87%". */
export function memoryText(m: InstructionMemory): string {
  const rate = (x: number | null) => (x === null ? "-" : pct(x));
  return `${m.requests} requests, ${(m.sectors / m.requests).toFixed(1)} sectors each, L1 hits ${rate(m.l1HitRate)}, L2 hits ${rate(m.l2HitRate)}`;
}

export function formatPerInstructionJson(rows: readonly InstructionRow[]): string {
  return JSON.stringify(rows, null, 2) + "\n";
}

function topStates(r: InstructionRow): [WarpStateName, number][] {
  return (Object.entries(r.states) as [WarpStateName, number][])
    .filter(([, c]) => c > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, STATES_SHOWN);
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function clip(text: string, n: number): string {
  return text.length <= n ? text : `${text.slice(0, n - 3)}...`;
}
