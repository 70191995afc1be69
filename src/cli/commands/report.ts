import { Command } from "commander";
import { renderSvg, runCharts } from "../../report/charts.js";
import { formatHtml } from "../../report/html.js";
import { DEFAULTS } from "../../defaults.js";
import { writeOutput, type CliIo } from "../io.js";
import { wholeNumber } from "../options.js";

export function reportCommand(io: CliIo, setExit: (code: number) => void): Command {
  return new Command("report")
    .description("run a scenario and write one self-contained HTML page: summary, charts and the scenario")
    .argument("<scenario>", "scenario file (YAML or JSON)")
    .requiredOption("--html <file>", "the HTML page to write")
    .option("-s, --seed <n>", "seed (default: the scenario's)", wholeNumber(0))
    .option("--max-cycles <n>", "cycle limit", wholeNumber(1), DEFAULTS.maxCycles)
    .addHelpText("after", "\nExit codes as for `warpsim run`: 0 completed, 1 bad input, 2 deadlock or cycle limit (the page is still written, marked partial), 130 Ctrl-C.")
    .action(async (file: string, opts: { html: string; seed?: number; maxCycles: number }) => {
      const [{ loadScenario, readScenarioSource }, { simulateForCli }] = await Promise.all([import("../../scenario/load.js"), import("../simulate-cli.js")]);
      const scenario = loadScenario(file);
      const result = await simulateForCli(io, file, scenario, { seed: opts.seed, maxCycles: opts.maxCycles }, setExit);
      const svgs = await Promise.all(runCharts(result).map((c) => renderSvg(c.spec)));
      writeOutput(opts.html, formatHtml(result, svgs, readScenarioSource(file).text));
      io.stderr(`wrote ${opts.html}\n`);
    });
}
