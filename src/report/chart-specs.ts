import { latencyBound } from "../stats/little.js";
import type { TopLevelSpec } from "vega-lite";
import type { SimulationResult } from "../stats/metrics.js";
import { WARP_STATE_NAMES } from "../stats/warp-state.js";
import type { SweepRow } from "../run/sweep/sweep-row.js";
import { seedSpread } from "../run/sweep/seed-spread.js";

/** A chart: its Vega-Lite spec (saved beside the SVG so users can restyle it) and its name. */
export interface Chart {
  readonly name: string;
  readonly spec: TopLevelSpec;
}

const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";
const STATE_ORDER = WARP_STATE_NAMES.filter((s) => s !== "selected");

/**
 * A chart's spec as it is drawn and saved: legends, their titles and axis labels never cut short
 * (Vega's default cuts them at 160-180 pixels, "registers per thre..."), for figures in papers.
 */
export function fullSpec(spec: TopLevelSpec): TopLevelSpec {
  return { ...spec, config: { ...spec.config, legend: { titleLimit: 0, labelLimit: 0, ...spec.config?.legend }, axis: { labelLimit: 0, ...spec.config?.axis } } } as TopLevelSpec;
}

/** How a chart is drawn for a page or a paper: its plot's size in pixels (points in a PDF) and its font. */
export interface ChartStyle {
  /** Width of the plot area (of each row of a faceted chart). */
  readonly width?: number;
  readonly height?: number;
  /** A font family, as CSS names it ("Times New Roman", "serif"). */
  readonly font?: string;
  /** Labels' size in pixels; titles are drawn 1 (axes, legends) and 3 (the chart) larger. */
  readonly fontSize?: number;
}

/** A chart's spec drawn in a style: the plot's size replaced, the font set throughout. */
export function styledSpec(spec: TopLevelSpec, style: ChartStyle = {}): TopLevelSpec {
  const s = fullSpec(spec) as TopLevelSpec & { width?: unknown; height?: unknown; spec?: Record<string, unknown> };
  const size = { ...(style.width !== undefined ? { width: style.width } : {}), ...(style.height !== undefined ? { height: style.height } : {}) };
  // A faceted chart sizes each row's plot in its inner spec.
  const sized = s.spec !== undefined && "facet" in s ? { ...s, spec: { ...s.spec, ...size } } : { ...s, ...size };
  const config = { ...sized.config } as Record<string, Record<string, unknown> | string | undefined>;
  if (style.font !== undefined) config.font = style.font;
  if (style.fontSize !== undefined) {
    const n = style.fontSize;
    config.axis = { ...(config.axis as object), labelFontSize: n, titleFontSize: n + 1 };
    config.legend = { ...(config.legend as object), labelFontSize: n, titleFontSize: n + 1 };
    config.header = { ...(config.header as object), labelFontSize: n, titleFontSize: n + 1 };
    config.title = { ...(config.title as object), fontSize: n + 3 };
    config.text = { ...(config.text as object), fontSize: n - 1 };
  }
  return { ...sized, config } as TopLevelSpec;
}

/** Words for the fields sweeps usually vary, for axis and legend titles. */
const FIELD_TITLES: Readonly<Record<string, string>> = {
  "program.ilp": "ILP (independent loads per warp)",
  "program.computePerLoad": "FFMAs per loaded value",
  "program.iterations": "loop iterations",
  "launch.blocks": "blocks",
  "launch.threadsPerBlock": "threads per block",
  "launch.registersPerThread": "registers per thread",
  "launch.sharedMemPerBlock": "shared memory per block (bytes)",
  "launch.residentBlocks": "resident blocks (pinned)",
  "memory.latency.cycles": "load latency (cycles)",
  "memory.latency.min": "minimum load latency (cycles)",
  "memory.latency.max": "maximum load latency (cycles)",
  scheduler: "scheduler policy",
  seed: "seed",
};

