import { readFileSync } from "node:fs";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { loadScenario, simulate } from "../src/index.js";
import { renderSvg, runCharts, stallChart, sweepCharts } from "../src/report/charts.js";
import { axesFromSection, expandSweep } from "../src/scenario/sweep.js";
import { runSweep } from "../src/run/sweep/run-sweep.js";

const file = "scenarios/sweep-ilp-warps.yaml";
const text = readFileSync(file, "utf8");

/** The line marks of a rendered Vega SVG, as their stroke colour and dash pattern. */
function lineMarks(svg: string): { stroke: string; dash: string }[] {
  const tree = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "path" || name === "g" }).parse(svg);
  const marks: { stroke: string; dash: string }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    const n = node as Record<string, unknown>;
    if (n["@_aria-roledescription"] === "line mark") marks.push({ stroke: String(n["@_stroke"]), dash: String(n["@_stroke-dasharray"]) });
    Object.values(n).forEach(walk);
  };
  walk(tree);
  return marks;
}

describe("charts", () => {
  it("render sweeps as valid SVG, with one line colour per ILP value", async () => {
    const axes = axesFromSection({ "launch.blocks": [1, 2, 4, 8], "program.ilp": [1, 2, 4] }, file);
    const rows = await runSweep({ text, file, configurations: expandSweep(axes), jobs: 1 });
    const charts = sweepCharts(rows, axes.map((a) => a.path.join(".")));
    expect(charts.map((c) => c.name)).toEqual(["utilization-vs-warps", "heatmap", "stalls"]);
    for (const chart of charts) {
      const svg = await renderSvg(chart.spec);
      expect(XMLValidator.validate(svg)).toBe(true);
      expect(svg.startsWith("<svg")).toBe(true);
    }
    const lines = lineMarks(await renderSvg(charts[0].spec));
    // Each ILP value is one colour, drawn twice: simulated (solid) and Little's law (dashed).
    expect(lines).toHaveLength(6);
    expect(new Set(lines.map((l) => l.stroke)).size).toBe(3);
    expect(lines.filter((l) => l.dash === "5,4")).toHaveLength(3);
  });

  it("legends draw the dash pattern with a visible stroke, and axes are titled in words (issue 16)", async () => {
    const axes = axesFromSection({ "launch.blocks": [1, 4], "program.ilp": [1, 4] }, file);
    const rows = await runSweep({ text, file, configurations: expandSweep(axes), jobs: 1 });
    const [utilization, heatmap, stalls] = sweepCharts(rows, axes.map((a) => a.path.join(".")));
    const svg = await renderSvg(utilization.spec);
    // The strokeDash legend's two symbols: a solid and a dashed line, each with a stroke colour.
    const symbols = [...svg.matchAll(/role-legend-symbol[^>]*><path[^>]*d="M-10,0L10,0"[^>]*>/g)].map((m) => m[0]);
    expect(symbols).toHaveLength(2);
    for (const s of symbols) expect(s).toMatch(/stroke="#444"/);
    expect(symbols.map((s) => /stroke-dasharray="([^"]*)"/.exec(s)?.[1])).toEqual(["1,0", "5,4"]);
    expect(svg).toContain("ILP 4");
    const heat = await renderSvg(heatmap.spec);
    expect(heat).toContain("ILP (independent loads per warp)");
    expect(heat).not.toContain("program.ilp");
    expect(heat).toContain("100%");
    expect(await renderSvg(stalls.spec)).toContain("blocks, ILP");
    const run = runCharts(simulate(loadScenario("scenarios/latency-hiding/ilp4-w4.yaml")));
    expect(await renderSvg(run[1].spec)).toContain("sub-partition");
  });

  it("for papers: legend titles and labels in full, the heatmap's values in its cells (issue 33)", async () => {
    const axes = axesFromSection({ "launch.blocks": [1, 4], "launch.registersPerThread": [32, 128] }, file);
    const rows = await runSweep({ text, file, configurations: expandSweep(axes), jobs: 1 });
    const charts = sweepCharts(rows, axes.map((a) => a.path.join(".")));
    const chart = (name: string) => charts.find((c) => c.name === name)!;
    // Vega cut these at 160-180 pixels: "registers per thre…".
    for (const name of ["utilization-vs-warps", "stalls"]) {
      const svg = await renderSvg(chart(name).spec);
      expect(svg).toContain("registers per thread");
      expect(svg).not.toContain("…");
    }
    const heatmap = chart("heatmap");
    // Each cell's issue utilization, as a percentage written in the cell.
    const heat = await renderSvg(heatmap.spec);
    const texts = [...heat.matchAll(/<text[^>]*>(\d+%)<\/text>/g)].map((m) => m[1]);
    for (const r of rows) expect(texts).toContain(`${Math.round(100 * Number(r.issue_active))}%`);
  });

  it("configurations in waves (the same resident warps) are one point, their mean, with a min-max bar, not a vertical segment (issue 33)", async () => {
    // 16 and 32 blocks of 128 threads both keep 16 warps per scheduler on sm_90 (the second in two waves).
    const axes = axesFromSection({ "launch.blocks": [4, 16, 32] }, file);
    const rows = await runSweep({ text, file, configurations: expandSweep(axes), jobs: 1 });
    expect(rows.map((r) => r.warps_per_scheduler)).toEqual([4, 16, 16]);
    const chart = sweepCharts(rows, ["launch.blocks"]).find((c) => c.name === "utilization-vs-warps")!;
    const svg = await renderSvg(chart.spec);
    expect(svg).toContain('aria-roledescription="errorbar"');
    expect(svg).toContain("mean of the configurations with these warps");
    // One simulated line (through 4 and 16 warps per scheduler) beside its Little's-law line.
    const simulated = lineMarks(svg).filter((l) => l.dash !== "5,4");
    expect(simulated).toHaveLength(1);
  });

  it("the stall chart of many configurations wraps into rows of 16 and colours the 7 largest states, the rest as other (issue 33)", async () => {
    const states = ["long_scoreboard", "wait", "not_selected", "short_scoreboard", "math_pipe_throttle", "mio_throttle", "lg_throttle", "barrier", "drain", "branch_resolving"];
    // 40 configurations; state k takes 10 - k cycles per issue everywhere: barrier, drain and branch_resolving are the smallest three.
    const rows = Array.from({ length: 40 }, (_, i) => ({ "launch.blocks": i + 1, ...Object.fromEntries(states.map((s, k) => [`stall_${s}_per_issue`, 10 - k])) }));
    const chart = stallChart(rows, (r) => `blocks ${r["launch.blocks"]}`, "warp states per configuration", "blocks");
    const svg = await renderSvg(chart.spec);
    for (const part of ["configurations 1-16", "configurations 17-32", "configurations 33-40"]) expect(svg).toContain(part);
    const legend = [...svg.matchAll(/role-legend-label[^>]*>(?:<[^>]*>)*([a-z_]+)</g)].map((m) => m[1]);
    expect([...legend].sort()).toEqual(["lg_throttle", "long_scoreboard", "math_pipe_throttle", "mio_throttle", "not_selected", "other", "short_scoreboard", "wait"]);
    expect(legend).not.toContain("barrier");
    // 16 bars of 28 pixels a row, not 40 in one row of 1,120.
    const width = Number(/^<svg[^>]*width="(\d+)"/.exec(svg)![1]);
    expect(width).toBeLessThan(1000);
  });

  it("render a run's eligible histogram and stall bars as valid SVG", async () => {
    const result = simulate(loadScenario("scenarios/latency-hiding/ilp4-w4.yaml"));
    for (const chart of runCharts(result)) expect(XMLValidator.validate(await renderSvg(chart.spec))).toBe(true);
  });
});
