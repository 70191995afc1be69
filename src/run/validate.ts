import type { SampledReport } from "../stats/metrics.js";
import { readInputFile } from "../input-file.js";
import { LIMITS } from "../limits.js";
import { parse } from "csv-parse/sync";
import { ConfigError, ScenarioError, type ScenarioIssue } from "../errors.js";
import { resolveScenario } from "../scenario/resolve.js";
import { scenarioSchema } from "../scenario/schema.js";
import { simulate } from "./simulate.js";
import { WARP_STATE_NAMES, type WarpStateName } from "../stats/warp-state.js";
import type { BenchConfig } from "../program/generators/h100-kernels.js";
import { readerBeside } from "../scenario/load.js";
import { argsRowScenario, fixtureArgsRow, readSassFixtures, sassRowScenario, type SassFixtures } from "./sass-fixtures.js";
import { BENCH_SASS_FIXTURES, benchRowScenario } from "./bench-sass.js";

/** Stall reasons Nsight Compute reports on GH100 (ncu 2025.3), in its order. */
export const NCU_STALL_REASONS = [
  "barrier", "branch_resolving", "dispatch_stall", "drain", "gmma", "imc_miss", "lg_throttle", "long_scoreboard",
  "math_pipe_throttle", "membar", "mio_throttle", "misc", "no_instruction", "not_selected", "selected",
  "short_scoreboard", "sleeping", "tex_throttle", "wait",
] as const;
export type NcuStallReason = (typeof NCU_STALL_REASONS)[number];

const KEY_COLUMNS = ["kernel", "variant", "K", "F", "warps_per_sm"] as const;
const REQUIRED = [...KEY_COLUMNS, "threads_per_block", "blocks", "iters", "d_issue_active_per_active_cycle",
  "d_warps_eligible_per_active_cycle", "d_warps_active_per_active_cycle", "sm__cycles_active.avg"] as const;

export interface Quantities {
  readonly issueActive: number;
  readonly warpsEligible: number;
  readonly warpsActive: number;
  readonly cyclesActive: number;
  /** Warp-instructions of one SM (measured: smsp__inst_executed.sum over the SMs; NaN without it). */
  readonly instructions: number;
  /** Warp-cycles per issued instruction, by ncu reason. */
  readonly stallPerIssue: Readonly<Record<NcuStallReason, number>>;
}

/** Where global accesses went (rows run from their addresses, variant `args`): rates as fractions, bytes per SM. */
export interface MemoryQuantities {
  /** Sectors global loads asked of the L1, and the L1 of the L2 (NaN where not measured). */
  readonly loadSectors: number;
  readonly l2ReadSectors: number;
  readonly l1LoadHitRate: number;
  readonly l2ReadHitRate: number;
  readonly dramReadBytes: number;
  readonly dramWriteBytes: number;
}

export interface ValidationRow {
  readonly key: Readonly<Record<(typeof KEY_COLUMNS)[number], string>>;
  readonly measured: Quantities;
  readonly predicted: Quantities;
  readonly memory?: { readonly measured: MemoryQuantities; readonly predicted: MemoryQuantities };
  /** Largest stall reason other than `selected`. */
  readonly measuredDominant: NcuStallReason;
  readonly predictedDominant: NcuStallReason;
  /** A sampled run's account (validate --sample): its share simulated and its cycles' interval. */
  readonly sampled?: SampledReport;
}

export interface ValidationSummary {
  readonly rows: number;
  /** Mean absolute error of issue active, in points (0.01). */
  readonly issueActiveMaePoints: number;
  readonly issueActiveWorstPoints: number;
  /** Mean relative error of eligible warps over rows with measured eligible >= 0.05. */
  readonly warpsEligibleMre: number;
  /** Mean absolute percentage error of active cycles. */
  readonly cyclesActiveMape: number;
  readonly dominantStallMatches: number;
  /** Over rows whose kernel reads global memory: mean absolute error of the L1 (NaN when no row loads through the LSU) and L2 hit rates (points), DRAM bytes read (MAPE; NaN when no row reads 1 KiB per SM from DRAM). */
  readonly memory?: { readonly l1HitMaePoints: number; readonly l2HitMaePoints: number; readonly dramReadMape: number };
}