/** A field path in words: the table above, else its last part with camelCase split. */
export function fieldTitle(path: string): string {
  return FIELD_TITLES[path] ?? (path.split(".").pop() ?? path).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** Short words for a field's value in a legend: "ILP 4", "blocks 8". */
function seriesLabel(path: string, value: unknown): string {
  const short = path === "program.ilp" ? "ILP" : fieldTitle(path).replace(/ \(.*\)$/, "");
  return `${short} ${String(value)}`;
}

/** A legend for a strokeDash encoding that draws the dash pattern, not the line's points. */
const DASH_LEGEND = {
  symbolType: "stroke",
  symbolStrokeWidth: 2,
  symbolSize: 400,
  title: null,
  // Vega-Lite gives these symbols no stroke colour of their own (they would be invisible).
  encode: { symbols: { update: { stroke: { value: "#444" } } } },
} as const;

/**
 * Issue utilization against resident warps per scheduler, a line per series (e.g. ILP), with
 * Little's law dashed (stats/little.ts): min(1, W x r1), r1 a lone warp's issue rate, taken from
 * each series' point with the fewest warps (its issue per warp; exactly a lone warp's when that
 * point has one warp per scheduler, as the bundled sweeps do).
 */
export function utilizationChart(rows: readonly SweepRow[], seriesKey: string | undefined, title: string): Chart {
  const seriesOf = (r: SweepRow) => (seriesKey === undefined ? "all" : seriesLabel(seriesKey, r[seriesKey]));
  // Several rows can fall on one point: the seeds of a sweep over seeds (--seeds N), or
  // configurations with the same resident warps (a grid in waves: 16 and 32 blocks both keep 16
  // warps per scheduler). The line is their mean, and an error bar spans their minimum to
  // maximum, instead of a vertical segment through them.
  const byPoint = new Map<string, { warps: number; series: string; issues: number[]; seeds: Set<unknown> }>();
  for (const r of rows) {
    const warps = Number(r.warps_per_scheduler);
    const series = seriesOf(r);
    const id = `${series}\u0000${warps}`;
    const p = byPoint.get(id);
    if (p === undefined) byPoint.set(id, { warps, series, issues: [Number(r.issue_active)], seeds: new Set([r.seed]) });
    else {
      p.issues.push(Number(r.issue_active));
      p.seeds.add(r.seed);
    }
  }
  const points = [...byPoint.values()].map((p) => ({ warps: p.warps, series: p.series, issue: p.issues.reduce((a, b) => a + b, 0) / p.issues.length, lo: Math.min(...p.issues), hi: Math.max(...p.issues), kind: "simulated" }));
  const most = Math.max(...[...byPoint.values()].map((p) => p.issues.length));
  const overSeeds = [...byPoint.values()].every((p) => p.seeds.size === p.issues.length);
  const yTitle = most <= 1 ? "issue utilization" : overSeeds ? `issue utilization (mean of ${most} seeds; bars: min to max)` : "issue utilization (mean of the configurations with these warps; bars: min to max)";
  const predicted: typeof points = [];
  for (const series of new Set(points.map((p) => p.series))) {
    const own = points.filter((p) => p.series === series).sort((a, b) => a.warps - b.warps);
    const base = own[0];
    for (const p of own) predicted.push({ ...p, issue: latencyBound(p.warps, base.issue / base.warps), kind: "Little's law" });
  }
  const x = { field: "warps", type: "quantitative", title: "resident warps per scheduler" } as const;
  const color = { field: "series", type: "nominal", title: seriesKey === undefined ? null : fieldTitle(seriesKey).replace(/ \(.*\)$/, ""), sort: null } as const;
  const lines = {
    mark: { type: "line", point: true },
    encoding: {
      x,
      y: { field: "issue", type: "quantitative", title: yTitle, scale: { domain: [0, 1] }, axis: { format: "%" } },
      color,
      strokeDash: {
        field: "kind",
        type: "nominal",
        scale: { domain: ["simulated", "Little's law"], range: [[1, 0], [5, 4]] },
        legend: DASH_LEGEND,
      },
    },
  } as const;
  const spread = { data: { values: points }, mark: { type: "errorbar", ticks: true }, encoding: { x, y: { field: "lo", type: "quantitative" }, y2: { field: "hi" }, color } } as const;
  return {
    name: "utilization-vs-warps",
    spec: {
      $schema: SCHEMA,
      title,
      width: 420,
      height: 280,
      data: { values: [...points, ...predicted] },
      ...(most > 1 ? { layer: [lines, spread] } : lines),
    } as TopLevelSpec,
  };
}

/** Issue utilization over two swept parameters, each cell's value written in it (readable in print). */
export function heatmapChart(rows: readonly SweepRow[], xKey: string, yKey: string): Chart {
  return {
    name: "heatmap",
    spec: {
      $schema: SCHEMA,
      title: "issue utilization",
      width: 360,
      height: 280,
      // The cells' values (a chart style's font size sets them one below the labels').
      config: { text: { fontSize: 9 } },
      data: { values: rows.map((r) => ({ x: r[xKey], y: r[yKey], issue: Number(r.issue_active) })) },
      encoding: {
        x: { field: "x", type: "ordinal", title: fieldTitle(xKey) },
        y: { field: "y", type: "ordinal", title: fieldTitle(yKey), sort: "descending" },
      },
      layer: [
        {
          mark: "rect",
          encoding: {
            color: { field: "issue", type: "quantitative", title: "issue utilization", scale: { domain: [0, 1], scheme: "viridis" }, legend: { format: "%" } },
            tooltip: [{ field: "issue", format: ".1%" }],
          },
        },
        {
          mark: "text",
          encoding: {
            text: { field: "issue", type: "quantitative", format: ".0%" },
            // Dark text on viridis' light end, light text on its dark end.
            color: { condition: { test: "datum.issue > 0.6", value: "black" }, value: "white" },
          },
        },
      ],
    },
  };
}

/** Warp-cycles per issued instruction by state, stacked, one bar per configuration. */
export function stallChart(rows: readonly SweepRow[], labelOf: (r: SweepRow) => string, title: string, xTitle: string): Chart {
  // The states that matter most over the whole sweep keep their colour; the rest are summed as
  // "other", so a legend of many small states does not hide the few that decide the runs.
  const total = (state: string) => rows.reduce((a, r) => a + Number(r[`stall_${state}_per_issue`] ?? 0), 0);
  const shown = new Set([...STATE_ORDER].filter((s) => total(s) > 0).sort((a, b) => total(b) - total(a)).slice(0, STALL_STATES_SHOWN));
  const order = [...STATE_ORDER.filter((s) => shown.has(s)), "other"];
  // Many configurations wrap onto several rows of at most STALL_BARS_PER_ROW bars.
  const parts = Math.ceil(rows.length / STALL_BARS_PER_ROW);
  const values = rows.flatMap((r, i) => {
    const part = `configurations ${Math.floor(i / STALL_BARS_PER_ROW) * STALL_BARS_PER_ROW + 1}-${Math.min(rows.length, (Math.floor(i / STALL_BARS_PER_ROW) + 1) * STALL_BARS_PER_ROW)}`;
    const other = STATE_ORDER.filter((s) => !shown.has(s)).reduce((a, s) => a + Number(r[`stall_${s}_per_issue`] ?? 0), 0);
    return [...STATE_ORDER.filter((s) => shown.has(s)).map((state) => ({ config: labelOf(r), part, state, cycles: Number(r[`stall_${state}_per_issue`]) })), { config: labelOf(r), part, state: "other", cycles: other }].filter((v) => v.cycles > 0);
  });
  const encoding = {
    x: { field: "config", type: "nominal", title: xTitle, sort: null },
    y: { field: "cycles", type: "quantitative", title: "warp cycles per issued instruction", stack: "zero" },
    color: { field: "state", type: "nominal", title: "warp state", sort: order },
    order: { field: "state", sort: "ascending" },
  } as const;
  const width = Math.max(240, 28 * Math.min(rows.length, STALL_BARS_PER_ROW));
  return {
    name: "stalls",
    spec: (parts <= 1
      ? { $schema: SCHEMA, title, width, height: 280, data: { values }, mark: "bar", encoding }
      : {
          $schema: SCHEMA,
          title,
          data: { values },
          facet: { row: { field: "part", type: "nominal", title: null, sort: null } },
          spec: { width, height: 220, mark: "bar", encoding },
          resolve: { scale: { x: "independent" } },
        }) as TopLevelSpec,
  };
}

/** States the stall chart colours one by one (the rest: "other"), and bars per row before it wraps. */
const STALL_STATES_SHOWN = 7;
const STALL_BARS_PER_ROW = 16;

/** Share of active cycles with k eligible warps. */
export function eligibleHistogramChart(result: SimulationResult): Chart {
  const active = result.sm.activeCycles;
  return {
    name: "eligible-histogram",
    spec: {
      $schema: SCHEMA,
      title: "eligible warps per active cycle (SM, per scheduler)",
      width: 360,
      height: 240,
      data: { values: result.sm.eligibleHistogram.map((cycles, k) => ({ eligible: k, share: active > 0 ? cycles / active : 0 })) },
      mark: "bar",
      encoding: {
        x: { field: "eligible", type: "ordinal", title: "eligible warps" },
        y: { field: "share", type: "quantitative", title: "share of active cycles", axis: { format: "%" } },
      },
    },
  };
}

/** The charts of one run: the eligible histogram and the stalls of each sub-partition. */
export function runCharts(result: SimulationResult): Chart[] {
  const rows: SweepRow[] = result.subpartitions.map((sp, i) => {
    const row: SweepRow = { smsp: `SMSP ${i}` };
    for (const state of STATE_ORDER) row[`stall_${state}_per_issue`] = sp.stalls[state].perIssue;
    return row;
  });
  return [eligibleHistogramChart(result), stallChart(rows, (r) => String(r.smsp), `warp states: ${result.scenario.name}`, "sub-partition")];
}

/** A sweep's rows with the seeds of each configuration averaged (one row per configuration, each metric its mean). */
function meanOverSeeds(rows: readonly SweepRow[], varied: readonly string[]): SweepRow[] {
  return seedSpread(rows, varied).map((s) => {
    const row: SweepRow = {};
    for (const [k, v] of Object.entries(s)) {
      if (k.endsWith("_mean")) row[k.slice(0, -"_mean".length)] = v;
      else if (!/_(sd|min|max)$/.test(k)) row[k] = v;
    }
    return row;
  });
}

/**
 * The charts of a sweep, chosen by what it varies. A sweep over seeds (`seed` among the varied
 * fields, as --seeds N makes it) is drawn per configuration: the utilization's mean with its
 * spread, the heatmap and the stalls of the seeds' means.
 */
export function sweepCharts(allRows: readonly SweepRow[], allVaried: readonly string[]): Chart[] {
  const charts: Chart[] = [];
  const overSeeds = allVaried.includes("seed");
  const varied = allVaried.filter((k) => k !== "seed");
  const rows = overSeeds ? meanOverSeeds(allRows, allVaried) : allRows;
  const series = varied.find((k) => /ilp/i.test(k)) ?? varied.find((k) => new Set(rows.map((r) => r.warps_per_scheduler)).size < rows.length && k !== varied[0]);
  if (new Set(rows.map((r) => r.warps_per_scheduler)).size > 1) {
    charts.push(utilizationChart(allRows, series, "issue utilization vs resident warps"));
  }
  if (varied.length >= 2) charts.push(heatmapChart(rows, varied[0], varied[1]));
  charts.push(
    stallChart(
      rows,
      (r) => varied.map((k) => seriesLabel(k, r[k])).join(", "),
      "warp states per configuration",
      varied.map((k) => fieldTitle(k).replace(/ \(.*\)$/, "")).join(", "),
    ),
  );
  return charts;
}

/** A row of `warpsim validate`, as the validation charts need it. */
export interface ValidationPoint {
  readonly variant: string;
  readonly K: string;
  readonly F: string;
  readonly warps: number;
  readonly measured: number;
  readonly predicted: number;
  /** The kernel, for rows run from their SASS (variant sass or sass-flushed): a line per kernel. */
  readonly kernel?: string;
}

/**
 * Issue active against warps per SM, predicted (dashed) next to measured (solid), a line per
 * K (and F), one chart per variant (fma, dram, l2).
 */
export function validationCharts(points: readonly ValidationPoint[]): Chart[] {
  const variants = [...new Set(points.map((p) => p.variant))];
  return variants.map((variant) => {
    const own = points.filter((p) => p.variant === variant);
    const sass = variant.startsWith("sass");
    const series = (p: ValidationPoint) => (sass ? (p.kernel ?? "") : variant === "fma" ? `K=${p.K}` : `K=${p.K} F=${p.F}`);
    const title = sass
      ? `kernels from their SASS (${variant === "sass" ? "warm caches" : "caches flushed"})`
      : variant === "fma"
        ? "fma_chain"
        : `ld_chain (${variant})`;
    const values = own.flatMap((p) => [
      { warps: p.warps, issue: p.measured, series: series(p), source: "H100 (ncu)" },
      { warps: p.warps, issue: p.predicted, series: series(p), source: "warpsim" },
    ]);
    return {
      name: `validation-${variant}`,
      spec: {
        $schema: SCHEMA,
        title: `issue active per active cycle: ${title}`,
        width: 380,
        height: 260,
        data: { values },
        mark: { type: "line", point: true },
        encoding: {
          x: { field: "warps", type: "quantitative", title: "warps per SM", scale: { type: "log", base: 2 }, axis: { values: [1, 2, 4, 8, 16, 32, 64] } },
          y: { field: "issue", type: "quantitative", title: "issue active (per SMSP)", scale: { domain: [0, 1] }, axis: { format: "%" } },
          color: { field: "series", type: "nominal", title: sass ? "kernel" : variant === "fma" ? "K = ILP" : "K = ILP, F = FFMA/load" },
          strokeDash: { field: "source", type: "nominal", scale: { domain: ["H100 (ncu)", "warpsim"], range: [[1, 0], [5, 4]] }, legend: DASH_LEGEND },
        },
      },
    };
  });
}

/** One of Nsight Compute's "impact of varying" views: warps per SM as one parameter varies. */
export function occupancyImpactChart(
  name: string,
  title: string,
  xTitle: string,
  ranges: readonly { from: number; to: number; warpsPerSm: number; current: boolean }[],
  current: number,
  maxWarpsPerSm: number,
): Chart {
  // Each range as a flat step from its first to its last value.
  const values = ranges.flatMap((r) => [
    { x: r.from, warps: r.warpsPerSm },
    { x: r.to, warps: r.warpsPerSm },
  ]);
  const point = ranges.find((r) => r.current);
  return {
    name,
    spec: {
      $schema: SCHEMA,
      title,
      width: 420,
      height: 220,
      layer: [
        {
          data: { values },
          mark: { type: "line", interpolate: "linear" },
          encoding: {
            x: { field: "x", type: "quantitative", title: xTitle },
            y: { field: "warps", type: "quantitative", title: "active warps per SM", scale: { domain: [0, maxWarpsPerSm] } },
          },
        },
        {
          data: { values: point ? [{ x: current, warps: point.warpsPerSm }] : [] },
          mark: { type: "point", filled: true, size: 90, color: "#d62728" },
          encoding: { x: { field: "x", type: "quantitative" }, y: { field: "warps", type: "quantitative" } },
        },
      ],
    },
  };
}
