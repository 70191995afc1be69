import { Help, InvalidArgumentError, type Command } from "commander";
import { CHART_FORMATS, type ChartFileOptions, type ChartFormat } from "../report/charts.js";
import { ConfigError } from "../errors.js";
import { wholeNumber } from "./options.js";

/** --chart-format svg,png,pdf: each named once, each one of the three. */
function chartFormats(value: string): ChartFormat[] {
  const names = value.split(",").map((s) => s.trim().toLowerCase());
  for (const n of names) {
    if (!(CHART_FORMATS as readonly string[]).includes(n)) throw new InvalidArgumentError(`expected a comma-separated list of ${CHART_FORMATS.join(", ")}, found "${n}" in "${value}".`);
  }
  return [...new Set(names)] as ChartFormat[];
}

function positiveNumber(value: string): number {
  const n = Number(value);
  if (!(Number.isFinite(n) && n > 0 && n <= 20)) throw new InvalidArgumentError(`expected a number above 0 and at most 20, found "${value}".`);
  return n;
}

/** The flags that say how --chart draws (shared by run, sweep, validate and occupancy). */
export function addChartOptions(command: Command): Command {
  // A style without --chart would draw nothing: say so rather than ignore it.
  command.hook("preAction", (cmd) => {
    const opts = cmd.opts() as ChartFlags & { chart?: string };
    const given = Object.entries(FLAG_NAMES).filter(([key]) => opts[key as keyof ChartFlags] !== undefined).map(([, flag]) => flag);
    if (given.length > 0 && opts.chart === undefined) throw new ConfigError(`${given.join(", ")} ${given.length === 1 ? "says" : "say"} how --chart draws: give --chart DIR too.`);
  });
  // In --help, the style flags follow --chart (they are added before the command's own flags).
  const styleFlags = new Set(Object.values(FLAG_NAMES));
  command.configureHelp({
    visibleOptions: (cmd) => {
      const all = new Help().visibleOptions(cmd);
      const style = all.filter((o) => styleFlags.has(o.long ?? ""));
      const rest = all.filter((o) => !styleFlags.has(o.long ?? ""));
      const at = rest.findIndex((o) => o.long === "--chart");
      return at < 0 ? all : [...rest.slice(0, at + 1), ...style, ...rest.slice(at + 1)];
    },
  });
  return command
    .option("--chart-format <list>", "with --chart: svg, png, pdf or several, comma-separated (default svg); a PDF keeps the chart as vectors", chartFormats)
    .option("--chart-width <px>", "with --chart: width of the plot area in pixels (points in a PDF)", wholeNumber(50))
    .option("--chart-height <px>", "with --chart: height of the plot area", wholeNumber(50))
    .option("--chart-font <family>", 'with --chart: font family of every label and title ("Times New Roman", serif; a PDF uses Helvetica, Times or Courier by the family)')
    .option("--chart-font-size <px>", "with --chart: size of the labels (titles a little larger)", wholeNumber(4))
    .option("--png-scale <n>", "with --chart-format png: pixels per chart pixel (default 2)", positiveNumber);
}

const FLAG_NAMES: Readonly<Record<keyof ChartFlags, string>> = {
  chartFormat: "--chart-format",
  chartWidth: "--chart-width",
  chartHeight: "--chart-height",
  chartFont: "--chart-font",
  chartFontSize: "--chart-font-size",
  pngScale: "--png-scale",
};

export interface ChartFlags {
  chartFormat?: ChartFormat[];
  chartWidth?: number;
  chartHeight?: number;
  chartFont?: string;
  chartFontSize?: number;
  pngScale?: number;
}

/** What the flags ask of writeCharts. */
export function chartFileOptions(opts: ChartFlags): ChartFileOptions {
  return {
    ...(opts.chartFormat !== undefined ? { formats: opts.chartFormat } : {}),
    ...(opts.pngScale !== undefined ? { pngScale: opts.pngScale } : {}),
    style: {
      ...(opts.chartWidth !== undefined ? { width: opts.chartWidth } : {}),
      ...(opts.chartHeight !== undefined ? { height: opts.chartHeight } : {}),
      ...(opts.chartFont !== undefined ? { font: opts.chartFont } : {}),
      ...(opts.chartFontSize !== undefined ? { fontSize: opts.chartFontSize } : {}),
    },
  };
}
