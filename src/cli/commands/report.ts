import { Command } from "commander";
import { renderSvg, runCharts } from "../../report/charts.js";
import { formatHtml } from "../../report/html.js";
import { DEFAULTS } from "../../defaults.js";
import { writeOutput, type CliIo } from "../io.js";
import { wholeNumber } from "../options.js";
import type { SassRunOptions } from "../sass-options.js";
import { addSassOptions } from "../sass-run.js";

export function reportCommand(io: CliIo, setExit: (code: number) => void): Command {
  const command = new Command("report")
    .description("run a scenario and write one self-contained HTML page: summary, charts and the scenario")
    .argument("[scenario]", "scenario file (YAML or JSON); or --sass")
    .requiredOption("--html <file>", "the HTML page to write")
    .option("-s, --seed <n>", "seed (default: the scenario's)", wholeNumber(0))
    .option("--max-cycles <n>", "cycle limit", wholeNumber(1), DEFAULTS.maxCycles)
    .option("--per-instruction", "add where the warp-cycles go instruction by instruction (as run --per-instruction; simulates every cycle)");
  addSassOptions(command);
  return command
    .addHelpText("after", "\nExit codes as for `warpsim run`: 0 completed, 1 bad input, 2 deadlock or cycle limit (the page is still written, marked partial), 130 Ctrl-C.")
    .action(async (scenarioFile: string | undefined, opts: { html: string; seed?: number; maxCycles: number; perInstruction?: boolean } & Partial<SassRunOptions>) => {
      const [{ readScenarioSource }, { simulateForCli }, { scenarioOrSass }, { PerInstruction }] = await Promise.all([
        import("../../scenario/load.js"),
        import("../simulate-cli.js"),
        import("../sass-run.js"),
        import("../../stats/per-instruction.js"),
      ]);
      const { file, scenario } = await scenarioOrSass("report", scenarioFile, opts, io);
      const perInstruction = opts.perInstruction === true ? new PerInstruction(scenario.program.length) : undefined;
      const result = await simulateForCli(io, file, scenario, { seed: opts.seed, maxCycles: opts.maxCycles, hooks: perInstruction?.hooks() }, setExit);
      perInstruction?.finish(result.cycles);
      const instructions = perInstruction?.rows((pc) => scenario.program.textAt(pc), (pc) => scenario.program.line[pc]);
      const svgs = await Promise.all(runCharts(result).map((c) => renderSvg(c.spec)));
      // A run from --sass has no scenario file: the page shows the scenario its flags made.
      const source = scenarioFile !== undefined ? readScenarioSource(scenarioFile).text : JSON.stringify(scenario.fields, null, 2);
      writeOutput(opts.html, formatHtml(result, svgs, source, instructions));
      io.stderr(`wrote ${opts.html}\n`);
    });
}
