import { Command, InvalidArgumentError } from "commander";
import { stringify } from "csv-stringify/sync";
import { sweepCharts, writeCharts } from "../../report/charts.js";
import { addChartOptions, chartFileOptions, type ChartFlags } from "../chart-options.js";
import { incompleteMessage } from "../../report/incomplete.js";
import { availableParallelism } from "node:os";
import { axesFromSection, expandSweep, parseShard, parseVary, shardIndices, type Assignment, type Shard, type SweepAxis } from "../../scenario/sweep.js";
import { DEFAULTS } from "../../defaults.js";
import type { SweepResult } from "../../run/sweep/run-sweep.js";
import { ConfigError, ExitCode } from "../../errors.js";
import type { SweepRow } from "../../run/sweep/sweep-row.js";
import { writeOutput, writingTo, type CliIo } from "../io.js";
import { oneOf, share, wholeNumber } from "../options.js";
import { progressBar } from "../progress.js";
import { addSassOptions, checkOneInput, sassScenarioSource } from "../sass-run.js";
import type { SassRunOptions } from "../sass-options.js";

const FORMATS = ["csv", "json"] as const;

interface SweepCliOptions extends ChartFlags {
  allowAnyPath?: boolean;
  vary: string[];
  format: (typeof FORMATS)[number];
  out?: string;
  jobs?: number;
  chart?: string;
  histogram?: string;
  shard?: Shard;
  seed?: number;
  seeds?: number;
  spread?: string;
  maxCycles: number;
  sample?: number;
}

