import { WARP_STATE_NAMES, type WarpStateName } from "../src/stats/warp-state.js";

/** State changes of one sub-partition's warps, as the worker collects them (typed arrays). */
export interface TimelineData {
  readonly cycle: Float64Array;
  readonly warp: Int32Array;
  /** WarpState, or -1 when the warp left. */
  readonly state: Int8Array;
  readonly count: number;
  /** Cycles the run took. */
  readonly cycles: number;
  /** True when the collection stopped at its cap before the run ended. */
  readonly truncated: boolean;
}

/**
 * One colour per warp state, typed by state name so a state added to WarpState without a colour
 * fails to compile (it would draw black and miss the legend); selected is the darkest.
 */
export const STATE_COLORS: Readonly<Record<WarpStateName, string>> = {
  selected: "#1b5e20",
  not_selected: "#81c784",
  long_scoreboard: "#e57373",
  short_scoreboard: "#ffb74d",
  wait: "#90a4ae",
  math_pipe_throttle: "#9575cd",
  mio_throttle: "#4dd0e1",
  lg_throttle: "#f06292",
  barrier: "#fff176",
  branch_resolving: "#a1887f",
  no_instruction: "#bdbdbd",
  dispatch_stall: "#7986cb",
  drain: "#e0e0e0",
  misc: "#8d6e63",
  imc_miss: "#ce93d8",
  membar: "#4db6ac",
};

interface Row {
  readonly warp: number;
  readonly start: number[];
  readonly end: number[];
  readonly state: number[];
}

/** Per-warp intervals [start, end) in each state, from the change list. */
export function timelineRows(t: TimelineData): Row[] {
  const rows = new Map<number, Row>();
  const open = new Map<number, { start: number; state: number }>();
  for (let i = 0; i < t.count; i++) {
    const w = t.warp[i];
    let row = rows.get(w);
    if (row === undefined) rows.set(w, (row = { warp: w, start: [], end: [], state: [] }));
    const prev = open.get(w);
    if (prev !== undefined && t.cycle[i] > prev.start) {
      row.start.push(prev.start);
      row.end.push(t.cycle[i]);
      row.state.push(prev.state);
    }
    if (t.state[i] >= 0) open.set(w, { start: t.cycle[i], state: t.state[i] });
    else open.delete(w);
  }
  for (const [w, o] of open) {
    const row = rows.get(w)!;
    row.start.push(o.start);
    row.end.push(t.cycles);
    row.state.push(o.state);
  }
  return [...rows.values()];
}

/** Draws cycles [from, from + span) of every row; one pixel column may cover several cycles. */
/**
 * Cycle ticks for the window [from, from + span): a step of 1, 2 or 5 times a power of ten
 * that gives about `count` ticks, and the ticks at its multiples inside the window.
 */
export function axisTicks(from: number, span: number, count = 6): number[] {
  const rough = span / count;
  const power = 10 ** Math.floor(Math.log10(Math.max(1, rough)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t < from + span; t += step) ticks.push(t);
  return ticks;
}

/** Height of the cycle axis under the rows (pixels). */
const AXIS_HEIGHT = 18;

export function drawTimeline(canvas: HTMLCanvasElement, rows: readonly Row[], from: number, span: number): void {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const rowHeight = 10;
  const rowsHeight = Math.max(1, rows.length) * rowHeight;
  const height = rowsHeight + AXIS_HEIGHT;
  canvas.style.height = `${height}px`;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const g = canvas.getContext("2d")!;
  g.scale(ratio, ratio);
  g.fillStyle = "#fafafa";
  g.fillRect(0, 0, width, height);
  const scale = width / span;
  rows.forEach((row, r) => {
    // Intervals are in order: skip to the first that ends after `from` (binary search).
    let lo = 0;
    let hi = row.end.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (row.end[mid] <= from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < row.start.length && row.start[i] < from + span; i++) {
      const x0 = (Math.max(row.start[i], from) - from) * scale;
      const x1 = (Math.min(row.end[i], from + span) - from) * scale;
      g.fillStyle = STATE_COLORS[WARP_STATE_NAMES[row.state[i]]];
      g.fillRect(x0, r * rowHeight + 1, Math.max(1, x1 - x0), rowHeight - 2);
    }
  });
  // The cycle axis: a tick and its cycle under the rows.
  g.fillStyle = "#444";
  g.font = "11px sans-serif";
  g.textAlign = "center";
  for (const t of axisTicks(from, span)) {
    const x = (t - from) * scale;
    g.fillRect(x, rowsHeight, 1, 4);
    g.fillText(t.toLocaleString("en-US"), Math.min(Math.max(x, 20), width - 20), rowsHeight + 15);
  }
}
