import { latencyBound, warpsToFill } from "../stats/little.js";
import type { ArchSpec } from "../arch/arch-spec.js";
import { occupancyImpact } from "../arch/occupancy-impact.js";
import { ScenarioError } from "../errors.js";
import { LOAD_COMPUTE_MAX_ILP } from "../program/generators/index.js";
import { loadShareOf, Program } from "../program/program.js";
import { resolveScenario, type Scenario } from "../scenario/resolve.js";
import type { ScenarioFields } from "../scenario/schema.js";
import { applyAssignments } from "../scenario/sweep.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import type { SimulationResult } from "../stats/metrics.js";
import { PIPE_REPORT_NAMES, type PipeReportName } from "../stats/metrics.js";
import type { WarpStateName } from "../stats/warp-state.js";
import { addressedMemoryBounds, type CopiesInFlight, copiesInFlight } from "./memory-bounds.js";
import { simulate } from "./simulate.js";

/**
 * `warpsim explain`: a Little's-law reading of a run. One warp alone issues r1 instructions per
 * cycle (its latencies, in the order they cost it, say why); W warps per scheduler can at most
 * issue W x r1, and no more than each pipe, the memory path and the scheduler itself allow.
 * The smallest of these bounds is the prediction and its term the limiter; the next knob is the
 * change that lifts it most, and it is checked by running the changed scenario.
 */
export interface Explanation {
  readonly scenario: string;
  readonly simulated: { readonly issueActive: number; readonly warpsPerScheduler: number; readonly cycles: number };
  /** The lone warp: its issue rate, and the cycles per instruction it spends in each state. */
  readonly loneWarp: { readonly issueRate: number; readonly cyclesPerInstruction: number; readonly latencies: readonly LatencyShare[] } | { readonly error: string };
  /** Each upper bound on issue active per scheduler, smallest first. */
  readonly bounds: readonly Bound[];
  readonly predicted: number;
  readonly limiter: string;
  /** What the prediction leaves out, when the simulated utilization falls short of it. */
  readonly shortfall?: string;
  readonly knob?: Knob;
  /** A pipelined kernel's copies: the bytes in flight against what the copies' share needs. */
  readonly copies?: CopiesInFlight;
}

export interface LatencyShare {
  readonly state: WarpStateName;
  readonly cause: string;
  readonly cyclesPerInstruction: number;
}

export interface Bound {
  /** `latency`, `issue`, `pipe:<name>`, `shared-memory`, `bandwidth`, `in-flight`, or from addresses `dram`, `l2-reads`, `l2-writes`, `copies`. */
  readonly term: string;
  readonly issueActive: number;
  /** The Little's-law reading behind it, in words. */
  readonly reading: string;
}

export interface Knob {
  readonly change: string;
  /** The fields it sets, as a sweep would (`launch.registersPerThread` = 56). */
  readonly fields: Readonly<Record<string, number | string>>;
  readonly predicted: number;
  readonly simulated: number;
  /** Whether it simulates better than the run: advice is the best checked option, or that none helps. */
  readonly helps: boolean;
}

/** What each warp state of a lone warp is waiting for. */
const CAUSE: Partial<Record<WarpStateName, string>> = {
  selected: "issuing (one instruction per cycle)",
  long_scoreboard: "global memory (L1TEX)",
  short_scoreboard: "MIO: shared memory, MUFU",
  wait: "fixed-latency dependencies and stall counts",
  branch_resolving: "branch resolution",
  no_instruction: "instruction fetch after taken branches",
  dispatch_stall: "dispatch held by its own loads",
  drain: "stores draining at exit",
  barrier: "barriers",
  math_pipe_throttle: "a busy math pipe",
  lg_throttle: "the load queue",
  mio_throttle: "the MIO queue",
};