export function sweepCommand(io: CliIo, setExit: (code: number) => void): Command {
  return addSassOptions(addChartOptions(new Command("sweep")))
    .description("run a scenario over every combination of swept fields, in parallel")
    .argument("[scenario]", "scenario file (YAML or JSON); its `sweep:` section, if any, gives the fields to vary (or --sass FILE and its flags, varied with --vary)")
    .option("-v, --vary <field=values>", "a field and its values: launch.blocks=1..16, program.ilp=1,2,4,8, 0..64:8 (repeatable; adds to the file's sweep, or replaces its entry for the same field)", (v: string, all: string[]) => [...all, v], [] as string[])
    .option("-f, --format <format>", "csv (one row per configuration: parameters, then every metric) or json", oneOf(FORMATS), "csv")
    .option("-o, --out <file>", "write the rows to this file instead of standard output")
    .option("-j, --jobs <n>", "worker threads (default: all cores for sweeps of over 10^7 estimated warp-instructions, else 1; 1 runs in this thread)", wholeNumber(1))
    .option("--chart <dir>", "write charts (and their Vega-Lite specs) to this folder: SVG, or --chart-format png,pdf")
    .option("--histogram <file>", "write the eligible-warps histograms as long CSV: the swept fields, eligible (k), cycles")
    .option("--shard <i/n>", "run only part i of n of the configurations (every n-th), rows labelled for `warpsim merge`", parseShardOption)
    .option("-s, --seed <n>", "seed for every configuration (default: the scenario's)", wholeNumber(0))
    .option("--seeds <n>", "run each configuration with n seeds (the seed and the n - 1 after it): a row per configuration and seed, charts of the mean with min-max bars", wholeNumber(1))
    .option("--spread <file>", "with --seeds: write each configuration's mean, standard deviation, minimum and maximum of every metric over the seeds as CSV")
    .option("--max-cycles <n>", "cycle limit of each configuration", wholeNumber(1), DEFAULTS.maxCycles)
    .option("--sample <precision>", "sample each configuration's run (run --sample; docs/sampling.md): rows are estimates, with sampled_simulated_share and sampled_cycles_half_width columns", share)
    .addHelpText(
      "after",
      `
Configurations are the Cartesian product of the axes, the first varying slowest. Rows are
identical to running each configuration alone and do not depend on --jobs.
Exit codes: 0 every configuration completed; 1 bad input; 2 some configuration deadlocked or hit
the cycle limit (its row has that outcome; stderr says what its warps were doing); 130 Ctrl-C
(the rows of the configurations that finished are written).

Examples:
  warpsim sweep scenarios/sweep-ilp-warps.yaml --chart out/
  warpsim sweep scenarios/latency-hiding/ilp1-w1.yaml --vary launch.blocks=1..16 --vary program.ilp=1,2,4,8
  warpsim sweep --sass validation/exec/kernels.sass --kernel tail_stride --grid 264 --block 256 \\
    --args 'ptr:4MiB, i32:200003' --vary program.args.1=i32:67584,i32:200003 --vary program.grid.0=132,264`,
    )
    .action(async (file: string | undefined, opts: SweepCliOptions & Partial<SassRunOptions>) => {
      checkOneInput("sweep", file, opts);
      const [{ parseDocument }, { documentData, readScenarioSource }, { runSweepDetailed }] = await Promise.all([
        import("yaml"),
        import("../../scenario/load.js"),
        import("../../run/sweep/run-sweep.js"),
      ]);
      const source = file !== undefined ? readScenarioSource(file) : await sassScenarioSource(opts as SassRunOptions, io);
      const data = documentData(parseDocument(source.text), source.text, source.file);
      const section = data !== null && typeof data === "object" ? (data as Record<string, unknown>).sweep : undefined;
      const fromCli = opts.vary.map(parseVary);
      // --vary replaces the file's axis for the same field.
      const fromFile = axesFromSection(section, source.file).filter((a) => !fromCli.some((c) => c.path.join(".") === a.path.join(".")));
      const axes: SweepAxis[] = [...fromFile, ...fromCli];
      // --seeds N: the seed becomes one more varied field, from --seed (else the scenario's) on.
      const seeds = opts.seeds === undefined ? undefined : Number(opts.seeds);
      if (seeds !== undefined) {
        if (!Number.isInteger(seeds) || seeds < 1 || seeds > 1000) throw new ConfigError(`--seeds: expected a whole number of seeds from 1 to 1000, found "${opts.seeds}".`);
        if (axes.some((a) => a.path.join(".") === "seed")) throw new ConfigError("--seeds varies the seed; the sweep already varies `seed` (its sweep section or --vary): give one of them.");
        const record = data !== null && typeof data === "object" ? (data as Record<string, unknown>) : {};
        const base = opts.seed ?? (typeof record.seed === "number" ? record.seed : DEFAULTS.seed);
        axes.push({ path: ["seed"], values: Array.from({ length: seeds }, (_, i) => base + i) });
      } else if (opts.spread !== undefined) throw new ConfigError("--spread summarizes a sweep over seeds: give --seeds N too.");
      const all = expandSweep(axes);
      // A shard runs every N-th configuration and labels its rows with their index in the
      // whole sweep, so that `warpsim merge` can put the parts back in order.
      const globalIndex = opts.shard === undefined ? undefined : shardIndices(all.length, opts.shard);
      const configurations = globalIndex === undefined ? all : globalIndex.map((k) => all[k]);
      const wanted = opts.jobs ?? (await defaultJobs(source.text, source.file, configurations));
      const { addressSpaceLimit, workersWithin } = await import("../../run/sweep/address-space.js");
      const limit = addressSpaceLimit();
      const jobs = Math.min(wanted, configurations.length) > 1 ? workersWithin(limit, wanted) : wanted;
      if (jobs < wanted && Math.min(wanted, configurations.length) > 1) {
        io.stderr(`warpsim: note: the address-space limit (ulimit -v, ${(limit / 2 ** 30).toFixed(1)} GiB) leaves room for ${jobs === 1 ? "no worker threads (each reserves about 0.5 GiB); the sweep runs in this thread" : `${jobs} worker threads (each reserves about 0.5 GiB), not ${wanted}`}. Raise the limit (ulimit -v) for more.\n`);
      }
      await noteLongSweep(io, source.text, source.file, configurations, opts.maxCycles, opts.allowAnyPath === true);
      const progress = progressBar(io, "sweep");
      const controller = new AbortController();
      const onInterrupt = () => controller.abort();
      process.once("SIGINT", onInterrupt);
      let result: SweepResult;
      try {
        result = await runSweepDetailed({
          text: source.text,
          file: source.file,
          configurations,
          jobs,
          seed: seeds === undefined ? opts.seed : undefined,
          maxCycles: opts.maxCycles,
          ...(opts.sample !== undefined ? { sample: opts.sample } : {}),
          anyPath: opts.allowAnyPath === true,
          onProgress: progress.update,
          signal: controller.signal,
        });
      } finally {
        progress.stop();
        process.removeListener("SIGINT", onInterrupt);
      }
      const rows = globalIndex === undefined ? result.rows : result.rows.map((row, i) => ({ configuration: globalIndex[result.indices[i]], ...row }));
      const text = opts.format === "json" ? JSON.stringify(rows, null, 2) + "\n" : formatSweepCsv(rows);
      if (opts.out) writeOutput(opts.out, text);
      else io.stdout(text);
      if (opts.spread !== undefined) {
        const { seedSpread } = await import("../../run/sweep/seed-spread.js");
        writeOutput(opts.spread, formatSweepCsv(seedSpread(rows, axes.map((a) => a.path.join(".")))));
      }
      if (opts.histogram) writeOutput(opts.histogram, formatHistogramCsv(rows, result.histograms, axes.map((a) => a.path.join("."))));
      if (opts.chart && opts.shard !== undefined) io.stderr("warpsim: note: --chart skipped for a shard (charts need every row; run `warpsim merge` first).\n");
      if (opts.chart && !result.interrupted && opts.shard === undefined) {
        const written = await writingTo(opts.chart, () => writeCharts(opts.chart!, sweepCharts(rows, axes.map((a) => a.path.join("."))), chartFileOptions(opts)));
        io.stderr(`charts: ${written.join(", ")}\n`);
      }
      // Runs that could not finish still give a row (outcome column); say which and why.
      for (const run of result.incomplete.slice(0, 5)) io.stderr(incompleteMessage(run.label, run.outcome));
      if (result.incomplete.length > 5) io.stderr(`warpsim: ... and ${result.incomplete.length - 5} more configurations that could not finish.\n`);
      if (result.incomplete.length > 0) setExit(ExitCode.simulationIncomplete);
      if (result.interrupted) {
        io.stderr(`warpsim: sweep interrupted: ${rows.length} of ${configurations.length} configurations finished; their rows were written${opts.chart ? " (charts skipped)" : ""}.\n`);
        setExit(ExitCode.interrupted);
      }
    });
}

