import { stringify } from "csv-stringify/sync";
import { NCU_STALL_REASONS, type ValidationReport } from "../run/validate.js";

export interface ValidationTargets {
  readonly issueActiveMaePoints: number;
  readonly issueActiveWorstPoints: number;
  readonly warpsEligibleMre: number;
  readonly cyclesActiveMape: number;
  /** Share of rows whose dominant stall reason must match. */
  readonly dominantStallShare: number;
  /** Rows run from their addresses: mean absolute error of the L1 and L2 hit rates (points), and of DRAM bytes read. */
  readonly hitRateMaePoints?: number;
  readonly dramReadMape?: number;
}

/** The targets of the fidelity issue for the microbenchmarks, printed beside the achieved errors. */
export const VALIDATION_TARGETS: ValidationTargets = {
  issueActiveMaePoints: 3,
  issueActiveWorstPoints: 8,
  warpsEligibleMre: 0.1,
  cyclesActiveMape: 0.05,
  dominantStallShare: 1,
};

/** Issue 11's targets for kernels predicted from their SASS alone (no worst-row or eligible target: shown against the microbenchmarks'). */
export const SASS_VALIDATION_TARGETS: ValidationTargets = {
  issueActiveMaePoints: 4,
  issueActiveWorstPoints: 8,
  warpsEligibleMre: 0.1,
  cyclesActiveMape: 0.1,
  dominantStallShare: 0.8,
};

/**
 * The memory issue's targets for ordinary kernels run from their listing and arguments alone
 * (validation/memory): active cycles, issue active and the dominant stall as for SASS, and the
 * memory system's own: L1 and L2 hit rates within 10 points, DRAM bytes within 10%.
 */
export const MEMORY_VALIDATION_TARGETS: ValidationTargets = {
  issueActiveMaePoints: 3,
  issueActiveWorstPoints: 8,
  warpsEligibleMre: 0.1,
  cyclesActiveMape: 0.1,
  dominantStallShare: 0.9,
  hitRateMaePoints: 10,
  dramReadMape: 0.1,
};

const KEY = ["kernel", "variant", "K", "F", "warps_per_sm"] as const;

/** CSV: the input's key columns, measured and predicted quantities, predicted stalls per issue. */
export function formatValidationCsv(report: ValidationReport): string {
  const columns = [
    ...KEY,
    "issue_active",
    "pred_issue_active",
    "warps_eligible",
    "pred_warps_eligible",
    "warps_active",
    "pred_warps_active",
    "cycles_active",
    "pred_cycles_active",
    "dominant_stall",
    "pred_dominant_stall",
    ...NCU_STALL_REASONS.map((r) => `pred_stall_${r}_per_issue`),
  ];
  const rows = report.rows.map((r) => [
    ...KEY.map((k) => r.key[k]),
    r.measured.issueActive,
    r.predicted.issueActive,
    r.measured.warpsEligible,
    r.predicted.warpsEligible,
    r.measured.warpsActive,
    r.predicted.warpsActive,
    r.measured.cyclesActive,
    r.predicted.cyclesActive,
    r.measuredDominant,
    r.predictedDominant,
    ...NCU_STALL_REASONS.map((reason) => r.predicted.stallPerIssue[reason]),
  ]);
  return stringify(rows, { header: true, columns });
}

