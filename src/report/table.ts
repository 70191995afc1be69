import type { MemoryReport } from "../stats/memory-report.js";
import { describeSplit } from "../arch/register-split.js";
import type { GpuReport } from "../stats/metrics.js";
import { PIPE_REPORT_NAMES, type SchedulerMetrics, type SimulationResult } from "../stats/metrics.js";
import { WARP_STATE_NAMES } from "../stats/warp-state.js";

const BAR_WIDTH = 30;
/** Longest / shortest warp lifetime from which the table points at starvation. */
const STARVATION_SPREAD = 1.5;

/** A sampled run's line: what was simulated, the cycles' interval, or why it ran exactly. */
function describeSampled(result: SimulationResult): string {
  const s = result.sampled!;
  if (s.refused !== undefined) return `not sampled (ran exactly): ${s.refused}`;
  if (s.skips === 0 && s.simulatedShare < 1) return `exact: loop trips that repeat exactly were skipped exactly (${pct(s.simulatedShare)} of the cycles simulated), nothing extrapolated`;
  if (s.skips === 0) return `ran exactly: the cycles per issued instruction never settled to ${fix(100 * s.tolerance, 1)}% before the loops' last trips`;
  const rel = result.cycles > 0 ? s.cyclesHalfWidth / result.cycles : 0;
  return `${pct(s.simulatedShare)} of the cycles simulated, ${s.extrapolatedCycles} extrapolated; cycles ${result.cycles} +/- ${Math.round(s.cyclesHalfWidth)} (95%, +/- ${fix(100 * rel, 2)}%), every rate over them likewise`;
}

/** A human-readable report: header, a row per sub-partition and the SM, stalls with bars. */
export function formatTable(result: SimulationResult): string {
  const { scenario: sc, occupancy: occ } = result;
  const out: string[] = [];
  out.push(`warpsim: ${sc.name}  (${sc.arch}, scheduler ${sc.scheduler}, seed ${sc.seed})`);
  if (sc.arch !== "sm_90") out.push(`note         only sm_90 is calibrated against hardware; ${sc.arch}'s timings are not checked (warpsim archs)`);
  out.push(`outcome      ${describeOutcome(result)}`);
  if (result.sampled !== undefined) out.push(`sampled      ${describeSampled(result)}`);
  const th = occ.theoretical;
  out.push(
    `occupancy    theoretical ${pct(th.occupancy)} (${th.blocksPerSm} blocks x ${th.warpsPerBlock} warps = ` +
      `${th.warpsPerSm} warps/SM, limited by ${th.limiters.join(" + ") || "nothing"}); ` +
      `achieved ${pct(occ.achieved)} (${fix(occ.achievedWarpsPerSm, 2)} warps/SM)`,
  );
  if (occ.residentBlocks !== th.blocksPerSm) out.push(`             resident blocks pinned to ${occ.residentBlocks}`);
  if (occ.setmaxnreg !== undefined) out.push(`setmaxnreg   ${describeSplit(occ.setmaxnreg)}`);
  const life = result.warpLifetimes;
  if (life.exitedWarps > 1) {
    const spread = life.minCycles > 0 ? life.maxCycles / life.minCycles : Infinity;
    // Every warp runs the same program: a wide spread is the scheduler's doing (starvation).
    const hint = spread >= STARVATION_SPREAD ? `; the longest ${fix(spread, 2)}x the shortest: the scheduler favoured some warps (docs/scheduling.md, "Starvation")` : "";
    out.push(`warps        lived ${life.minCycles} to ${life.maxCycles} cycles (mean ${fix(life.meanCycles, 0)})${hint}`);
  }
  if (result.gpu !== undefined) out.push(gpuLine(result.gpu));
  out.push("");

  const header = ["", "active cyc", "inst", "IPC", "issue", "warps/cyc", "eligible/cyc", "no eligible"];
  const rows = result.subpartitions.map((m, i) => schedulerRow(`SMSP ${i}`, m));
  rows.push(schedulerRow("SM", result.sm));
  out.push(...alignColumns([header, ...rows]));
  out.push("");

  out.push("warp states (SM)    cycles/issue   share of warp-cycles");
  const stalls = WARP_STATE_NAMES.map((name) => ({ name, ...result.sm.stalls[name] }))
    .filter((s) => s.warpCycles > 0)
    .sort((a, b) => b.warpCycles - a.warpCycles);
  const widest = Math.max(...stalls.map((s) => s.share), 1e-9);
  for (const s of stalls) {
    out.push(`  ${s.name.padEnd(18)} ${fix(s.perIssue, 2).padStart(10)}   ${pct(s.share).padStart(6)} ${bar(s.share / widest)}`);
  }
  out.push("");

  // Busy share of each pipe that did any work (ncu pipe_<name>_cycles_active, % of peak).
  const busy = PIPE_REPORT_NAMES.filter((p) => result.sm.pipes[p].instructions > 0).map((p) => `${p} ${pct(result.sm.pipes[p].activeFraction)}`);
  out.push(`pipes busy (SM)     ${busy.join("  ")}`);
  out.push("");

  if (result.memory !== undefined) out.push(...memoryLines(result.memory), "");

  out.push("eligible warps per active cycle (SM)");
  const hist = result.sm.eligibleHistogram;
  const active = result.sm.activeCycles;
  const tallest = Math.max(...hist, 1);
  hist.forEach((cycles, k) => {
    if (cycles > 0) out.push(`  ${String(k).padStart(3)}  ${pct(cycles / active).padStart(6)} ${bar(cycles / tallest)}`);
  });
  return out.join("\n") + "\n";
}

