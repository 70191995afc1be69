import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeFolder } from "./make-folder.js";
import { renderSvg } from "./chart-render.js";
import { styledSpec, type Chart, type ChartStyle } from "./chart-specs.js";
import { svgToPdf, svgToPng } from "./chart-files.js";

export * from "./chart-specs.js";
export { renderSvg } from "./chart-render.js";

/** The files a chart can be written as: SVG (for the web), PNG (slides), PDF (papers, vector). */
export const CHART_FORMATS = ["svg", "png", "pdf"] as const;
export type ChartFormat = (typeof CHART_FORMATS)[number];

export interface ChartFileOptions {
  /** Default: svg alone. */
  readonly formats?: readonly ChartFormat[];
  readonly style?: ChartStyle;
  /** PNG pixels per SVG pixel (default 2: sharp on a slide or a high-density screen). */
  readonly pngScale?: number;
}

/**
 * Writes each chart as DIR/NAME.svg, .png or .pdf (as asked) and its Vega-Lite spec as
 * DIR/NAME.vl.json, the spec in the style it was drawn (so users can restyle it); returns the
 * paths of the drawings.
 */
export async function writeCharts(dir: string, charts: readonly Chart[], options: ChartFileOptions = {}): Promise<string[]> {
  makeFolder(dir);
  const formats = options.formats ?? ["svg"];
  const written: string[] = [];
  for (const chart of charts) {
    const svg = await renderSvg(chart.spec, options.style);
    for (const format of formats) {
      const path = join(dir, `${chart.name}.${format}`);
      if (format === "svg") writeFileSync(path, svg);
      else if (format === "png") writeFileSync(path, await svgToPng(svg, options.pngScale ?? 2, options.style?.font));
      else writeFileSync(path, await svgToPdf(svg));
      written.push(path);
    }
    writeFileSync(join(dir, `${chart.name}.vl.json`), JSON.stringify(styledSpec(chart.spec, options.style), null, 2) + "\n");
  }
  return written;
}
