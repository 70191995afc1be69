import { readInputFile } from "../../input-file.js";
import { LIMITS } from "../../limits.js";
import { Command } from "commander";
import { ConfigError } from "../../errors.js";
import type { CliIo } from "../io.js";
import { oneOf, wholeNumber } from "../options.js";
import { addSassOptions } from "../sass-run.js";
import type { SassRunOptions } from "../sass-options.js";

const FORMATS = ["table", "csv", "json"] as const;

interface CompareOptions {
  ncu: string;
  kernel?: string;
  launch?: number;
  format: (typeof FORMATS)[number];
}

export function compareCommand(io: CliIo): Command {
  const command = new Command("compare")
    .description("put an Nsight Compute profile beside a simulation: scheduler and warp-state statistics, occupancy, cycles")
    .argument("[scenario]", "the scenario that models the profiled kernel (YAML or JSON), or --sass FILE and its flags")
    .requiredOption("--ncu <file>", "the CSV that `ncu --csv --page raw` (or --page details) wrote")
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

Example (a real H100 export and the kernel's listing, both in the package), from the listing
and its launch:
  warpsim compare --ncu validation/exec/data/profile.raw.csv --sass validation/exec/kernels.sass \\
      --kernel tail_stride --grid 264 --block 256 --args 'ptr:4MiB, i32:200003'`,
    )
    .action(async (file: string | undefined, opts: CompareOptions & Partial<SassRunOptions>) => {
      const [{ scenarioOrSass }, { simulate }, { readNcuExport, pickLaunch }, { compare, missingQuantities }, report] = await Promise.all([
        import("../sass-run.js"),
        import("../../run/simulate.js"),
        import("../../ncu/read-export.js"),
        import("../../run/compare.js"),
        import("../../report/compare-report.js"),
      ]);
      const read = readInputFile(opts.ncu, LIMITS.inputFileBytes, "an Nsight Compute CSV export");
      if ("expected" in read) throw new ConfigError(`${opts.ncu}: expected ${read.expected}, found ${read.found}.`);
      const text = read.text;
      const launch = pickLaunch(readNcuExport(text, opts.ncu), opts.ncu, opts.kernel, opts.launch);
      const { scenario } = await scenarioOrSass("compare", file, opts, io);
      const rows = compare(launch, simulate(scenario), opts.ncu);
      const missing = missingQuantities(launch);
      if (missing.length > 0) {
        io.stderr(`warpsim: note: ${opts.ncu}, launch ID ${launch.id} has no column for ${missing.length} of the quantities compare reads, left out: ${missing.join(", ")} (ncu --set full collects them all).\n`);
      }
      const header = { ncuFile: opts.ncu, launchId: launch.id, kernel: launch.kernel, scenario: file ?? `--sass ${opts.sass}` };
      if (opts.format === "json") io.stdout(JSON.stringify({ ...header, page: launch.page, rows }, null, 2) + "\n");
      else if (opts.format === "csv") io.stdout(report.formatComparisonCsv(header, rows));
      else io.stdout(report.formatComparisonTable(header, rows));
    });
}