export interface ValidationReport {
  readonly file: string;
  readonly rows: readonly ValidationRow[];
  readonly summary: ValidationSummary;
}

/** Reads a CSV with the columns of validation/h100/data/summary.csv, checking them. */
export function readValidationData(file: string): Record<string, string>[] {
  const read = readInputFile(file, LIMITS.inputFileBytes, "a CSV file");
  if ("expected" in read) throw new ScenarioError([{ code: "parse_error", file, path: [], expected: read.expected, found: read.found }]);
  const text = read.text;
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    throw new ScenarioError([{ code: "parse_error", file, path: [], expected: "CSV with a header row", found: (e as Error).message }]);
  }
  const issues: ScenarioIssue[] = [];
  const columns = records.length > 0 ? Object.keys(records[0]) : [];
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (records.length === 0 || missing.length > 0) {
    issues.push({
      code: "missing_field",
      file,
      path: [],
      line: 1,
      expected: `the columns of validation/h100/data/summary.csv (${REQUIRED.join(", ")})`,
      found: records.length === 0 ? "no data rows" : `no column ${missing.join(", ")}`,
    });
  }
  records.forEach((r, i) => {
    if (issues.length > 0) return;
    const sass = r.variant === "sass" || r.variant === "args";
    if (!sass && r.variant !== "args" && r.kernel !== "fma_chain" && r.kernel !== "ld_chain") {
      issues.push({ code: "invalid_field", file, path: ["kernel"], line: i + 2, expected: "fma_chain or ld_chain (or variant sass)", found: JSON.stringify(r.kernel) });
    }
    for (const c of ["K", "F", "warps_per_sm", "threads_per_block", "blocks", "iters"]) {
      const n = Number(r[c]);
      if (!Number.isInteger(n) || n < (c === "F" || sass ? 0 : 1)) {
        issues.push({ code: "invalid_field", file, path: [c], line: i + 2, expected: `a whole number >= ${c === "F" ? 0 : 1}`, found: JSON.stringify(r[c]) });
      }
    }
  });
  if (issues.length > 0) throw new ScenarioError(issues);
  return records;
}

/**
 * Simulates every row and compares it with its measurements. Rows of variant `sass` are
 * kernels run from their SASS (validation/sass/), which needs the fixtures' description.
 */
export function validate(
  records: readonly Record<string, string>[],
  file: string,
  onRow?: (done: number, total: number) => void,
  sassFixtures?: SassFixtures,
  fromArgs?: { readonly cache: "cold" | "warm" },
  options: { readonly sample?: number } = {},
): ValidationReport {
  const rows = records.map((r, i) => {
    // Run from arguments: the fixture's kernel runs on its launch, memory from its addresses.
    const input = fromArgs !== undefined && sassFixtures !== undefined ? { ...fixtureArgsRow(r, sassFixtures, file), cache: fromArgs.cache } : r;
    const row = validateRow(input, file, i + 2, sassFixtures, options.sample);
    onRow?.(i + 1, records.length);
    return row;
  });
  return { file, rows, summary: summarize(rows) };
}

/** The benchmark configuration of a row of validation/h100/data/summary.csv. */
export function configOf(r: Record<string, string>): BenchConfig {
  return {
    kernel: r.kernel as BenchConfig["kernel"],
    variant: r.variant,
    K: Number(r.K),
    F: Number(r.F),
    warpsPerSm: Number(r.warps_per_sm),
    threadsPerBlock: Number(r.threads_per_block),
    blocks: Number(r.blocks),
    dynSmemBytes: Number(r.dyn_smem_bytes ?? 0) || 0,
    iters: Number(r.iters),
    instPerWarp: r.inst_per_warp !== undefined && r.inst_per_warp !== "" ? Number(r.inst_per_warp) : undefined,
  };
}

/** The microbenchmarks' own SASS (bench-sass.ts), read at the first row that needs it. */
let benchFixtures: SassFixtures | undefined;

