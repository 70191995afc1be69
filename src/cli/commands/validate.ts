import { existsSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../../errors.js";
import { Command } from "commander";
import { validationCharts, writeCharts } from "../../report/charts.js";
import { addChartOptions, chartFileOptions, type ChartFlags } from "../chart-options.js";
import { writingTo, type CliIo } from "../io.js";
import { oneOf, share } from "../options.js";
import { progressBar } from "../progress.js";
import type { ValidationTargets } from "../../report/validation-report.js";

interface ValidationPoint {
  variant: string;
  K: string;
  F: string;
  warps: number;
  measured: number;
  predicted: number;
  kernel: string;
}

const FORMATS = ["table", "csv", "json"] as const;

/** The bundled H100 measurements (validation/h100/data/summary.csv in the package). */
export const BUNDLED_DATA = fileURLToPath(new URL("../../../validation/h100/data/summary.csv", import.meta.url));
/** The SASS fixtures and their H100 measurements (validation/sass/). */
export const BUNDLED_SASS = fileURLToPath(new URL("../../../validation/sass/kernels.json", import.meta.url));
/** Captured with warm caches (the ground truth's L2 method) and with caches flushed before each pass. */
export const BUNDLED_SASS_WARM = fileURLToPath(new URL("../../../validation/sass/data-warm/summary.csv", import.meta.url));
export const BUNDLED_SASS_FLUSHED = fileURLToPath(new URL("../../../validation/sass/data/summary.csv", import.meta.url));
/** Kernels no parameter was fitted to (validation/sass/heldout), warm caches. */
export const BUNDLED_HELDOUT = fileURLToPath(new URL("../../../validation/sass/heldout/kernels.json", import.meta.url));
export const BUNDLED_HELDOUT_DATA = fileURLToPath(new URL("../../../validation/sass/heldout/data/summary.csv", import.meta.url));
/** Ordinary kernels run from their listing and arguments, memory from their addresses (validation/memory), caches flushed. */
export const BUNDLED_MEMORY = fileURLToPath(new URL("../../../validation/memory/kernels.json", import.meta.url));
export const BUNDLED_MEMORY_DATA = fileURLToPath(new URL("../../../validation/memory/data/summary.csv", import.meta.url));
export const BUNDLED_MEMORY_WARM = fileURLToPath(new URL("../../../validation/memory/data/summary-warm.csv", import.meta.url));
/** Warp-specialized TMA + HGMMA GEMMs run from their listing and arguments (validation/async), caches flushed. */
export const BUNDLED_ASYNC = fileURLToPath(new URL("../../../validation/async/kernels.json", import.meta.url));
export const BUNDLED_ASYNC_DATA = fileURLToPath(new URL("../../../validation/async/data/summary.csv", import.meta.url));
/** Everyday kernels written without regard to the model (validation/corpus), run from their listing and arguments, caches flushed. */
export const BUNDLED_CORPUS = fileURLToPath(new URL("../../../validation/corpus/kernels.json", import.meta.url));
export const BUNDLED_CORPUS_DATA = fileURLToPath(new URL("../../../validation/corpus/data/summary.csv", import.meta.url));
/** What to tell a user whose install lacks the files `needed` (none missing: undefined). */
export function missingValidationData(needed: readonly string[]): string | undefined {
  const missing = needed.filter((f) => !existsSync(f));
  if (missing.length === 0) return undefined;
  return `warpsim validate needs the H100 measurements and listings of warpsim's repository (validation/), which the npm package leaves out; not found: ${missing.map((f) => relative(process.cwd(), f)).join(", ")}. Run it from a clone of the repository (npm ci && npx warpsim validate).`;
}

const FAMILIES = ["all", "micro", "sass", "sass-flushed", "heldout", "memory", "memory-warm", "sass-args", "heldout-args", "async", "corpus"] as const;

export function validateCommand(io: CliIo): Command {
  return addChartOptions(new Command("validate"))
    .description("simulate H100 microbenchmark configurations and compare with their Nsight Compute counters")
    .option("-d, --data <file>", "CSV with the columns of validation/h100/data/summary.csv (default: the bundled H100 data)")
    .option("-f, --format <format>", "output format: table (with the error summary), csv or json", oneOf(FORMATS), "table")
    .option("--sample <precision>", "sample each row's run (run --sample; docs/sampling.md): the predictions are estimates, each row's JSON says how much was simulated and its cycles' interval", share)
    .option("--chart <dir>", "write predicted-vs-measured charts of issue active (one per variant) to this folder: SVG, or --chart-format png,pdf")
    .option("--family <family>", "micro (fma_chain and ld_chain), sass (kernels run from their SASS, validation/sass, warm caches), sass-flushed (the same, caches flushed before each pass), heldout (kernels nothing was fitted to), memory (ordinary kernels run from their arguments, memory from their addresses, validation/memory; memory-warm: the same launches with warm caches), sass-args and heldout-args (sass-flushed and heldout run from their arguments instead of declared trips and hit rates), async (warp-specialized TMA + HGMMA GEMMs at 2 to 5 stages, validation/async), corpus (82 everyday kernels nothing was fitted to, 83 launches, run from their arguments, validation/corpus) or all", oneOf(FAMILIES), "all")
    .addHelpText(
      "after",
      `
Family micro: each row (kernel fma_chain or ld_chain, variant fma/dram/l2, ILP K, compute per
load F, warps per SM W, launch and iteration count) runs the benchmark's own SASS
(validation/microbench/bench-sass, src/run/bench-sass.ts) on the sm_90 preset.
Family sass: nine kernels of different kinds (validation/sass/kernels.cu) at W = 4, 8, 16, 32,
each predicted from its cuobjdump listing (warpsim run --sass) with trip counts from the launch
and the measured cache hit rates as the load level mix, measured with warm caches;
sass-flushed: the same with caches flushed before each pass. See docs/validation.md.

Example:
  warpsim validate
  warpsim validate --data my-gpu/summary.csv --format csv > predicted.csv`,
    )
    .action(async (opts: { data?: string; format: (typeof FORMATS)[number]; chart?: string; family: (typeof FAMILIES)[number]; sample?: number } & ChartFlags) => {
      const [{ readValidationData, validate }, { readSassFixtures }, report] = await Promise.all([
        import("../../run/validate.js"),
        import("../../run/sass-fixtures.js"),
        import("../../report/validation-report.js"),
      ]);
      const runs: { name: string; file: string; label: string; targets: ValidationTargets; sass: boolean; fixtures?: string; fromArgs?: { cache: "cold" | "warm" } }[] = [];
      const all = opts.family === "all";
      if (all || opts.family === "micro") runs.push({ name: "micro", file: opts.data ?? BUNDLED_DATA, label: opts.data ?? "validation/h100/data/summary.csv", targets: report.VALIDATION_TARGETS, sass: false });
      if (all || opts.family === "sass") runs.push({ name: "sass", file: BUNDLED_SASS_WARM, label: "validation/sass/data-warm/summary.csv (warm caches)", targets: report.SASS_VALIDATION_TARGETS, sass: true });
      if (all || opts.family === "sass-flushed") runs.push({ name: "sass-flushed", file: BUNDLED_SASS_FLUSHED, label: "validation/sass/data/summary.csv (caches flushed)", targets: report.SASS_VALIDATION_TARGETS, sass: true });
      if (all || opts.family === "heldout") {
        runs.push({ name: "heldout", file: BUNDLED_HELDOUT_DATA, label: "validation/sass/heldout/data/summary.csv (held out: nothing fitted to it)", targets: report.SASS_VALIDATION_TARGETS, sass: true, fixtures: BUNDLED_HELDOUT });
      }
      if (all || opts.family === "memory") {
        runs.push({ name: "memory", file: BUNDLED_MEMORY_DATA, label: "validation/memory/data/summary.csv (run from arguments, caches flushed)", targets: report.MEMORY_VALIDATION_TARGETS, sass: true, fixtures: BUNDLED_MEMORY });
      }
      if (all || opts.family === "memory-warm") {
        runs.push({ name: "memory-warm", file: BUNDLED_MEMORY_WARM, label: "validation/memory/data/summary-warm.csv (run from arguments, warm caches)", targets: report.MEMORY_VALIDATION_TARGETS, sass: true, fixtures: BUNDLED_MEMORY, fromArgs: { cache: "warm" } });
      }
      if (all || opts.family === "sass-args") {
        runs.push({ name: "sass-args", file: BUNDLED_SASS_FLUSHED, label: "validation/sass/data/summary.csv (run from arguments, caches flushed)", targets: report.MEMORY_VALIDATION_TARGETS, sass: true, fromArgs: { cache: "cold" } });
      }
      if (all || opts.family === "heldout-args") {
        runs.push({ name: "heldout-args", file: BUNDLED_HELDOUT_DATA, label: "validation/sass/heldout/data/summary.csv (held out, run from arguments, warm caches)", targets: report.MEMORY_VALIDATION_TARGETS, sass: true, fixtures: BUNDLED_HELDOUT, fromArgs: { cache: "warm" } });
      }
      if (all || opts.family === "async") {
        runs.push({ name: "async", file: BUNDLED_ASYNC_DATA, label: "validation/async/data/summary.csv (warp-specialized GEMMs run from arguments, caches flushed)", targets: report.MEMORY_VALIDATION_TARGETS, sass: true, fixtures: BUNDLED_ASYNC, fromArgs: { cache: "cold" } });
      }
      if (all || opts.family === "corpus") {
        runs.push({ name: "corpus", file: BUNDLED_CORPUS_DATA, label: "validation/corpus/data/summary.csv (everyday kernels run from arguments, caches flushed)", targets: report.MEMORY_VALIDATION_TARGETS, sass: true, fixtures: BUNDLED_CORPUS });
      }
      // The measurements ship with warpsim's repository, not its npm package (they would be most
      // of it): from an installed package, say where they are instead of failing on a path.
      const { BENCH_SASS_FIXTURES } = await import("../../run/bench-sass.js");
      const needed = runs.flatMap((r) => [...(r.file === opts.data ? [] : [r.file]), ...(r.sass ? [r.fixtures ?? BUNDLED_SASS] : [BENCH_SASS_FIXTURES])]);
      const missing = missingValidationData(needed);
      if (missing !== undefined) throw new ConfigError(missing);
      const outputs: string[] = [];
      const points: ValidationPoint[] = [];
      for (const run of runs) {
        const records = readValidationData(run.file);
        const progress = progressBar(io, `validate ${run.name}`);
        const result = validate(records, run.label, progress.update, run.sass ? readSassFixtures(run.fixtures ?? BUNDLED_SASS) : undefined, run.fromArgs, opts.sample !== undefined ? { sample: opts.sample } : {});
        progress.stop();
        if (opts.format === "csv") outputs.push(report.formatValidationCsv(result));
        else if (opts.format === "json") outputs.push(JSON.stringify(result, null, 2));
        else outputs.push(report.formatValidationTable(result, run.targets));
        for (const r of result.rows) {
          const variant = run.sass ? run.name : r.key.variant;
          points.push({ variant, K: r.key.K, F: r.key.F, warps: Number(r.key.warps_per_sm), measured: r.measured.issueActive, predicted: r.predicted.issueActive, kernel: r.key.kernel });
        }
      }
      // CSV of both families: one header. JSON: an array when there are two reports.
      if (opts.format === "csv") io.stdout(outputs.map((o, i) => (i === 0 ? o : o.slice(o.indexOf("\n") + 1))).join(""));
      else if (opts.format === "json") io.stdout((outputs.length === 1 ? outputs[0] : `[${outputs.join(",\n")}]`) + "\n");
      else io.stdout(outputs.join("\n"));
      if (opts.chart) {
        const written = await writingTo(opts.chart, () => writeCharts(opts.chart!, validationCharts(points), chartFileOptions(opts)));
        io.stderr(`charts: ${written.join(", ")}\n`);
      }
    });
}
