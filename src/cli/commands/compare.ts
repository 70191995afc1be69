import { readFileSync } from "node:fs";
import { Command } from "commander";
import { ConfigError } from "../../errors.js";
import type { CliIo } from "../io.js";
import { oneOf, wholeNumber } from "../options.js";

const FORMATS = ["table", "csv", "json"] as const;

interface CompareOptions {
  ncu: string;
  kernel?: string;
  launch?: number;
  format: (typeof FORMATS)[number];
}

export function compareCommand(io: CliIo): Command {
  return new Command("compare")
    .description("put an Nsight Compute profile beside a simulation: scheduler and warp-state statistics, occupancy, cycles")
    .argument("<scenario>", "the scenario that models the profiled kernel (YAML or JSON)")
    .requiredOption("--ncu <file>", "the CSV that `ncu --csv --page raw` (or --page details) wrote")
    .option("-k, --kernel <name>", "the launch of the kernel whose name contains this (when the export has several)")
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

Example (a real H100 export, bundled):
  warpsim compare --ncu test/fixtures/ncu/dram_k4_f16_w32.raw.csv validation/ncu-compare/dram_k4_f16_w32.yaml`,
    )
    .action(async (file: string, opts: CompareOptions) => {
      const [{ loadScenario }, { simulate }, { readNcuExport, pickLaunch }, { compare }, report] = await Promise.all([
        import("../../scenario/load.js"),
        import("../../run/simulate.js"),
        import("../../ncu/read-export.js"),
        import("../../run/compare.js"),
        import("../../report/compare-report.js"),
      ]);
      let text: string;
      try {
        text = readFileSync(opts.ncu, "utf8");
      } catch (e) {
        throw new ConfigError(`${opts.ncu}: expected an Nsight Compute CSV export, found ${(e as NodeJS.ErrnoException).code ?? "an unreadable file"}.`);
      }
      const launch = pickLaunch(readNcuExport(text, opts.ncu), opts.ncu, opts.kernel, opts.launch);
      const scenario = loadScenario(file);
      const rows = compare(launch, simulate(scenario), opts.ncu);
      const header = { ncuFile: opts.ncu, launchId: launch.id, kernel: launch.kernel, scenario: file };
      if (opts.format === "json") io.stdout(JSON.stringify({ ...header, page: launch.page, rows }, null, 2) + "\n");
      else if (opts.format === "csv") io.stdout(report.formatComparisonCsv(header, rows));
      else io.stdout(report.formatComparisonTable(header, rows));
    });
}
