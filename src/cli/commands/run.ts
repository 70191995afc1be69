import { PerInstruction, loopTotals } from "../../stats/per-instruction.js";
import type { Hooks } from "../../stats/hooks.js";
import { formatPerInstructionCsv, formatPerInstructionJson, formatPerInstructionTable } from "../../report/per-instruction-report.js";
import { ConfigError } from "../../errors.js";
import { Command, InvalidArgumentError } from "commander";
import { runCharts, writeCharts } from "../../report/charts.js";
import { addChartOptions, chartFileOptions, type ChartFlags } from "../chart-options.js";
import { parseTraceWindow, TraceWriter, type TraceWindow } from "../../report/trace.js";
import { formatCsv } from "../../report/csv.js";
import { formatJson } from "../../report/json.js";
import { formatTable } from "../../report/table.js";
import { DEFAULTS } from "../../defaults.js";
import type { SimulationResult } from "../../stats/metrics.js";
import { oneOf, share, wholeNumber } from "../options.js";
import { addSassOptions } from "../sass-run.js";
import type { SassRunOptions } from "../sass-options.js";
import { writeOutput, writingTo, type CliIo } from "../io.js";

const FORMATS = ["table", "json", "csv"] as const;
type Format = (typeof FORMATS)[number];

interface RunOptions extends Partial<SassRunOptions>, ChartFlags {
  format: Format;
  seed?: number;
  out?: string;
  maxCycles: number;
  fastForward: boolean;
  sample?: number;
  chart?: string;
  trace?: string;
  traceWindow?: TraceWindow;
  perInstruction?: boolean;
}

function traceWindow(value: string): TraceWindow {
  const w = parseTraceWindow(value);
  if (w === undefined) throw new InvalidArgumentError(`expected START:END in cycles with START < END (either may be empty), found "${value}".`);
  return w;
}

