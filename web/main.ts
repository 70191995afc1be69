import { PRESETS } from "../src/arch/presets/index.js";
import { TIDY_COLUMNS, tidyRows } from "../src/report/flatten.js";
import { POLICY_NAMES } from "../src/sm/schedulers/index.js";
import type { SimulationResult } from "../src/stats/metrics.js";
import { WARP_STATE_NAMES } from "../src/stats/warp-state.js";
import { EXAMPLES } from "./examples.js";
import { latencyBound, warpsToFill } from "../src/stats/little.js";
import { DEFAULT_PARAMS, fromQuery, LATENCY_KINDS, scenarioYaml, toQuery, type PlaygroundParams } from "./scenario.js";
import { sweepSpec, sweepSvg, type SweepPoint } from "./sweep-chart.js";
import { drawTimeline, STATE_COLORS, timelineRows, type TimelineData } from "./timeline.js";
import type { Request } from "./worker.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
let latest = 0;
/** The custom scenario being shown (pasted, or example number `example`), or undefined for the sliders'. */
let custom: { yaml: string; sass?: string; example?: number } | undefined;
let rows: ReturnType<typeof timelineRows> = [];

function send(request: Request): void {
  worker.postMessage(request);
}

function fill(select: HTMLSelectElement, options: readonly string[], value: string): void {
  select.replaceChildren(...options.map((o) => new Option(o, o, o === value, o === value)));
}

function read(): PlaygroundParams {
  const num = (id: string) => Number(($(id) as HTMLInputElement).value);
  return {
    arch: ($("arch") as HTMLSelectElement).value,
    warps: num("warps"),
    ilp: num("ilp"),
    cpl: num("cpl"),
    lmin: num("lmin"),
    lmax: num("lmax"),
    scheduler: ($("scheduler") as HTMLSelectElement).value,
    seed: num("seed"),
    regs: num("regs"),
    smem: num("smem"),
    ldist: ($("ldist") as HTMLSelectElement).value as PlaygroundParams["ldist"],
  };
}

function write(p: PlaygroundParams): void {
  fill($("arch"), Object.keys(PRESETS), p.arch);
  fill($("scheduler"), POLICY_NAMES, p.scheduler);
  fill($("ldist"), LATENCY_KINDS, p.ldist);
  for (const id of ["warps", "ilp", "cpl", "lmin", "lmax", "seed", "regs", "smem"] as const) ($(id) as HTMLInputElement).value = String(p[id]);
}

/** Runs the sliders' scenario (or the custom one) and shows the scenario text. */
function run(): void {
  const p = read();
  for (const id of ["warps", "ilp", "cpl"] as const) $(`${id}-out`).textContent = String(p[id]);
  const yaml = custom?.yaml ?? scenarioYaml(p);
  // The URL reproduces what is shown: the sliders' settings, an example by its number, or a
  // pasted scenario's text; a pasted SASS listing is too long for a URL, so the URL then says
  // only that (a reload shows the note instead of silently running something else).
  if (custom === undefined) history.replaceState(null, "", `?${toQuery(p)}`);
  else if (custom.example !== undefined) history.replaceState(null, "", `${location.pathname}#example=${custom.example}`);
  else if (custom.sass === undefined) history.replaceState(null, "", `${location.pathname}#yaml=${encodeURIComponent(custom.yaml)}`);
  else history.replaceState(null, "", `${location.pathname}#pasted-sass`);
  // While a custom scenario is shown the sliders do not describe it, and the sweep (which
  // varies the sliders' program) does not apply to it.
  $("controls").classList.toggle("inactive", custom !== undefined);
  $("controls-note").hidden = custom === undefined;
  ($("sweep-run") as HTMLButtonElement).disabled = custom !== undefined;
  $("sweep-note").hidden = custom === undefined;
  $("yaml").textContent = yaml;
  ($("download") as HTMLAnchorElement).href = `data:text/yaml;charset=utf-8,${encodeURIComponent(yaml)}`;
  $("status").textContent = "Simulating…";
  send({ kind: "run", id: ++latest, yaml, ...(custom?.sass ? { sass: custom.sass } : {}), ...(custom === undefined ? { loneYaml: scenarioYaml(p, true) } : {}) });
}

interface RunReply {
  id: number;
  result?: SimulationResult;
  error?: string;
  milliseconds?: number;
  timeline?: TimelineData;
  /** Little's law's r1: the issue rate of the program's warp alone (sliders' runs only). */
  loneIssueRate?: number;
  point?: SweepPoint;
  done?: boolean;
}