function validateRow(r: Record<string, string>, file: string, line: number, sassFixtures: SassFixtures | undefined, sample: number | undefined): ValidationRow {
  const where = `${file} line ${line}`;
  let resolved;
  if (r.variant === "args") {
    if (sassFixtures === undefined) throw new ScenarioError([{ code: "invalid_field", file, path: ["variant"], line, expected: "a SASS listing for rows of variant args", found: "none given" }]);
    resolved = resolveScenario(scenarioSchema.parse(argsRowScenario(r, sassFixtures.listing)), { file: where, readFile: readerBeside(sassFixtures.listing) });
  } else if (r.variant === "sass") {
    if (sassFixtures === undefined) throw new ScenarioError([{ code: "invalid_field", file, path: ["variant"], line, expected: "SASS fixtures for rows of variant sass", found: "none given" }]);
    const fields = scenarioSchema.parse(sassRowScenario(r, sassFixtures, where));
    resolved = resolveScenario(fields, { file: where, readFile: readerBeside(sassFixtures.listing) });
  } else {
    benchFixtures ??= readSassFixtures(BENCH_SASS_FIXTURES);
    const { fields } = benchRowScenario(configOf(r), benchFixtures);
    resolved = resolveScenario(scenarioSchema.parse(fields), { file: where, readFile: readerBeside(benchFixtures.listing) });
  }
  if (!resolved.ok) throw new ScenarioError(resolved.issues);
  const result = simulate(resolved.scenario, sample !== undefined ? { sample } : {});
  // A row the simulation cannot finish has no prediction to compare (a deadlock is warpsim's
  // fault here: the H100 ran the kernel): the family stops, naming the row and its warps.
  const o = result.outcome;
  if (o.status !== "completed") {
    const warps = o.stuckWarps.slice(0, 3).map((w) => `warp ${w.warpInBlock} of block ${w.block} in ${w.state} at "${w.instruction}"`);
    throw new ConfigError(
      `${where} (${r.kernel}): the simulation could not finish (${o.status} at cycle ${o.atCycle}; ${warps.join("; ")}${o.stuckWarps.length > 3 ? `; and ${o.stuckWarps.length - 3} more warps` : ""}), so the row has no prediction to compare.`,
    );
  }
  const sm = result.sm;
  const predictedStalls = Object.fromEntries(
    NCU_STALL_REASONS.map((reason) => [reason, (WARP_STATE_NAMES as readonly string[]).includes(reason) ? sm.stalls[reason as WarpStateName].perIssue : 0]),
  ) as Record<NcuStallReason, number>;
  const measuredStalls = Object.fromEntries(NCU_STALL_REASONS.map((reason) => [reason, Number(r[`d_stall_${reason}_per_issue`] ?? 0) || 0])) as Record<
    NcuStallReason,
    number
  >;
  const measured: Quantities = {
    issueActive: Number(r.d_issue_active_per_active_cycle),
    warpsEligible: Number(r.d_warps_eligible_per_active_cycle),
    warpsActive: Number(r.d_warps_active_per_active_cycle),
    cyclesActive: Number(r["sm__cycles_active.avg"]),
    // Per SM: the grid's blocks over the blocks each SM runs (one for the fixtures); a grid run
    // from its arguments spreads over every SM.
    instructions: r["smsp__inst_executed.sum"] !== undefined ? Number(r["smsp__inst_executed.sum"]) / (r.variant === "args" ? resolved.scenario.arch.smCount : Number(r.blocks) / Number(r.blocks_per_sm || 1)) : NaN,
    stallPerIssue: measuredStalls,
  };
  const sms = resolved.scenario.arch.smCount;
  // ncu's counts are the GPU's over its SMs, idle ones included; the run's are its SM's: per
  // block alike, the mean SM's share is the grid's blocks over the SMs (a grid of 16 blocks: 16/132 of one).
  const g = result.gpu;
  const perMeanSm = g === undefined ? 1 : g.classes.reduce((n, c) => n + c.sms * c.blocks, 0) / g.smCount / Math.max(1, g.classes[0].blocks);
  const predicted: Quantities = {
    issueActive: sm.issueActive,
    warpsEligible: sm.warpsEligible,
    warpsActive: sm.warpsActive,
    // ncu's sm__cycles_active.avg is the mean over the SMs (GpuReport when they differ).
    cyclesActive: result.gpu?.meanSmActiveCycles ?? result.smActiveCycles,
    // The measured count of a run from its arguments is the grid's over every SM (idle ones too).
    instructions: sm.instExecuted * (r.variant === "args" ? perMeanSm : 1),
    stallPerIssue: predictedStalls,
  };
  const memory =
    r.variant === "args" && result.memory !== undefined
      ? {
          measured: {
            loadSectors: Number(r["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]) / sms,
            l2ReadSectors: Number(r["lts__t_sectors_op_read.sum"] ?? NaN) / sms,
            l1LoadHitRate: Number(r["l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct"]) / 100,
            l2ReadHitRate: Number(r["lts__t_sector_op_read_hit_rate.pct"]) / 100,
            dramReadBytes: Number(r["dram__bytes_read.sum"]) / sms,
            dramWriteBytes: Number(r["dram__bytes_write.sum"]) / sms,
          },
          predicted: {
            loadSectors: result.memory.loadSectors * perMeanSm,
            l2ReadSectors: result.memory.l2ReadSectors * perMeanSm,
            l1LoadHitRate: result.memory.l1LoadHitRate,
            l2ReadHitRate: result.memory.l2ReadHitRate,
            dramReadBytes: result.memory.dramReadBytes * perMeanSm,
            dramWriteBytes: result.memory.dramWriteBytes * perMeanSm,
          },
        }
      : undefined;
  return {
    key: Object.fromEntries(KEY_COLUMNS.map((c) => [c, r[c]])) as ValidationRow["key"],
    measured,
    predicted,
    ...(memory !== undefined ? { memory } : {}),
    measuredDominant: dominant(measuredStalls),
    predictedDominant: dominant(predictedStalls),
    ...(result.sampled !== undefined ? { sampled: result.sampled } : {}),
  };
}

function dominant(stalls: Record<NcuStallReason, number>): NcuStallReason {
  let best: NcuStallReason = "wait";
  for (const reason of NCU_STALL_REASONS) {
    if (reason !== "selected" && stalls[reason] > stalls[best]) best = reason;
  }
  return best;
}

export function summarize(rows: readonly ValidationRow[]): ValidationSummary {
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const issueErrors = rows.map((r) => Math.abs(r.predicted.issueActive - r.measured.issueActive) * 100);
  const eligibleRows = rows.filter((r) => r.measured.warpsEligible >= 0.05);
  return {
    rows: rows.length,
    issueActiveMaePoints: mean(issueErrors),
    issueActiveWorstPoints: Math.max(0, ...issueErrors),
    warpsEligibleMre: mean(eligibleRows.map((r) => Math.abs(r.predicted.warpsEligible - r.measured.warpsEligible) / r.measured.warpsEligible)),
    cyclesActiveMape: mean(rows.map((r) => Math.abs(r.predicted.cyclesActive - r.measured.cyclesActive) / r.measured.cyclesActive)),
    dominantStallMatches: rows.filter((r) => r.predictedDominant === r.measuredDominant).length,
    ...memorySummary(rows),
  };
}

function memorySummary(rows: readonly ValidationRow[]): Pick<ValidationSummary, "memory"> {
  // Hit rates of kernels that read global memory (a kernel without loads has no L1 load hit
  // rate, and the L2's read hit rate is then about other traffic); DRAM of those that read any.
  // Copies (TMA, bulk) read the L2 without the LSU's loads: a kernel of copies has L2 and DRAM figures, no L1 one.
  const m = rows.flatMap((r) => (r.memory !== undefined && (r.memory.predicted.loadSectors > 0 || r.memory.predicted.l2ReadSectors > 0) ? [r.memory] : []));
  if (m.length === 0) return {};
  const l1 = m.filter((x) => x.predicted.loadSectors > 0);
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  // DRAM error where the kernel reads at least a KiB per SM from DRAM (a percentage of nearly nothing says nothing).
  const dram = m.filter((x) => x.measured.dramReadBytes >= 1024);
  const l2 = m.filter((x) => x.predicted.l2ReadSectors > 0);
  return {
    memory: {
      l1HitMaePoints: l1.length === 0 ? NaN : mean(l1.map((x) => Math.abs(x.predicted.l1LoadHitRate - x.measured.l1LoadHitRate) * 100)),
      l2HitMaePoints: mean(l2.map((x) => Math.abs(x.predicted.l2ReadHitRate - x.measured.l2ReadHitRate) * 100)),
      dramReadMape: dram.length === 0 ? NaN : mean(dram.map((x) => Math.abs(x.predicted.dramReadBytes - x.measured.dramReadBytes) / x.measured.dramReadBytes)),
    },
  };
}