/** The GPU's SMs when they run different numbers of blocks: each class, the mean (ncu's) and the maximum. */
function gpuLine(g: GpuReport): string {
  const classes = g.classes.map((c) => (c.blocks === 0 ? `${c.sms} SMs idle` : `${c.sms} SMs run ${c.blocks} block${c.blocks === 1 ? "" : "s"} in ${c.cycles} cycles`)).join("; ");
  return `GPU          ${classes}: mean over the ${g.smCount} SMs ${fix(g.meanSmActiveCycles, 0)} cycles (ncu's sm__cycles_active.avg), the kernel's time ${g.maxSmActiveCycles}`;
}

/** The memory model's counters, under the ncu names they stand beside (docs/memory.md). */
function memoryLines(m: MemoryReport): string[] {
  const kib = (b: number) => `${fix(b / 1024, 1)} KiB`;
  const lines = [
    "memory (SM, from the accesses' addresses)",
    `  global loads       ${m.loadRequests} requests, ${m.loadSectors} sectors (${fix(m.sectorsPerLoadRequest, 2)} per request); L1 hit rate ${pct(m.l1LoadHitRate)}`,
    `  global stores      ${m.storeRequests} requests, ${m.storeSectors} sectors${m.storePartialLines > 0 ? ` (${m.storePartialLines} lines written in part)` : ""}`,
    `  L2 reads           ${m.l2ReadSectors} sectors; hit rate ${pct(m.l2ReadHitRate)}`,
    `  DRAM               ${kib(m.dramReadBytes)} read, ${kib(m.dramWriteBytes)} written back`,
  ];
  if (m.copyRequests > 0) lines.push(`  copies (TMA, bulk) ${m.copyRequests} copies, ${m.copySectors} sectors (${(m.copySectors / m.copyRequests).toFixed(0)} per copy), past the L1`);
  if (m.localLoadRequests > 0) lines.push(`  local loads        ${m.localLoadRequests} requests, ${m.localLoadSectors} sectors; L1 hit rate ${pct(m.l1LocalLoadHitRate)}`);
  if (m.localStoreRequests > 0) lines.push(`  local stores       ${m.localStoreRequests} requests, ${m.localStoreSectors} sectors`);
  if (m.unaddressedAccesses > 0) lines.push(`  ${m.unaddressedAccesses} accesses had addresses from loaded data: timed by memory.latency instead`);
  return lines;
}

function describeOutcome(result: SimulationResult): string {
  const o = result.outcome;
  const what = `${result.scenario.blocks} block${result.scenario.blocks === 1 ? "" : "s"} of ${result.scenario.threadsPerBlock} threads`;
  if (o.status === "completed") return `completed in ${result.cycles} cycles (${what})`;
  const reason =
    o.status === "deadlock"
      ? "DEADLOCK: no warp can ever issue again"
      : o.status === "interrupted"
        ? "INTERRUPTED (partial report)"
        : "CYCLE LIMIT reached (partial report)";
  return `${reason} at cycle ${o.atCycle} (${what}); ${o.stuckWarps.length} warps still on the SM`;
}

function schedulerRow(label: string, m: SchedulerMetrics): string[] {
  return [
    label,
    String(m.activeCycles),
    String(m.instExecuted),
    fix(m.ipc, 3),
    pct(m.issueActive),
    fix(m.warpsActive, 2),
    fix(m.warpsEligible, 3),
    pct(m.noEligible),
  ];
}

function alignColumns(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ").trimEnd());
}

function bar(fraction: number): string {
  const eighths = Math.round(Math.max(0, Math.min(1, fraction)) * BAR_WIDTH * 8);
  const full = Math.floor(eighths / 8);
  const partial = eighths % 8;
  return "█".repeat(full) + (partial > 0 ? " ▏▎▍▌▋▊▉"[partial] : "");
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const fix = (x: number, digits: number) => x.toFixed(digits);