worker.onmessage = (e: MessageEvent<RunReply>) => {
  const m = e.data;
  if (m.id === sweepId) return sweepReply(m);
  if (m.id !== latest) return; // a newer run is on its way
  if (m.error !== undefined) {
    // The error replaces the result: nothing of the previous run stays under it.
    $("status").textContent = m.error;
    $("status").classList.add("error");
    for (const id of ["metrics", "little"]) $(id).replaceChildren();
    for (const id of ["stalls", "histogram"]) $(id).querySelector("tbody")!.replaceChildren();
    rows = [];
    redrawTimeline();
    $("status").scrollIntoView({ block: "nearest" });
    return;
  }
  $("status").classList.remove("error");
  show(m.result!, m.milliseconds!, m.loneIssueRate);
  rows = timelineRows(m.timeline!);
  const from = $("tl-from") as HTMLInputElement;
  from.max = String(Math.max(0, m.result!.cycles - 1));
  if (Number(from.value) > m.result!.cycles) from.value = "0";
  redrawTimeline();
};

function show(r: SimulationResult, milliseconds: number, loneIssueRate: number | undefined): void {
  const sm = r.sm;
  $("status").textContent = `${r.outcome.status === "completed" ? "Completed" : `Stopped (${r.outcome.status})`} in ${r.cycles.toLocaleString("en-US")} cycles (simulated in ${Math.round(milliseconds)} ms).`;
  const occ = r.occupancy.theoretical;
  const metrics: [string, string, string][] = [
    ["issue-active", "Issue active (per scheduler)", pct(sm.issueActive)],
    ["eligible", "Eligible warps per cycle", sm.warpsEligible.toFixed(3)],
    ["active", "Active warps per scheduler", sm.warpsActive.toFixed(2)],
    ["no-eligible", "No eligible", pct(sm.noEligible)],
    ["wcpi", "Warp cycles per issued instruction", sm.warpCyclesPerIssue.toFixed(2)],
    ["occupancy", "Occupancy (theoretical / achieved)", `${pct(occ.occupancy)} / ${pct(r.occupancy.achieved)}`],
    ["limiter", "Resident blocks per SM (limited by)", `${occ.blocksPerSm} (${occ.limiters.join(", ").replace("_", " ")})`],
  ];
  $("metrics").replaceChildren(
    ...metrics.flatMap(([id, label, value]) => {
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.id = `metric-${id}`;
      dd.textContent = value;
      return [dt, dd];
    }),
  );
  if (custom === undefined && loneIssueRate !== undefined) {
    const p = read();
    const resident = Math.min(p.warps, occ.blocksPerSm);
    $("little").textContent = `Little's law: one warp alone issues every ${(1 / loneIssueRate).toFixed(1)} cycles (its loads' latency and its dependences), so ${resident} resident warp${resident === 1 ? "" : "s"} per scheduler can keep it busy at most ${pct(latencyBound(resident, loneIssueRate))} of the time; it takes ${warpsToFill(loneIssueRate).toFixed(1)} to fill every cycle.`;
  } else {
    $("little").textContent = "";
  }
  const stalls = Object.entries(sm.stalls)
    .filter(([, s]) => s.warpCycles > 0)
    .sort((a, b) => b[1].warpCycles - a[1].warpCycles);
  $("stalls").querySelector("tbody")!.replaceChildren(...stalls.map(([name, s]) => row([name, s.perIssue.toFixed(2), pct(s.share)], s.share)));
  const active = sm.activeCycles;
  $("histogram").querySelector("tbody")!.replaceChildren(...sm.eligibleHistogram.map((c, k) => row([String(k), pct(active > 0 ? c / active : 0)], active > 0 ? c / active : 0)));
  ($("download-csv") as HTMLAnchorElement).href = `data:text/csv;charset=utf-8,${encodeURIComponent(tidyCsv(r))}`;
}

/**
 * The command line's tidy CSV (warpsim run --format csv: the same columns and rows). Written
 * here because csv-stringify needs Node's Buffer; fields are quoted as RFC 4180 says.
 */
