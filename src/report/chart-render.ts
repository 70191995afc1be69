import type { TopLevelSpec } from "vega-lite";
import { styledSpec, type ChartStyle } from "./chart-specs.js";

/**
 * Renders a Vega-Lite spec to a standalone SVG string (no browser, no canvas), in a style (size,
 * font). The command line and the playground draw with this one function, so a chart on the
 * page is the chart `warpsim sweep --chart` writes.
 */
export async function renderSvg(spec: TopLevelSpec, style: ChartStyle = {}): Promise<string> {
  // Vega and Vega-Lite take about 0.45 s to load: only commands that draw pay for them.
  const [vega, { compile }] = await Promise.all([import("vega"), import("vega-lite")]);
  const view = new vega.View(vega.parse(compile(styledSpec(spec, style)).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
