import { Command, InvalidArgumentError } from "commander";
import { runCharts, writeCharts } from "../../report/charts.js";
import { parseTraceWindow, TraceWriter, type TraceWindow } from "../../report/trace.js";
import { formatCsv } from "../../report/csv.js";
import { formatJson } from "../../report/json.js";
import { formatTable } from "../../report/table.js";
import { DEFAULTS } from "../../defaults.js";
import type { SimulationResult } from "../../stats/metrics.js";
import { oneOf, wholeNumber } from "../options.js";
import { addressValue, blockDim, type SassRunOptions } from "../sass-options.js";
import { ConfigError, ScenarioError } from "../../errors.js";
import { writeOutput, writingTo, type CliIo } from "../io.js";

const FORMATS = ["table", "json", "csv"] as const;
type Format = (typeof FORMATS)[number];

interface RunOptions extends Partial<SassRunOptions> {
  format: Format;
  seed?: number;
  out?: string;
  maxCycles: number;
  fastForward: boolean;
  chart?: string;
  trace?: string;
  traceWindow?: TraceWindow;
}

function traceWindow(value: string): TraceWindow {
  const w = parseTraceWindow(value);
  if (w === undefined) throw new InvalidArgumentError(`expected START:END in cycles with START < END (either may be empty), found "${value}".`);
  return w;
}

export function runCommand(io: CliIo, setExit: (code: number) => void): Command {
  return new Command("run")
    .description("simulate a scenario file on one SM and report issue utilization, eligible warps and stalls")
    .argument("[scenario]", "scenario file (YAML or JSON); see docs/scenario-format.md. Or --sass")
    .option("-f, --format <format>", "output format: table (for people), json (every metric), csv (tidy: scope,metric,value)", oneOf(FORMATS), "table")
    .option("-s, --seed <n>", "seed for every random draw (memory latencies, random scheduler); overrides the scenario's seed", wholeNumber(0))
    .option("-o, --out <file>", "write the report to this file instead of standard output")
    .option("--max-cycles <n>", "stop and report a cycle limit (exit code 2) past this many cycles", wholeNumber(1), DEFAULTS.maxCycles)
    .option("--no-fast-forward", "simulate every cycle of loop trips that repeat exactly, instead of skipping ahead through them (same report; docs/timing.md)")
    .option("--chart <dir>", "write SVG charts (eligible-warps histogram, warp states per sub-partition) and their Vega-Lite specs")
    .option("--trace <file>", "write a Chrome/Perfetto trace JSON: a track per warp with its states, counters per scheduler")
    .option("--trace-window <start:end>", "keep only cycles [start, end) in the trace", traceWindow)
    .option("--sass <file>", "run a kernel's SASS as cuobjdump -sass prints it, instead of a scenario (docs/sass.md)")
    .option("--kernel <name>", "with --sass: the kernel (needed when the listing holds several)")
    .option("--trip <address=trips>", "with --sass: trips of the loop closed at (or starting at) this address; repeat per loop", addressValue("trip"), {})
    .option("--default-trips <n>", "with --sass: trips of loops not given by --trip (else such a loop is an error)", wholeNumber(1))
    .option("--taken <address=share>", "with --sass: share of executions in which the guarded BRA/EXIT at this address is taken (default 0)", addressValue("taken"), {})
    .option("--conflicts <address=n>", "with --sass: n-way bank conflict of the shared-memory access at this address (default: derived from the listing's addresses)", addressValue("conflicts"), {})
    .option("--block-dim <x,y,z>", "with --sass: the block's shape as the kernel indexes threadIdx (default: --threads along x), for the bank conflicts derived from the listing", blockDim)
    .option("--threads <n>", "with --sass: threads per block", wholeNumber(1), 128)
    .option("--blocks <n>", "with --sass: blocks (default: 1)", wholeNumber(1))
    .option("--registers <n>", "with --sass: registers per thread (default: the highest register the kernel names + 3)", wholeNumber(1))
    .option("--shared-mem <bytes>", "with --sass: dynamic shared memory per block", wholeNumber(0), 0)
    .option("--memory <level>", "with --sass: where global loads go, l2 or dram (latency, bandwidth and limits of that level)", oneOf(["l2", "dram"] as const))
    .option("--arch <preset>", "with --sass: architecture preset (default: the listing's `code for sm_XX` where warpsim has that preset, else sm_90)")
    .option("--scheduler <policy>", "with --sass: scheduling policy (warpsim archs lists them)")
    .option("--grid <x,y,z>", "with --sass, --block and --args: run the kernel's own arithmetic on this launch for its loop trips and branch shares (docs/execution.md); the SM runs its share of the grid's blocks", blockDim)
    .option("--block <x,y,z>", "with --grid: threads per block (x[,y[,z]]); sets --threads and --block-dim", blockDim)
    .option("--args <list>", "with --grid: the kernel's arguments in parameter order (a pointer's is its buffer's size, 256MiB; extern \"C\" kernels' say their types, ptr:256MiB, i32:4096)")
    .option("--sm <n>", "with --grid: the SM whose blocks run (blocks handed out in order, one per SM in turn)", wholeNumber(0))
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
      // The scenario loader and the engine load on use, so `warpsim --version` and --help start fast.
      const [{ loadScenario }, { simulateForCli }] = await Promise.all([import("../../scenario/load.js"), import("../simulate-cli.js")]);
      if ((scenarioFile === undefined) === (opts.sass === undefined)) {
        throw new ConfigError(scenarioFile === undefined ? "warpsim run needs a scenario file or --sass FILE (warpsim run --help)." : "give a scenario file or --sass, not both (a scenario runs SASS with program: { sass: FILE }).");
      }
      const file = scenarioFile ?? opts.sass!;
      const scenario = scenarioFile !== undefined ? loadScenario(scenarioFile) : await loadSassRun(opts as SassRunOptions, io);
      if (scenario.fields.sweep !== undefined) {
        io.stderr(`warpsim: note: ${file} has a sweep section; run simulates its base configuration (warpsim sweep runs the sweep).\n`);
      }
      const trace = opts.trace
        ? await writingTo(opts.trace, () => new TraceWriter(opts.trace!, scenario.arch.subpartitionsPerSm, opts.traceWindow, (pc) => scenario.program.textAt(pc)))
        : undefined;
      const result = await simulateForCli(io, file, scenario, { seed: opts.seed, maxCycles: opts.maxCycles, hooks: trace?.hooks(), fastForward: opts.fastForward }, setExit);
      trace?.finish(result.cycles);
      if (opts.chart) await writingTo(opts.chart, () => writeCharts(opts.chart!, runCharts(result)));
      const text = render(result, opts.format);
      if (opts.out) writeOutput(opts.out, text);
      else io.stdout(text);
    });
}