export function explain(scenario: Scenario, base: SimulationResult = simulate(scenario)): Explanation {
  const sm = base.sm;
  const warps = sm.warpsActive;
  const lone = loneWarp(scenario);
  const bounds: Bound[] = [{ term: "issue", issueActive: 1, reading: "a scheduler issues at most one instruction per cycle" }];
  if ("issueRate" in lone) {
    bounds.push({
      term: "latency",
      issueActive: latencyBound(warps, lone.issueRate),
      reading:
        `one warp alone issues every ${fix(lone.cyclesPerInstruction)} cycles, so full issue needs ${fix(warpsToFill(lone.issueRate))} warps per scheduler ` +
        `(latency x throughput); the run provides ${fix(warps)}`,
    });
  }
  // What more warps cannot pass: every bound but latency and issue.
  // From addresses the memory's bounds are the run's own traffic through each level; else the declared level's.
  const memory = base.memory !== undefined ? addressedMemoryBounds(base, scenario.arch) : memoryBounds(scenario);
  const throughput = [...pipeBounds(base, scenario.arch), ...sharedMemoryBounds(scenario), ...memory];
  bounds.push(...throughput);
  bounds.sort((a, b) => a.issueActive - b.issueActive);
  const predicted = Math.min(1, bounds[0].issueActive);
  const limiter = bounds[0].term;
  const copies = copiesInFlight(base, scenario.arch);
  return {
    scenario: scenario.name,
    simulated: { issueActive: sm.issueActive, warpsPerScheduler: warps, cycles: base.cycles },
    loneWarp: lone,
    bounds,
    predicted,
    limiter,
    shortfall: shortfall(base, predicted, copies, limiter),
    knob: "issueRate" in lone ? nextKnob(scenario, base, limiter, lone.issueRate, Math.min(1, ...throughput.map((b) => b.issueActive))) : undefined,
    copies,
  };
}

/** One warp of the same program on the same machine: its issue rate and where its cycles go. */
function loneWarp(scenario: Scenario): Explanation["loneWarp"] {
  const alone = variant(scenario, { "launch.threadsPerBlock": 32, "launch.blocks": 1 });
  if ("error" in alone) return alone;
  const r = simulate(alone);
  if (r.outcome.status !== "completed") return { error: `one warp alone cannot finish (${r.outcome.status}); the program needs its block's other warps` };
  const cpi = r.sm.warpCyclesPerIssue;
  const latencies = (Object.keys(r.sm.stalls) as WarpStateName[])
    .map((state) => ({ state, cause: CAUSE[state] ?? state, cyclesPerInstruction: r.sm.stalls[state].perIssue }))
    .filter((l) => l.cyclesPerInstruction >= 0.01)
    .sort((a, b) => b.cyclesPerInstruction - a.cyclesPerInstruction);
  return { issueRate: 1 / cpi, cyclesPerInstruction: cpi, latencies };
}

/** Each pipe that did work caps issue at (its peak) / (its share of instructions x cycles each). */
function pipeBounds(base: SimulationResult, arch: ArchSpec): Bound[] {
  const sm = base.sm;
  const out: Bound[] = [];
  for (const name of PIPE_REPORT_NAMES) {
    if (name === "fmaheavy" || name === "fmalite") continue;
    const p = sm.pipes[name];
    if (p.instructions === 0 || sm.activeCycles === 0) continue;
    const peak = name === "fma" && arch.fmaHalves !== undefined ? 2 : 1;
    const busyCycles = p.activeFraction * peak * sm.activeCycles;
    const share = p.instructions / sm.instExecuted;
    const cyclesEach = busyCycles / p.instructions;
    const cap = peak / (share * cyclesEach);
    if (cap >= 1) continue; // a pipe that could take every issue slot is no bound
    out.push({
      term: `pipe:${name}`,
      issueActive: cap,
      reading: `${pct(share)} of instructions use ${pipeLabel(name)}, each holding it ${fix(cyclesEach)} cycles${peak > 1 ? ` on one of its ${peak} halves` : ""}`,
    });
  }
  return out;
}

/**
 * The SM's shared-memory pipe, one wavefront per `wavefrontCycles`: per scheduler, issue is at
 * most 1 / (wavefronts per instruction x cycles each x sub-partitions). Bank conflicts count
 * (their wavefronts, from the listing or `conflicts`).
 */
function sharedMemoryBounds(scenario: Scenario): Bound[] {
  const path = scenario.arch.sharedMemoryPath;
  if (path === undefined) return [];
  const perInstruction = new Program(scenario.program, scenario.arch).sharedWavefrontsPerInstruction();
  if (perInstruction === 0) return [];
  const cap = 1 / (perInstruction * path.wavefrontCycles * scenario.arch.subpartitionsPerSm);
  if (cap >= 1) return [];
  return [
    {
      term: "shared-memory",
      issueActive: cap,
      reading: `the SM's shared-memory pipe takes a wavefront every ${fix(path.wavefrontCycles)} cycles; its instructions need ${fix(perInstruction)} wavefronts per instruction issued (bank conflicts included)`,
    },
  ];
}

