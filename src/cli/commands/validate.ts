import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { validationCharts, writeCharts } from "../../report/charts.js";
import { writingTo, type CliIo } from "../io.js";
import { oneOf } from "../options.js";
import { progressBar } from "../progress.js";

const FORMATS = ["table", "csv", "json"] as const;

/** The bundled H100 measurements (validation/h100/data/summary.csv in the package). */
export const BUNDLED_DATA = fileURLToPath(new URL("../../../validation/h100/data/summary.csv", import.meta.url));

export function validateCommand(io: CliIo): Command {
  return new Command("validate")
    .description("simulate H100 microbenchmark configurations and compare with their Nsight Compute counters")
    .option("-d, --data <file>", "CSV with the columns of validation/h100/data/summary.csv (default: the bundled H100 data)")
    .option("-f, --format <format>", "output format: table (with the error summary), csv or json", oneOf(FORMATS), "table")
    .option("--chart <dir>", "write predicted-vs-measured charts of issue active (one per variant) as SVG")
    .addHelpText(
      "after",
      `
Each row (kernel fma_chain or ld_chain, variant fma/dram/l2, ILP K, compute per load F, warps
per SM W, launch and iteration count) is rebuilt as a scenario from the kernels' SASS
(src/program/generators/h100-kernels.ts) and simulated on the sm_90 preset. See docs/validation.md.

Example:
  warpsim validate
  warpsim validate --data my-gpu/summary.csv --format csv > predicted.csv`,
    )
    .action(async (opts: { data?: string; format: (typeof FORMATS)[number]; chart?: string }) => {
      const [{ readValidationData, validate }, { formatValidationCsv, formatValidationTable }] = await Promise.all([
        import("../../run/validate.js"),
        import("../../report/validation-report.js"),
      ]);
      const file = opts.data ?? BUNDLED_DATA;
      const records = readValidationData(file);
      const progress = progressBar(io, "validate");
      const report = validate(records, opts.data ?? "validation/h100/data/summary.csv", progress.update);
      progress.stop();
      if (opts.format === "csv") io.stdout(formatValidationCsv(report));
      else if (opts.format === "json") io.stdout(JSON.stringify(report, null, 2) + "\n");
      else io.stdout(formatValidationTable(report));
      if (opts.chart) {
        const points = report.rows.map((r) => ({
          variant: r.key.variant,
          K: r.key.K,
          F: r.key.F,
          warps: Number(r.key.warps_per_sm),
          measured: r.measured.issueActive,
          predicted: r.predicted.issueActive,
        }));
        const written = await writingTo(opts.chart, () => writeCharts(opts.chart!, validationCharts(points)));
        io.stderr(`charts: ${written.join(", ")}\n`);
      }
    });
}