/** The scenario of `run --sass`: the flags' launch, the kernel's SASS. */
async function loadSassRun(opts: SassRunOptions, io: CliIo) {
  const [{ parseScenario, readerBeside }, { sassScenario, listingArch }, { highestRegisterIn }] = await Promise.all([
    import("../../scenario/load.js"),
    import("../sass-options.js"),
    import("../../sass/sass-program.js"),
  ]);
  const readFile = readerBeside("<command line>");
  const { text } = readFile(opts.sass);
  const arch = opts.arch ?? listingArch(text);
  const note = (text: string) => io.stderr(`warpsim: note: ${text}\n`);
  if (opts.grid !== undefined || opts.block !== undefined || opts.args !== undefined) {
    const { controlFromExecution } = await import("../executed-control.js");
    opts = controlFromExecution(opts, text, arch, note);
  }
  const highest = opts.registers === undefined ? highestRegisterIn(text, opts.kernel) : 0;
  const fields = sassScenario({ ...opts, arch }, highest, note);
  try {
    return parseScenario(JSON.stringify(fields), "<command line>", [], { readFile });
  } catch (e) {
    // The scenario text was made from the flags: its line numbers mean nothing to the user.
    if (!(e instanceof ScenarioError)) throw e;
    throw new ScenarioError(e.issues.map(({ line, ...issue }) => (issue.file === "<command line>" ? issue : { ...issue, line })));
  }
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