export function formatValidationTable(report: ValidationReport, t: ValidationTargets = VALIDATION_TARGETS): string {
  const out: string[] = [`warpsim validate: ${report.file} (${report.rows.length} configurations)`, ""];
  const header = ["kernel", "var", "K", "F", "W", "issue", "pred", "elig", "pred", "active", "pred", "cycles", "pred", "err", "dominant stall (measured / predicted)"];
  const rows: string[][] = [header];
  for (const r of report.rows) {
    const m = r.measured;
    const p = r.predicted;
    rows.push([
      r.key.kernel,
      r.key.variant,
      r.key.K,
      r.key.F,
      r.key.warps_per_sm,
      m.issueActive.toFixed(3),
      p.issueActive.toFixed(3),
      m.warpsEligible.toFixed(3),
      p.warpsEligible.toFixed(3),
      m.warpsActive.toFixed(2),
      p.warpsActive.toFixed(2),
      m.cyclesActive.toFixed(0),
      p.cyclesActive.toFixed(0),
      `${(100 * (p.cyclesActive / m.cyclesActive - 1)).toFixed(1)}%`,
      `${r.measuredDominant}${r.measuredDominant === r.predictedDominant ? "" : ` / ${r.predictedDominant} ✗`}`,
    ]);
  }
  const withMemory = report.rows.some((r) => r.memory !== undefined);
  if (withMemory) {
    // The memory system's counters after the stall column: hit rates in percent, DRAM KiB read per SM.
    header.push("L1 hit", "pred", "L2 hit", "pred", "DRAM rd KiB", "pred");
    report.rows.forEach((r, i) => {
      const m = r.memory;
      const pct = (x: number) => (100 * x).toFixed(1);
      const kib = (x: number) => (x / 1024).toFixed(0);
      rows[i + 1].push(...(m === undefined ? ["", "", "", "", "", ""] : [pct(m.measured.l1LoadHitRate), pct(m.predicted.l1LoadHitRate), pct(m.measured.l2ReadHitRate), pct(m.predicted.l2ReadHitRate), kib(m.measured.dramReadBytes), kib(m.predicted.dramReadBytes)]));
    });
  }
  const widths = header.map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const stallColumn = 14;
  for (const row of rows) out.push(row.map((cell, c) => (c < 2 || c === stallColumn ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ").trimEnd());
  const s = report.summary;
  const mark = (ok: boolean) => (ok ? "met" : "NOT met");
  out.push(
    "",
    "error summary",
    `  issue active, mean absolute error     ${s.issueActiveMaePoints.toFixed(2).padStart(6)} points   target <= ${t.issueActiveMaePoints}   ${mark(s.issueActiveMaePoints <= t.issueActiveMaePoints)}`,
    `  issue active, worst row               ${s.issueActiveWorstPoints.toFixed(2).padStart(6)} points   target <= ${t.issueActiveWorstPoints}   ${mark(s.issueActiveWorstPoints <= t.issueActiveWorstPoints)}`,
    `  warps eligible, mean relative error   ${(100 * s.warpsEligibleMre).toFixed(1).padStart(6)}%         target <= ${100 * t.warpsEligibleMre}%  ${mark(s.warpsEligibleMre <= t.warpsEligibleMre)}   (rows with measured eligible >= 0.05)`,
    `  active cycles, MAPE                   ${(100 * s.cyclesActiveMape).toFixed(1).padStart(6)}%         target <= ${100 * t.cyclesActiveMape}%   ${mark(s.cyclesActiveMape <= t.cyclesActiveMape)}`,
    `  dominant stall reason matches         ${String(s.dominantStallMatches).padStart(6)} of ${s.rows}   target ${t.dominantStallShare === 1 ? "all" : `${100 * t.dominantStallShare}%`}   ${mark(s.dominantStallMatches >= t.dominantStallShare * s.rows)}`,
  );
  if (s.memory !== undefined) {
    const hit = t.hitRateMaePoints ?? 10;
    const dram = t.dramReadMape ?? 0.1;
    out.push(
      Number.isNaN(s.memory.l1HitMaePoints)
        ? "  L1 hit rate of loads, MAE                n/a (no row loads through the LSU: copies only)"
        : `  L1 hit rate of loads, MAE             ${s.memory.l1HitMaePoints.toFixed(1).padStart(6)} points   target <= ${hit}  ${mark(s.memory.l1HitMaePoints <= hit)}`,
      `  L2 hit rate of reads, MAE             ${s.memory.l2HitMaePoints.toFixed(1).padStart(6)} points   target <= ${hit}  ${mark(s.memory.l2HitMaePoints <= hit)}`,
      Number.isNaN(s.memory.dramReadMape)
        ? "  DRAM bytes read, MAPE                    n/a (no row reads 1 KiB per SM from DRAM)"
        : `  DRAM bytes read, MAPE                 ${(100 * s.memory.dramReadMape).toFixed(1).padStart(6)}%         target <= ${100 * dram}%  ${mark(s.memory.dramReadMape <= dram)}`,
    );
  }
  return out.join("\n") + "\n";
}
