import { readInputFile } from "../../input-file.js";
import { LIMITS } from "../../limits.js";
import { Command } from "commander";
import { ConfigError } from "../../errors.js";
import type { CliIo } from "../io.js";
import { oneOf, wholeNumber } from "../options.js";
import { addSassOptions } from "../sass-run.js";
import type { SassRunOptions } from "../sass-options.js";
import { dimsText, type ProfileLaunch } from "../../ncu/profile-launch.js";
import type { ScenarioFields } from "../../scenario/schema.js";

const FORMATS = ["table", "csv", "json"] as const;

interface CompareOptions {
  ncu?: string;
  source?: string;
  kernel?: string;
  launch?: number;
  format: (typeof FORMATS)[number];
}

export function compareCommand(io: CliIo): Command {
  const command = new Command("compare")
    .description("put an Nsight Compute profile beside a simulation: scheduler and warp-state statistics, occupancy, cycles")
    .argument("[scenario]", "the scenario that models the profiled kernel (YAML or JSON), or --sass FILE and its flags")
    .option("--ncu <file>", "the CSV that `ncu --csv --page raw` (or --page details) wrote")
    .option("--source <file>", "instead of --ncu: the CSV of ncu's Source page (`ncu -i REPORT --page source --csv --print-source sass`), compared instruction by instruction")
    .option("-k, --kernel <name>", "the launch of the kernel whose name contains this (when the export has several); with --sass, also the listing's kernel");
  return addSassOptions(command)
    .option("--launch <n>", "0-based index among the launches that match (default: the only one)", wholeNumber(0))
    .option("-f, --format <format>", "table, csv or json", oneOf(FORMATS), "table")
    .addHelpText(
      "after",
      `
Rows are ordered by disagreement: the difference relative to the measured value (percentages
in points). Stall reasons come from the raw page only; reasons warpsim does not model are
marked. Collect a profile with, for example:
  ncu --section SchedulerStats --section WarpStateStats --section Occupancy --section LaunchStats \\
      --csv --page raw ./my_app > profile.csv

With --source, the Source page's warp-state samples per SASS instruction are put beside the
simulated warp-cycles per instruction (as \`run --per-instruction\` counts them), both as shares of
the kernel's, the largest disagreement first. Profile with warp-state sampling and export the page:
  ncu --section SourceCounters --section WarpStateStats -o report ./my_app
  ncu -i report.ncu-rep --kernel-name my_kernel --page source --csv --print-source sass > source.csv

Examples (real H100 exports and the kernel's listing, all in the package), from the listing
and its launch:
  warpsim compare --ncu validation/exec/data/profile.raw.csv --sass validation/exec/kernels.sass \\
      --kernel tail_stride --grid 264 --block 256 --args 'ptr:4MiB, i32:200003'
  warpsim compare --source validation/exec/source/source-div_index.csv --sass validation/exec/kernels.sass \\
      --kernel div_index --grid 300 --block 128 --args 'ptr:4MiB, i32:38000, i32:13'`,
    )
    .action(async (file: string | undefined, opts: CompareOptions & Partial<SassRunOptions>, cmd: Command) => {
      const [{ scenarioOrSass }, { simulate }, { readNcuExport, pickLaunch }, { compare, missingQuantities }, report] = await Promise.all([
        import("../sass-run.js"),
        import("../../run/simulate.js"),
        import("../../ncu/read-export.js"),
        import("../../run/compare.js"),
        import("../../report/compare-report.js"),
      ]);
      if ((opts.ncu === undefined) === (opts.source === undefined)) {
        throw new ConfigError(`compare: expected one profile to compare with, --ncu FILE (ncu --csv --page raw) or --source FILE (ncu's Source page as CSV), found ${opts.ncu === undefined ? "neither" : "both"}.`);
      }
      if (opts.source !== undefined) return compareSourcePage(file, opts as CompareOptions & Partial<SassRunOptions> & { source: string }, io);
      const ncu = opts.ncu!;
      const read = readInputFile(ncu, LIMITS.inputFileBytes, "an Nsight Compute CSV export");
      if ("expected" in read) throw new ConfigError(`${ncu}: expected ${read.expected}, found ${read.found}.`);
      const text = read.text;
      const launch = pickLaunch(readNcuExport(text, ncu), ncu, opts.kernel, opts.launch);
      const { profileLaunch } = await import("../../ncu/profile-launch.js");
      const profiled = profileLaunch(launch);
      const given = (flag: string) => cmd.getOptionValueSource(flag) === "cli";
      const runOpts = profiled !== undefined && opts.sass !== undefined ? launchFromProfile(opts as SassRunOptions, profiled, given, ncu, io) : opts;
      const { scenario } = await scenarioOrSass("compare", file, runOpts, io);
      if (profiled !== undefined && file !== undefined) warnLaunchDisagreements(scenario.launch, profiled, file, ncu, io);
      const rows = compare(launch, simulate(scenario), ncu);
      const missing = missingQuantities(launch);
      if (missing.length > 0) {
        io.stderr(`warpsim: note: ${ncu}, launch ID ${launch.id} has no column for ${missing.length} of the quantities compare reads, left out: ${missing.join(", ")} (ncu --set full collects them all).\n`);
      }
      const header = { ncuFile: ncu, launchId: launch.id, kernel: launch.kernel, scenario: file ?? `--sass ${opts.sass}` };
      if (opts.format === "json") io.stdout(JSON.stringify({ ...header, page: launch.page, rows }, null, 2) + "\n");
      else if (opts.format === "csv") io.stdout(report.formatComparisonCsv(header, rows));
      else io.stdout(report.formatComparisonTable(header, rows));
    });
}