/**
 * Warp-instructions below which a sweep runs in this thread: starting workers (about 0.1 s
 * each) and shipping tasks to them costs more than it saves below about 1-2 s of work
 * (28 small configurations: 1.18 s in one thread, 1.38 s on two workers).
 */
const PARALLEL_ABOVE_INSTRUCTIONS = 1e7;

/**
 * All cores when the sweep is big enough to gain from them, else 1. The work is estimated from
 * the first, middle and last configurations (sweeps usually grow along their axes).
 */
async function defaultJobs(text: string, file: string, configurations: readonly (readonly Assignment[])[]): Promise<number> {
  const [{ parseScenario, readerBeside }, { estimatedInstructions }] = await Promise.all([import("../../scenario/load.js"), import("../../run/simulate.js")]);
  const sample = [...new Set([0, Math.floor(configurations.length / 2), configurations.length - 1])];
  let instructions = 0;
  for (const i of sample) {
    try {
      instructions += estimatedInstructions(parseScenario(text, file, configurations[i], { readFile: readerBeside(file, true) }));
    } catch {
      return availableParallelism(); // bad input is reported by the run itself
    }
  }
  return (instructions / sample.length) * configurations.length < PARALLEL_ABOVE_INSTRUCTIONS ? 1 : availableParallelism();
}

/** The long-run note of `run` for the whole sweep, from its middle configuration (nothing for bad input: the run reports it). */
async function noteLongSweep(io: CliIo, text: string, file: string, configurations: readonly (readonly Assignment[])[], maxCycles: number | undefined, anyPath: boolean): Promise<void> {
  const [{ parseScenario, readerBeside }, { noteLongRun }] = await Promise.all([import("../../scenario/load.js"), import("../simulate-cli.js")]);
  if (configurations.length === 0) return;
  try {
    const scenario = parseScenario(text, file, configurations[Math.floor(configurations.length / 2)], { readFile: readerBeside(file, anyPath) });
    noteLongRun(io, `the sweep of ${configurations.length} configurations of ${file}`, scenario, maxCycles, configurations.length, "takes");
  } catch {
    // bad input is reported by the run itself
  }
}

function parseShardOption(value: string): Shard {
  try {
    return parseShard(value);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message.replace(/^--shard: /, ""));
  }
}

/** Long CSV of the histograms: a row per configuration and eligible-warp count k. */
export function formatHistogramCsv(rows: readonly SweepRow[], histograms: readonly (readonly number[])[], varied: readonly string[]): string {
  const label = rows.length > 0 && "configuration" in rows[0] ? ["configuration"] : [];
  const columns = [...label, "scenario", "seed", ...varied.filter((v) => v !== "seed"), "eligible", "cycles"];
  const out: (string | number)[][] = [];
  rows.forEach((row, i) => histograms[i].forEach((cycles, k) => out.push([...columns.slice(0, -2).map((c) => row[c]), k, cycles])));
  return stringify(out, { header: true, columns });
}

/** Tidy CSV: one row per configuration, the same columns in every row. */
export function formatSweepCsv(rows: readonly SweepRow[]): string {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0]);
  return stringify(
    rows.map((r) => columns.map((c) => r[c])),
    { header: true, columns },
  );
}
