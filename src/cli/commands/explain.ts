import { Command } from "commander";
import type { CliIo } from "../io.js";
import { oneOf } from "../options.js";
import type { SassRunOptions } from "../sass-options.js";
import { addSassOptions } from "../sass-run.js";

const FORMATS = ["table", "json"] as const;

/** Simulations explain makes of a scenario (the run, a unit alone, the variants it checks): for the time estimate. */
const EXPLAIN_RUNS = 6;

export function explainCommand(io: CliIo): Command {
  const command = new Command("explain")
    .description("why a run is at the issue utilization it reports, by Little's law, and which knob to turn next")
    .argument("[scenario]", "scenario file (YAML or JSON); or --sass")
    .option("-f, --format <format>", "table (plain words) or json", oneOf(FORMATS), "table");
  addSassOptions(command);
  return command
    .addHelpText(
      "after",
      `
It simulates the scenario, then one warp of it alone: the lone warp's issue rate r1 and where
its cycles go are the latencies that matter. W warps per scheduler issue at most W x r1, and no
more than each pipe, the memory path and the scheduler allow: the smallest bound is the
prediction and names the limiter. The next knob (more blocks, fewer registers or less shared
memory per block, more ILP) is predicted the same way and checked by running the changed
scenario. See docs/explain.md.

Example:
  warpsim explain scenarios/latency-hiding/ilp1-w4.yaml
  warpsim explain --sass validation/sass/kernels.sass --kernel ldg_imad --grid 132 --block 256 --args ptr:256MiB,ptr:256MiB,i32:256,i32:1048575 --memory l2`,
    )
    .action(async (file: string | undefined, opts: { format: (typeof FORMATS)[number] } & Partial<SassRunOptions>) => {
      const [{ scenarioOrSass }, { explain }, { formatExplanation }, { noteLongRun }] = await Promise.all([
        import("../sass-run.js"),
        import("../../run/explain.js"),
        import("../../report/explain-report.js"),
        import("../simulate-cli.js"),
      ]);
      const { file: source, scenario } = await scenarioOrSass("explain", file, opts, io);
      // explain runs the scenario, each unit alone and a few changed variants: about 6 runs.
      noteLongRun(io, source, scenario, undefined, EXPLAIN_RUNS, "takes");
      const e = explain(scenario);
      io.stdout(opts.format === "json" ? JSON.stringify(e, null, 2) + "\n" : formatExplanation(e));
    });
}