/** compare --source: the Source page's kernel (by --kernel when it has several) beside a simulation charged per instruction. */
async function compareSourcePage(file: string | undefined, opts: CompareOptions & Partial<SassRunOptions> & { source: string }, io: CliIo): Promise<void> {
  const [{ scenarioOrSass }, { simulate }, { readSourcePage }, { compareSource }, report, { PerInstruction }] = await Promise.all([
    import("../sass-run.js"),
    import("../../run/simulate.js"),
    import("../../ncu/read-source-page.js"),
    import("../../run/compare-source.js"),
    import("../../report/source-comparison-report.js"),
    import("../../stats/per-instruction.js"),
  ]);
  const read = readInputFile(opts.source, LIMITS.inputFileBytes, "the CSV of Nsight Compute's Source page");
  if ("expected" in read) throw new ConfigError(`${opts.source}: expected ${read.expected}, found ${read.found}.`);
  const pages = readSourcePage(read.text, opts.source);
  const matching = opts.kernel === undefined ? pages : pages.filter((p) => p.kernel.includes(opts.kernel!));
  if (matching.length !== 1) {
    throw new ConfigError(
      `${opts.source}: expected one kernel${opts.kernel === undefined ? "" : ` whose name contains "${opts.kernel}"`}, found ${matching.length === 0 ? "none" : matching.length} among ${pages.map((p) => p.kernel).join(", ")}${opts.kernel === undefined ? "; pick one with --kernel" : ""}.`,
    );
  }
  const { scenario } = await scenarioOrSass("compare", file, opts, io);
  const perInstruction = new PerInstruction(scenario.program.length);
  const result = simulate(scenario, { hooks: perInstruction.hooks() });
  perInstruction.finish(result.cycles);
  const rows = perInstruction.rows((pc) => scenario.program.textAt(pc), (pc) => scenario.program.line[pc]);
  const comparison = compareSource(matching[0], rows, scenario.program.length, (pc) => scenario.program.textAt(pc), opts.source);
  const header = { sourceFile: opts.source, scenario: file ?? `--sass ${opts.sass}` };
  if (opts.format === "json") io.stdout(report.formatSourceComparisonJson(header, comparison));
  else if (opts.format === "csv") io.stdout(report.formatSourceComparisonCsv(comparison));
  else io.stdout(report.formatSourceComparisonTable(header, comparison));
}

