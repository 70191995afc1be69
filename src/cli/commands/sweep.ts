import { Command } from "commander";
import { parseDocument } from "yaml";
import { stringify } from "csv-stringify/sync";
import { sweepCharts, writeCharts } from "../../report/charts.js";
import { documentData, readScenarioSource } from "../../scenario/load.js";
import { axesFromSection, expandSweep, parseVary, type SweepAxis } from "../../scenario/sweep.js";
import { DEFAULT_MAX_CYCLES } from "../../simulate.js";
import { runSweepDetailed, type SweepResult } from "../../sweep/run-sweep.js";
import { ExitCode } from "../../errors.js";
import type { SweepRow } from "../../sweep/sweep-row.js";
import { writeOutput, writingTo, type CliIo } from "../io.js";
import { oneOf, wholeNumber } from "../options.js";
import { progressBar } from "../progress.js";

const FORMATS = ["csv", "json"] as const;

interface SweepCliOptions {
  vary: string[];
  format: (typeof FORMATS)[number];
  out?: string;
  jobs?: number;
  chart?: string;
  histogram?: string;
  seed?: number;
  maxCycles: number;
}

export function sweepCommand(io: CliIo, setExit: (code: number) => void): Command {
  return new Command("sweep")
    .description("run a scenario over every combination of swept fields, in parallel")
    .argument("<scenario>", "scenario file (YAML or JSON); its `sweep:` section, if any, gives the fields to vary")
    .option("-v, --vary <field=values>", "a field and its values: launch.blocks=1..16, program.ilp=1,2,4,8, 0..64:8 (repeatable; adds to the file's sweep, or replaces its entry for the same field)", (v: string, all: string[]) => [...all, v], [] as string[])
    .option("-f, --format <format>", "csv (one row per configuration: parameters, then every metric) or json", oneOf(FORMATS), "csv")
    .option("-o, --out <file>", "write the rows to this file instead of standard output")
    .option("-j, --jobs <n>", "worker threads (default: all cores; 1 runs in this thread)", wholeNumber(1))
    .option("--chart <dir>", "write SVG charts (and their Vega-Lite specs) to this folder")
    .option("--histogram <file>", "write the eligible-warps histograms as long CSV: the swept fields, eligible (k), cycles")
    .option("-s, --seed <n>", "seed for every configuration (default: the scenario's)", wholeNumber(0))
    .option("--max-cycles <n>", "cycle limit of each configuration", wholeNumber(1), DEFAULT_MAX_CYCLES)
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
  warpsim sweep scenarios/latency-hiding/ilp1-w1.yaml --vary launch.blocks=1..16 --vary program.ilp=1,2,4,8`,
    )
    .action(async (file: string, opts: SweepCliOptions) => {
      const source = readScenarioSource(file);
      const data = documentData(parseDocument(source.text), source.text, source.file);
      const section = data !== null && typeof data === "object" ? (data as Record<string, unknown>).sweep : undefined;
      const fromCli = opts.vary.map(parseVary);
      // --vary replaces the file's axis for the same field.
      const fromFile = axesFromSection(section, source.file).filter((a) => !fromCli.some((c) => c.path.join(".") === a.path.join(".")));
      const axes: SweepAxis[] = [...fromFile, ...fromCli];
      const configurations = expandSweep(axes);
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
          jobs: opts.jobs,
          seed: opts.seed,
          maxCycles: opts.maxCycles,
          onProgress: progress.update,
          signal: controller.signal,
        });
      } finally {
        progress.stop();
        process.removeListener("SIGINT", onInterrupt);
      }
      const { rows } = result;
      const text = opts.format === "json" ? JSON.stringify(rows, null, 2) + "\n" : formatSweepCsv(rows);
      if (opts.out) writeOutput(opts.out, text);
      else io.stdout(text);
      if (opts.histogram) writeOutput(opts.histogram, formatHistogramCsv(rows, result.histograms, axes.map((a) => a.path.join("."))));
      if (opts.chart && !result.interrupted) {
        const written = await writingTo(opts.chart, () => writeCharts(opts.chart!, sweepCharts(rows, axes.map((a) => a.path.join(".")))));
        io.stderr(`charts: ${written.join(", ")}\n`);
      }
      // Runs that could not finish still give a row (outcome column); say which and why.
      for (const message of result.incomplete.slice(0, 5)) io.stderr(message);
      if (result.incomplete.length > 5) io.stderr(`warpsim: ... and ${result.incomplete.length - 5} more configurations that could not finish.\n`);
      if (result.incomplete.length > 0) setExit(ExitCode.simulationIncomplete);
      if (result.interrupted) {
        io.stderr(`warpsim: sweep interrupted: ${rows.length} of ${configurations.length} configurations finished; their rows were written${opts.chart ? " (charts skipped)" : ""}.\n`);
        setExit(ExitCode.interrupted);
      }
    });
}

/** Long CSV of the histograms: a row per configuration and eligible-warp count k. */
export function formatHistogramCsv(rows: readonly SweepRow[], histograms: readonly (readonly number[])[], varied: readonly string[]): string {
  const columns = ["scenario", "seed", ...varied.filter((v) => v !== "seed"), "eligible", "cycles"];
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