/** The memory path's bandwidth and in-flight cap, per scheduler, from the loads per instruction. */
function memoryBounds(scenario: Scenario): Bound[] {
  const share = loadShareOf(scenario.program);
  if (share === 0) return [];
  const limits = scenario.memoryLimits;
  const smsps = scenario.arch.subpartitionsPerSm;
  const out: Bound[] = [];
  if (Number.isFinite(limits.bytesPerCycle)) {
    const loadsPerCycle = limits.bytesPerCycle / limits.bytesPerLoad;
    out.push({
      term: "bandwidth",
      issueActive: loadsPerCycle / (share * smsps),
      reading: `the SM's share of bandwidth, ${fix(limits.bytesPerCycle)} B/cycle, serves ${fix(loadsPerCycle)} loads of ${limits.bytesPerLoad} B per cycle; ${pct(share)} of instructions are global loads`,
    });
  }
  if (Number.isFinite(limits.maxLoadsInFlight)) {
    const latency = meanLatency(scenario.loadLatency, scenario.arch);
    out.push({
      term: "in-flight",
      issueActive: limits.maxLoadsInFlight / latency / (share * smsps),
      reading: `at most ${limits.maxLoadsInFlight} loads in flight per SM over a mean latency of ${fix(latency)} cycles (Little's law: ${fix(limits.maxLoadsInFlight / latency)} loads per cycle)`,
    });
  }
  return out;
}

/** Why the run issues less than predicted, when it does by more than 5 points. */
function shortfall(base: SimulationResult, predicted: number, copies: CopiesInFlight | undefined, limiter: string): string | undefined {
  const gap = predicted - base.sm.issueActive;
  if (gap <= 0.05) return undefined;
  const life = base.warpLifetimes;
  const spread = life.minCycles > 0 ? life.maxCycles / life.minCycles : 1;
  const reasons: string[] = [];
  // The copies' bound assumes their share drawn; with too few bytes in flight they wait out their latency instead.
  if (limiter === "copies" && copies !== undefined && !copies.shareBinds) {
    reasons.push(`the copies draw ${pct(copies.rate / copies.share)} of their share, with ${(copies.bytesInFlight / 1024).toFixed(1)} of the ${(copies.bytesNeeded / 1024).toFixed(1)} KiB in flight their latency takes (copies, above)`);
  }
  if (spread >= 1.5) {
    reasons.push(
      `warps lived ${life.minCycles} to ${life.maxCycles} cycles (${fix(spread)}x) for the same work: the scheduler starved some, which then ran alone at the end ` +
        `(docs/scheduling.md, "Starvation")`,
    );
  }
  if (base.scenario.blocks > base.occupancy.residentBlocks) reasons.push(`the grid runs in waves (${base.scenario.blocks} blocks, ${base.occupancy.residentBlocks} resident): the last wave runs with fewer warps`);
  const contention = base.sm.stalls.not_selected.perIssue + base.sm.stalls.dispatch_stall.perIssue;
  if (contention > 0.5) reasons.push(`warps queue for the scheduler (${fix(contention)} cycles per instruction not selected or held at dispatch)`);
  if (reasons.length === 0) reasons.push("ramp-up and tail: warps arrive and leave at different times");
  return `simulated ${pct(base.sm.issueActive)} against a predicted ${pct(predicted)}: ${reasons.join("; ")}.`;
}

