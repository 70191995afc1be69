import { PIPE_REPORT_NAMES, type SchedulerMetrics, type SimulationResult } from "../stats/metrics.js";
import type { InstructionRow } from "../stats/per-instruction.js";
import { memoryText } from "./per-instruction-report.js";
import { WARP_STATE_NAMES, type WarpStateName } from "../stats/warp-state.js";

/** Instructions the page lists when the run kept the per-instruction account (the hottest first). */
const INSTRUCTION_ROWS = 40;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number, digits = 2) => (Number.isInteger(x) || digits === 0 ? Math.round(x).toLocaleString("en-US") : x.toFixed(digits));

/**
 * One self-contained HTML page of a run: the outcome and occupancy, the scheduler statistics per
 * sub-partition, the warp states, the pipes and the eligible-warps histogram as tables (so they
 * can be copied), the charts inline, and the scenario. Readable from a phone to a wide screen.
 */
export function formatHtml(result: SimulationResult, svgs: readonly string[], scenarioText: string, instructions?: readonly InstructionRow[]): string {
  const { scenario: sc, occupancy: occ, sm } = result;
  const title = `warpsim: ${sc.name}`;
  const outcome =
    result.outcome.status === "completed"
      ? `completed in ${num(result.cycles)} cycles`
      : `${result.outcome.status.replace("_", " ")} at cycle ${num(result.outcome.atCycle)} (partial report: ${result.outcome.stuckWarps.length} warps still on the SM)`;
  const th = occ.theoretical;
  const life = result.warpLifetimes;
  const facts: [string, string][] = [
    ["architecture", sc.arch],
    ["scheduler", sc.scheduler],
    ["seed", String(sc.seed)],
    ["launch", `${num(sc.blocks)} blocks of ${num(sc.threadsPerBlock)} threads`],
    ["outcome", outcome],
    ["theoretical occupancy", `${pct(th.occupancy)}: ${th.blocksPerSm} blocks × ${th.warpsPerBlock} warps = ${th.warpsPerSm} warps/SM, limited by ${th.limiters.join(" + ") || "nothing"}`],
    ["achieved occupancy", `${pct(occ.achieved)} (${num(occ.achievedWarpsPerSm)} warps/SM)`],
    ["warp lifetimes", life.exitedWarps > 0 ? `${num(life.minCycles)} to ${num(life.maxCycles)} cycles (mean ${num(life.meanCycles, 0)})` : "no warp exited"],
  ];
  if (occ.residentBlocks !== th.blocksPerSm) facts.push(["resident blocks", `pinned to ${occ.residentBlocks}`]);

  const schedulerRow = (label: string, m: SchedulerMetrics) =>
    [label, num(m.activeCycles), num(m.instExecuted), m.ipc.toFixed(3), pct(m.issueActive), m.warpCyclesPerIssue.toFixed(2), m.warpsActive.toFixed(2), m.warpsEligible.toFixed(3), pct(m.noEligible)];
  const stalls = WARP_STATE_NAMES.map((name) => ({ name, ...sm.stalls[name] }))
    .filter((s) => s.warpCycles > 0)
    .sort((a, b) => b.warpCycles - a.warpCycles);
  const pipes = PIPE_REPORT_NAMES.filter((p) => sm.pipes[p].instructions > 0);

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem auto; padding: 0 1rem; max-width: 72rem; color: #222; }
  table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-variant-numeric: tabular-nums; }
  th, td { padding: 0.25rem 0.6rem; border-bottom: 1px solid #e3e3e3; text-align: right; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; }
  thead th { border-bottom: 2px solid #999; white-space: normal; vertical-align: bottom; max-width: 7rem; }
  .facts th { text-align: left; font-weight: 600; } .facts td { text-align: left; white-space: normal; }
  .scroll { overflow-x: auto; max-width: 100%; }
  .charts { display: flex; flex-wrap: wrap; gap: 1.5rem; }
  .charts svg { max-width: 100%; height: auto; }
  pre { background: #f6f8fa; padding: 1rem; overflow-x: auto; font-size: 0.85rem; line-height: 1.3; }
  footer { margin-top: 2rem; color: #777; font-size: 0.8rem; }
</style>
</head>
<body>
<h1>${esc(title)}</h1>
<table class="facts">
${facts.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join("\n")}
</table>
<h2>Scheduler statistics</h2>
<div class="scroll">${table(
    ["", "active cycles", "instructions", "IPC", "issue active", "warp cycles per issue", "warps active", "warps eligible", "no eligible"],
    [...result.subpartitions.map((m, i) => schedulerRow(`SMSP ${i}`, m)), schedulerRow("SM", sm)],
  )}</div>
<h2>Warp states (SM)</h2>
<div class="scroll">${table(
    ["state", "warp cycles", "share of warp cycles", "cycles per issued instruction"],
    stalls.map((s) => [s.name, num(s.warpCycles), pct(s.share), s.perIssue.toFixed(2)]),
  )}</div>
<h2>Pipes (SM)</h2>
<div class="scroll">${table(
    ["pipe", "instructions", "busy (share of peak)"],
    pipes.map((p) => [p, num(sm.pipes[p].instructions), pct(sm.pipes[p].activeFraction)]),
  )}</div>
<h2>Eligible warps per active cycle (SM)</h2>
<div class="scroll">${table(
    ["eligible warps", "active cycles", "share"],
    sm.eligibleHistogram.map((cycles, k) => [String(k), num(cycles), pct(sm.activeCycles > 0 ? cycles / sm.activeCycles : 0)]),
  )}</div>
${instructions === undefined ? "" : instructionSection(instructions)}<h2>Charts</h2>
<div class="charts">
${svgs.join("\n")}
</div>
<h2>Scenario</h2>
<pre>${esc(scenarioText)}</pre>
<footer>Generated by warpsim. Metrics use Nsight Compute's names; see docs/metrics.md.</footer>
</body>
</html>
`;
}

/** Where the warp-cycles go, instruction by instruction (report --per-instruction; docs/source-view.md). */
function instructionSection(rows: readonly InstructionRow[]): string {
  const top = (r: InstructionRow) =>
    (Object.entries(r.states) as [WarpStateName, number][])
      .filter(([, c]) => c > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([s, c]) => `${s} ${pct(c / r.warpCycles)}`)
      .join(", ");
  const shown = rows.slice(0, INSTRUCTION_ROWS);
  const rest = rows.length - shown.length;
  return `<h2>Instructions (where the warp-cycles go, the hottest first)</h2>
<div class="scroll">${table(
    ["line", "instruction", "executed", "warp cycles", "share", "where they went"],
    shown.map((r) => [String(r.line), r.text, num(r.executed), num(r.warpCycles), pct(r.share), top(r) + (r.memory === undefined ? "" : `; ${memoryText(r.memory)}`)]),
  )}</div>
${rest > 0 ? `<p>${rest} more instructions (warpsim run --per-instruction --format csv lists them all).</p>\n` : ""}`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `<thead><tr>${header.map((h) => `<th scope="col">${esc(h)}</th>`).join("")}</tr></thead>`;
  const body = rows.map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join("")}</tr>`).join("\n");
  return `<table>${head}<tbody>\n${body}\n</tbody></table>`;
}