function tidyCsv(r: SimulationResult): string {
  const quote = (v: string | number) => (typeof v === "number" || !/[",\n\r]/.test(v) ? String(v) : `"${v.replace(/"/g, '""')}"`);
  return [[...TIDY_COLUMNS], ...tidyRows(r)].map((l) => l.map(quote).join(",")).join("\n") + "\n";
}

function row(cells: string[], share: number): HTMLTableRowElement {
  const tr = document.createElement("tr");
  cells.forEach((c, i) => {
    const td = document.createElement(i === 0 ? "th" : "td");
    if (i === 0) td.setAttribute("scope", "row");
    td.textContent = c;
    if (i === cells.length - 1) {
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.style.width = `${Math.round(share * 120)}px`;
      bar.setAttribute("aria-hidden", "true");
      td.append(bar);
    }
    tr.append(td);
  });
  return tr;
}

// The timeline: redrawn on the next frame after any change, so dragging stays smooth.
let frame = 0;
function redrawTimeline(): void {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(() => {
    const from = Number(($("tl-from") as HTMLInputElement).value);
    $("tl-from-out").textContent = from.toLocaleString("en-US");
    drawTimeline($("timeline") as HTMLCanvasElement, rows, from, Number(($("tl-span") as HTMLSelectElement).value));
  });
}
$("tl-from").addEventListener("input", redrawTimeline);
$("tl-span").addEventListener("input", redrawTimeline);
window.addEventListener("resize", redrawTimeline);
$("tl-legend").replaceChildren(
  ...WARP_STATE_NAMES.map((n) => {
    const span = document.createElement("span");
    const swatch = document.createElement("i");
    swatch.style.background = STATE_COLORS[n];
    span.append(swatch, n);
    return span;
  }),
);

// The sweep view: points arrive one by one and the chart is redrawn with each.
const SWEEP_ILPS = [1, 2, 4, 8];
const SWEEP_WARPS = Array.from({ length: 16 }, (_, i) => i + 1);
let sweepId = -1;
let sweeps = 0;
let sweepPoints: SweepPoint[] = [];
let sweepParams: PlaygroundParams = DEFAULT_PARAMS;

$("sweep-run").addEventListener("click", () => {
  sweepId = 1_000_000 + ++sweeps; // apart from the runs' ids
  sweepPoints = [];
  sweepParams = read();
  $("sweep-status").textContent = "Running…";
  void drawSweep();
  send({ kind: "sweep", id: sweepId, params: sweepParams, ilps: SWEEP_ILPS, warps: SWEEP_WARPS });
});

function sweepReply(m: RunReply): void {
  if (m.error !== undefined) $("sweep-status").textContent = m.error;
  else if (m.point !== undefined) {
    sweepPoints.push(m.point);
    $("sweep-status").textContent = `${sweepPoints.length} of ${SWEEP_ILPS.length * SWEEP_WARPS.length} points`;
    void drawSweep();
  } else if (m.done) $("sweep-status").textContent = `Done: ${sweepPoints.length} points.`;
}

// Each point redraws the chart; a drawing that finishes after a newer one started is dropped.
let drawn = 0;
async function drawSweep(): Promise<void> {
  const turn = ++drawn;
  if (sweepPoints.length === 0) {
    $("sweep-chart").replaceChildren();
    return;
  }
  const svg = await sweepSvg(sweepPoints, $("sweep-chart").clientWidth);
  if (turn !== drawn) return;
  $("sweep-chart").innerHTML = svg;
  const link = $("sweep-svg") as HTMLAnchorElement;
  link.href = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  link.hidden = false;
  const spec = $("sweep-spec") as HTMLAnchorElement;
  spec.href = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(sweepSpec(sweepPoints), null, 2))}`;
  spec.hidden = false;
  ($("sweep-chart") as HTMLElement).dataset.points = String(sweepPoints.length);
}

// Examples, pasted and dropped scenarios.
$("examples").replaceChildren(
  ...EXAMPLES.map((ex, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = ex.name;
    b.addEventListener("click", () => showExample(i));
    return b;
  }),
);

function showExample(i: number): void {
  const ex = EXAMPLES[i];
  ($("custom-yaml") as HTMLTextAreaElement).value = ex.yaml;
  ($("custom-sass") as HTMLTextAreaElement).value = ex.sass ?? "";
  custom = { yaml: ex.yaml, ...(ex.sass ? { sass: ex.sass } : {}), example: i };
  run();
}
$("custom-run").addEventListener("click", () => {
  const sass = ($("custom-sass") as HTMLTextAreaElement).value;
  custom = { yaml: ($("custom-yaml") as HTMLTextAreaElement).value, ...(sass.trim() !== "" ? { sass } : {}) };
  run();
});
$("custom-back").addEventListener("click", () => {
  custom = undefined;
  run();
});
for (const id of ["custom-yaml", "custom-sass"]) {
  const area = $(id) as HTMLTextAreaElement;
  area.addEventListener("dragover", (e) => e.preventDefault());
  area.addEventListener("drop", async (e) => {
    e.preventDefault();
    const file = e.dataTransfer?.files[0];
    if (file) area.value = await file.text();
  });
}

write(location.search ? fromQuery(location.search) : DEFAULT_PARAMS);
const example = /^#example=(\d+)$/.exec(location.hash);
if (location.hash.startsWith("#yaml=")) {
  custom = { yaml: decodeURIComponent(location.hash.slice("#yaml=".length)) };
  ($("custom-yaml") as HTMLTextAreaElement).value = custom.yaml;
  ($("custom") as HTMLDetailsElement).open = true;
}
$("controls").addEventListener("input", () => {
  custom = undefined;
  run();
});
if (example !== null && Number(example[1]) < EXAMPLES.length) {
  ($("custom") as HTMLDetailsElement).open = true;
  showExample(Number(example[1]));
} else {
  run();
  if (location.hash === "#pasted-sass") $("status").textContent = "This link was made from a pasted SASS listing, which a URL cannot carry: the sliders' scenario is shown instead; paste the listing again under “Your own scenario”.";
}