/** The change that lifts the limiter most, predicted by the same reading and checked by a run. */
function nextKnob(scenario: Scenario, base: SimulationResult, limiter: string, loneRate: number, caps: number): Knob | undefined {
  const candidates: { change: string; fields: Record<string, number | string>; predicted: number }[] = [];
  const launch = scenario.fields.launch;
  const warpsPerBlock = Math.ceil(launch.threadsPerBlock / scenario.arch.warpSize);
  const perScheduler = (blocks: number) => (blocks * warpsPerBlock) / scenario.arch.subpartitionsPerSm;
  if (limiter === "latency") {
    const resident = Math.min(launch.blocks, scenario.residentBlocks);
    // More blocks, where the grid leaves resident slots empty.
    if (launch.blocks < scenario.residentBlocks) {
      candidates.push({
        change: `launch ${scenario.residentBlocks} blocks instead of ${launch.blocks} (the SM holds ${scenario.residentBlocks})`,
        fields: { "launch.blocks": scenario.residentBlocks },
        predicted: Math.min(caps, perScheduler(scenario.residentBlocks) * loneRate),
      });
    } else if (launch.residentBlocks === undefined) {
      // A resource that limits residency, relaxed to the next step that admits more blocks.
      const impact = occupancyImpact(scenario.arch, {
        threadsPerBlock: launch.threadsPerBlock,
        registersPerThread: launch.registersPerThread,
        dynamicSharedMemBytes: launch.sharedMemPerBlock,
        staticSharedMemBytes: launch.staticSharedMemPerBlock,
        carveoutPercent: launch.carveoutPercent,
      });
      const better = (ranges: typeof impact.registersPerThread) => ranges.filter((r) => r.blocksPerSm > resident && r.to < Infinity).pop();
      const regs = scenario.occupancy.limiters.includes("registers") ? better(impact.registersPerThread) : undefined;
      if (regs !== undefined) {
        candidates.push({
          change: `registersPerThread ${launch.registersPerThread} -> ${regs.to}: ${regs.blocksPerSm} blocks per SM instead of ${resident} (if the kernel fits in them without spilling)`,
          fields: { "launch.registersPerThread": regs.to, "launch.blocks": Math.max(launch.blocks, regs.blocksPerSm) },
          predicted: Math.min(caps, perScheduler(regs.blocksPerSm) * loneRate),
        });
      }
      const smem = scenario.occupancy.limiters.includes("shared_memory") ? better(impact.sharedMemPerBlock) : undefined;
      if (smem !== undefined) {
        candidates.push({
          change: `sharedMemPerBlock ${launch.sharedMemPerBlock} -> ${smem.to} B: ${smem.blocksPerSm} blocks per SM instead of ${resident}`,
          fields: { "launch.sharedMemPerBlock": smem.to, "launch.blocks": Math.max(launch.blocks, smem.blocksPerSm) },
          predicted: Math.min(caps, perScheduler(smem.blocksPerSm) * loneRate),
        });
      }
    }
    // More ILP, where the program is a generator: each warp keeps more loads in flight.
    const program = scenario.fields.program;
    if (typeof program !== "string" && "generator" in program && program.ilp * 2 <= LOAD_COMPUTE_MAX_ILP) {
      const fields = { "program.ilp": program.ilp * 2 };
      const alone = variant(scenario, { ...fields, "launch.threadsPerBlock": 32, "launch.blocks": 1 });
      if (!("error" in alone)) {
        const rate = 1 / simulate(alone).sm.warpCyclesPerIssue;
        candidates.push({ change: `ILP ${program.ilp} -> ${program.ilp * 2}`, fields, predicted: Math.min(caps, base.sm.warpsActive * rate) });
      }
    }
  }
  // Each candidate is checked by running it (the prediction is linear in warps and leaves out
  // waves, the tail and the scheduler's queueing): the advice is the best simulated, and it
  // helps only if it beats the run.
  let best: Knob | undefined;
  for (const c of candidates) {
    const changed = variant(scenario, c.fields);
    if ("error" in changed) continue;
    const simulated = simulate(changed).sm.issueActive;
    if (best === undefined || simulated > best.simulated) best = { ...c, simulated, helps: false };
  }
  return best === undefined ? undefined : { ...best, helps: best.simulated > base.sm.issueActive };
}

/** The scenario with some fields replaced (and pinned residency dropped), or why it cannot be. */
function variant(scenario: Scenario, fields: Readonly<Record<string, number | string>>): Scenario | { error: string } {
  const assignments = Object.entries(fields).map(([path, value]) => ({ path: path.split("."), value }));
  const data = applyAssignments(scenario.fields, assignments) as Record<string, Record<string, unknown>>;
  if ("launch.threadsPerBlock" in fields) {
    delete data.launch.residentBlocks;
    // A kernel's block shape follows the new thread count (along x), as with no blockDim given.
    if (typeof data.program === "object" && data.program !== null && "blockDim" in data.program) delete (data.program as Record<string, unknown>).blockDim;
  }
  try {
    const r = resolveScenario(data as unknown as ScenarioFields, { file: scenario.file, ...(scenario.readFile !== undefined ? { readFile: scenario.readFile } : {}) });
    return r.ok ? r.scenario : { error: new ScenarioError(r.issues).message };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The mean of a latency distribution (cycles). */
export function meanLatency(d: LatencyDistribution, arch: ArchSpec): number {
  switch (d.kind) {
    case "fixed":
      return d.cycles;
    case "uniform":
      return (d.min + d.max) / 2;
    case "normal":
    case "exponential":
      return d.mean;
    case "mix": {
      const level = { l1: arch.memoryLevels.l1HitCycles, l2: arch.memoryLevels.l2HitCycles, dram: arch.memoryLevels.dramCycles };
      return d.levels.reduce((sum, l) => sum + l.fraction * (l.cycles ?? level[l.level]), 0);
    }
  }
}

function pipeLabel(name: PipeReportName): string {
  return name === "fma" ? "the FP32 pipe" : `the ${name} pipe`;
}

const fix = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
