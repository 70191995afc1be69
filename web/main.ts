import { PRESETS } from "../src/arch/presets/index.js";
import { POLICY_NAMES } from "../src/sm/schedulers/index.js";
import type { SimulationResult } from "../src/stats/metrics.js";
import { DEFAULT_PARAMS, fromQuery, scenarioYaml, toQuery, type PlaygroundParams } from "./scenario.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
let latest = 0;

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
  };
}

function write(p: PlaygroundParams): void {
  fill($("arch"), Object.keys(PRESETS), p.arch);
  fill($("scheduler"), POLICY_NAMES, p.scheduler);
  for (const id of ["warps", "ilp", "cpl", "lmin", "lmax", "seed"] as const) ($(id) as HTMLInputElement).value = String(p[id]);
}

function run(): void {
  const p = read();
  for (const id of ["warps", "ilp", "cpl"] as const) $(`${id}-out`).textContent = String(p[id]);
  history.replaceState(null, "", `?${toQuery(p)}`);
  const yaml = scenarioYaml(p);
  $("yaml").textContent = yaml;
  ($("download") as HTMLAnchorElement).href = `data:text/yaml;charset=utf-8,${encodeURIComponent(yaml)}`;
  $("status").textContent = "Simulating…";
  worker.postMessage({ id: ++latest, yaml });
}

worker.onmessage = (e: MessageEvent<{ id: number; result?: SimulationResult; error?: string; milliseconds?: number }>) => {
  if (e.data.id !== latest) return; // a newer run is on its way
  if (e.data.error !== undefined) {
    $("status").textContent = e.data.error;
    return;
  }
  show(e.data.result!, e.data.milliseconds!);
};

function show(r: SimulationResult, milliseconds: number): void {
  const sm = r.sm;
  $("status").textContent = `Completed in ${r.cycles.toLocaleString("en-US")} cycles (simulated in ${Math.round(milliseconds)} ms).`;
  const metrics: [string, string, string][] = [
    ["issue-active", "Issue active (per scheduler)", pct(sm.issueActive)],
    ["eligible", "Eligible warps per cycle", sm.warpsEligible.toFixed(3)],
    ["active", "Active warps per scheduler", sm.warpsActive.toFixed(2)],
    ["no-eligible", "No eligible", pct(sm.noEligible)],
    ["wcpi", "Warp cycles per issued instruction", sm.warpCyclesPerIssue.toFixed(2)],
    ["occupancy", "Occupancy (theoretical / achieved)", `${pct(r.occupancy.theoretical.occupancy)} / ${pct(r.occupancy.achieved)}`],
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
  const stalls = Object.entries(sm.stalls)
    .filter(([, s]) => s.warpCycles > 0)
    .sort((a, b) => b[1].warpCycles - a[1].warpCycles);
  $("stalls").querySelector("tbody")!.replaceChildren(...stalls.map(([name, s]) => row([name, s.perIssue.toFixed(2), pct(s.share)], s.share)));
  const active = sm.activeCycles;
  $("histogram").querySelector("tbody")!.replaceChildren(...sm.eligibleHistogram.map((c, k) => row([String(k), pct(active > 0 ? c / active : 0)], active > 0 ? c / active : 0)));
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

write(location.search ? fromQuery(location.search) : DEFAULT_PARAMS);
$("controls").addEventListener("input", run);
run();