/**
 * compare --ncu with --sass: the launch the profile records (block, grid, registers, static and
 * dynamic shared memory) wherever the command line does not give it, with a note saying so; a
 * flag that disagrees with the profile is kept, with a warning. The grid is taken only for a run
 * from the kernel's arguments (--args), the only kind that uses it.
 */
function launchFromProfile(opts: SassRunOptions, p: ProfileLaunch, given: (flag: string) => boolean, ncu: string, io: CliIo): SassRunOptions {
  const taken: string[] = [];
  const out: SassRunOptions = { ...opts };
  const threads = p.block.reduce((a, b) => a * b, 1);
  const warn = (flag: string, mine: string, theirs: string) => io.stderr(`warpsim: warning: ${flag} ${mine} but ${ncu}'s launch has ${theirs}; the simulation uses ${mine}.\n`);
  if (given("block") || given("threads")) {
    const mine = opts.block ?? [opts.threads];
    if (mine.reduce((a, b) => a * b, 1) !== threads) warn(given("block") ? "--block" : "--threads", dimsText(mine), `blocks of ${dimsText(p.block)}`);
  } else if (opts.args !== undefined) {
    out.block = [...p.block];
    taken.push(`block ${dimsText(p.block)}`);
  } else {
    out.threads = threads;
    if (!given("blockDim")) out.blockDim = [p.block[0], p.block[1] ?? 1, p.block[2] ?? 1];
    taken.push(`${threads} threads per block`);
  }
  if (opts.args !== undefined) {
    if (!given("grid")) {
      out.grid = [...p.grid];
      taken.push(`grid ${dimsText(p.grid)}`);
    } else if (dimsText(opts.grid ?? []) !== dimsText(p.grid)) warn("--grid", dimsText(opts.grid ?? []), `a grid of ${dimsText(p.grid)}`);
  }
  const pick = (flag: "registers" | "staticShared" | "sharedMem", cli: string, value: number | undefined, what: string) => {
    if (value === undefined) return;
    if (!given(flag)) {
      out[flag] = value;
      if (value > 0 || flag === "registers") taken.push(`${value} ${what}`);
    } else if (opts[flag] !== value) warn(cli, String(opts[flag]), `${value} ${what}`);
  };
  pick("registers", "--registers", p.registersPerThread, "registers per thread");
  pick("staticShared", "--static-shared", p.staticSharedBytes, "bytes of static shared memory");
  pick("sharedMem", "--shared-mem", p.dynamicSharedBytes, "bytes of dynamic shared memory");
  if (taken.length > 0) io.stderr(`warpsim: note: the launch from ${ncu}: ${taken.join(", ")}\n`);
  return out;
}

/** compare --ncu with a scenario file: each launch field that is not what the profile records, said once. */
function warnLaunchDisagreements(launch: ScenarioFields["launch"], p: ProfileLaunch, file: string, ncu: string, io: CliIo): void {
  const threads = p.block.reduce((a, b) => a * b, 1);
  const checks: [string, number, number | undefined][] = [
    ["launch.threadsPerBlock", launch.threadsPerBlock, threads],
    ["launch.registersPerThread", launch.registersPerThread, p.registersPerThread],
    ["launch.staticSharedMemPerBlock", launch.staticSharedMemPerBlock ?? 0, p.staticSharedBytes],
    ["launch.sharedMemPerBlock", launch.sharedMemPerBlock, p.dynamicSharedBytes],
  ];
  for (const [field, mine, theirs] of checks) {
    if (theirs !== undefined && mine !== theirs) io.stderr(`warpsim: warning: ${file}: ${field} is ${mine} where ${ncu}'s launch has ${theirs}: the comparison is of two different launches.\n`);
  }
}