export function runCommand(io: CliIo, setExit: (code: number) => void): Command {
  const command = addChartOptions(new Command("run"))
    .description("simulate a scenario file on one SM and report issue utilization, eligible warps and stalls")
    .argument("[scenario]", "scenario file (YAML or JSON); see docs/scenario-format.md. Or --sass")
    .option("-f, --format <format>", "output format: table (for people), json (every metric), csv (tidy: a row per metric, with the scenario, seed, outcome and occupancy limiter: scenario,seed,outcome,occupancy_limiter,scope,metric,value)", oneOf(FORMATS), "table")
    .option("-s, --seed <n>", "seed for every random draw (memory latencies, random scheduler); overrides the scenario's seed", wholeNumber(0))
    .option("-o, --out <file>", "write the report to this file instead of standard output")
    .option("--max-cycles <n>", "stop and report a cycle limit (exit code 2) past this many cycles", wholeNumber(1), DEFAULTS.maxCycles)
    .option("--no-fast-forward", "simulate every cycle of loop trips that repeat exactly, instead of skipping ahead through them (same report; docs/timing.md)")
    .option("--sample <precision>", "a sampled run: simulate until the cycles per issued instruction are known to this precision (1%: 95% interval), skip ahead, simulate the end; the report gives the cycles with their interval and the share simulated (docs/sampling.md). Never the default", share)
    .option("--chart <dir>", "write charts (eligible-warps histogram, warp states per sub-partition) and their Vega-Lite specs to this folder: SVG, or --chart-format png,pdf")
    .option("--trace <file>", "write a Chrome/Perfetto trace JSON: a track per warp with its states, counters per scheduler")
    .option("--trace-window <start:end>", "keep only cycles [start, end) in the trace", traceWindow)
    .option("--per-instruction", "report where the warp-cycles go instruction by instruction, the hottest first (ncu's Source page, simulated), in --format, instead of the usual report; simulates every cycle")
;
  addSassOptions(command);
  return command
    .addHelpText(
      "after",
      `
Exit codes: 0 completed; 1 bad input (the message names the file, line or field);
2 the simulation could not finish (deadlock or cycle limit; the report says what each warp was doing);
130 stopped by Ctrl-C (the report covers the cycles simulated, marked partial).

Example:
  warpsim run scenarios/single-warp-807.yaml
  warpsim run scenarios/latency-hiding/ilp1-w8.yaml --format csv --out w8.csv
  warpsim run scenarios/latency-hiding/ilp4-w8.yaml --trace trace.json --trace-window 0:20000
    (open trace.json in https://ui.perfetto.dev or chrome://tracing)
  warpsim run --sass validation/sass/kernels.sass --kernel ldg_imad --trip 0x01c0=256 --threads 256 --memory l2
  warpsim run --sass validation/sass/kernels.sass --kernel ldg_imad --grid 132 --block 256 --args ptr:256MiB,ptr:256MiB,i32:256,i32:1048575 --memory l2`,
    )
    .action(async (scenarioFile: string | undefined, opts: RunOptions) => {
      if (opts.traceWindow !== undefined && opts.trace === undefined) throw new ConfigError("--trace-window chooses the cycles of --trace FILE: give --trace too.");
      // The scenario loader and the engine load on use, so `warpsim --version` and --help start fast.
      const [{ scenarioOrSass }, { simulateForCli }] = await Promise.all([import("../sass-run.js"), import("../simulate-cli.js")]);
      const { file, scenario } = await scenarioOrSass("run", scenarioFile, opts, io);
      if (scenario.fields.sweep !== undefined) {
        io.stderr(`warpsim: note: ${file} has a sweep section; run simulates its base configuration (warpsim sweep runs the sweep).\n`);
      }
      const trace = opts.trace
        ? await writingTo(opts.trace, () => new TraceWriter(opts.trace!, scenario.arch.subpartitionsPerSm, opts.traceWindow, (pc) => scenario.program.textAt(pc)))
        : undefined;
      const perInstruction = opts.perInstruction === true ? new PerInstruction(scenario.program.length) : undefined;
      const hooks = mergeHooks(trace?.hooks(), perInstruction?.hooks());
      const result = await simulateForCli(io, file, scenario, { seed: opts.seed, maxCycles: opts.maxCycles, hooks, fastForward: opts.fastForward, ...(opts.sample !== undefined ? { sample: opts.sample } : {}) }, setExit);
      trace?.finish(result.cycles);
      if (perInstruction !== undefined) {
        perInstruction.finish(result.cycles);
        const rows = perInstruction.rows((pc) => scenario.program.textAt(pc), (pc) => scenario.program.line[pc]);
        const loops = loopTotals(rows, scenario.program.loops);
        const out = opts.format === "json" ? formatPerInstructionJson(rows) : opts.format === "csv" ? formatPerInstructionCsv(rows) : formatPerInstructionTable(rows, file, loops, (pc) => scenario.program.textAt(pc));
        if (opts.out) writeOutput(opts.out, out);
        else io.stdout(out);
        return;
      }
      if (opts.chart) await writingTo(opts.chart, () => writeCharts(opts.chart!, runCharts(result), chartFileOptions(opts)));
      const text = render(result, opts.format);
      if (opts.out) writeOutput(opts.out, text);
      else io.stdout(text);
    });
}

/** Both observers' hooks, or one, or none. */
function mergeHooks(a: Hooks | undefined, b: Hooks | undefined): Hooks | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return { issue: [...a.issue, ...b.issue], stateChange: [...a.stateChange, ...b.stateChange], schedule: [...(a.schedule ?? []), ...(b.schedule ?? [])], load: [...(a.load ?? []), ...(b.load ?? [])] };
}

function render(result: SimulationResult, format: Format): string {
  switch (format) {
    case "table":
      return formatTable(result);
    case "json":
      return formatJson(result);
    case "csv":
      return formatCsv(result);
  }
}
