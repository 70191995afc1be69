import seedrandom from "seedrandom";
import { checkSimulateInput } from "./check-input.js";
import { DEFAULTS } from "../defaults.js";
import { dynamicLengthOf, Program } from "../program/program.js";
import type { Scenario } from "../scenario/resolve.js";
import { StreamingMultiprocessor } from "../sm/sm.js";
import { memoryReport } from "../stats/memory-report.js";
import type { GpuReport } from "../stats/metrics.js";
import type { RunEnd, SmConfig } from "../sm/sm-config.js";
import type { WarpPathSource } from "../sm/warp-paths.js";
import { noHooks, type Hooks } from "../stats/hooks.js";
import { schedulerMetrics, sumCounters, type RawSchedulerCounters, type SimulationResult, type WarpLifetimes } from "../stats/metrics.js";
import { WARP_STATE_COUNT } from "../stats/warp-state.js";
import { setmaxnregSplit } from "./setmaxnreg-split.js";
import type { SampleAccount } from "../sm/sampled-steady-state.js";
import type { SampledReport } from "../stats/metrics.js";

export interface SimulateOptions {
  /** Stop (and report "cycle_limit") at this many cycles. Default 1e9. */
  readonly maxCycles?: number;
  /** Replaces the scenario's seed. */
  readonly seed?: number;
  /** Observers (trace writers); none by default. */
  readonly hooks?: Hooks;
  /**
   * For tests of the engine itself: the schedulers rescan their candidates every cycle instead
   * of reusing the last scan while nothing changed. Results must be byte-identical.
   */
  readonly referenceScan?: boolean;
  /**
   * For tests of the engine itself: keep every scheduler's candidates as bit masks with their
   * states accounted together (src/sm/candidate-masks.ts; true, the default), or scan a list of
   * them (false; also what a run with warp-state hooks, such as a trace, does).
   */
  readonly candidateMasks?: boolean;
  /**
   * Skip ahead through loop trips that repeat exactly (src/sm/steady-state.ts). Default true;
   * the results are the same either way (tested), false only simulates every cycle.
   */
  readonly fastForward?: boolean;
  /**
   * Each warp's own path, from running the kernel's arithmetic (src/exec/executed-paths.ts;
   * `run --sass --grid --args`): branches, loops and divergence follow it instead of the
   * program's declared trips and shares.
   */
  readonly paths?: WarpPathSource;
  /**
   * Sample the run (`--sample 1%` is 0.01): where loop trips recur only on average, skip ahead
   * once the cycles per window are known to this relative precision (95%), and report the
   * estimate with its interval (src/sm/sampled-steady-state.ts). Never the default.
   */
  readonly sample?: number;
  /** Filled in at the end of the run: the cycles the fast-forward skipped (tests, bench). */
  readonly fastForwardStats?: { skippedCycles: number };
}

export interface SimulateAsyncOptions extends SimulateOptions {
  /** Called between slices with the warp-instructions issued so far and the estimated total. */
  readonly onProgress?: (issued: number, estimatedTotal: number) => void;
  /** Once aborted, the run stops at the next slice and reports "interrupted" (a partial report). */
  readonly signal?: AbortSignal;
}

export const DEFAULT_MAX_CYCLES = DEFAULTS.maxCycles;

/** Visited cycles per slice of an async run: about a few milliseconds of work. */
const SLICE_STEPS = 20_000;

/** Runs a scenario on one SM and returns its metrics. Deterministic for a scenario and seed. */
export function simulate(scenario: Scenario, options: SimulateOptions = {}): SimulationResult {
  const { sm, seed, sample } = build(scenario, options);
  const end = sm.run(options.maxCycles ?? DEFAULT_MAX_CYCLES);
  if (options.fastForwardStats) options.fastForwardStats.skippedCycles = sm.skippedCycles;
  return collect(scenario, sm, seed, end, sample);
}

/**
 * The same run as `simulate` (identical results), in slices that yield to the event loop, so a
 * caller can show progress and stop it (Ctrl-C) with a partial report.
 */
export async function simulateAsync(scenario: Scenario, options: SimulateAsyncOptions = {}): Promise<SimulationResult> {
  const { sm, seed, sample } = build(scenario, options);
  const maxCycles = options.maxCycles ?? DEFAULT_MAX_CYCLES;
  const total = estimatedInstructions(scenario);
  for (;;) {
    const outcome = sm.advance(maxCycles, SLICE_STEPS);
    if (outcome !== undefined) return collect(scenario, sm, seed, outcome, sample);
    options.onProgress?.(issuedSoFar(sm), total);
    await yieldToEventLoop();
    if (options.signal?.aborted === true) return collect(scenario, sm, seed, sm.interrupt(), sample);
  }
}

/** Lets pending events (a Ctrl-C, a worker's message) run: setImmediate in Node, a zero timeout in a browser. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
}

/**
 * The GPU's SMs when they do not all run as many blocks (Scenario.spread): this SM's class
 * with its active cycles (some warp resident: ncu's sm__cycles_active; a block's turnaround
 * with no other block resident is not), the other class run here too (its own blocks and paths,
 * the same settings), or idle SMs at 0; the mean and the maximum over the SMs.
 */
function gpuReport(scenario: Scenario, seed: number, cycles: number): GpuReport {
  const spread = scenario.spread!;
  const classes = [{ sms: spread.alike, blocks: scenario.launch.blocks, cycles }];
  if (spread.other !== undefined) {
    const config = { ...smConfigOf(scenario, { seed }), gridBlocks: spread.other.blocks, paths: spread.other.paths };
    const other = new StreamingMultiprocessor(config);
    other.run(DEFAULT_MAX_CYCLES);
    classes.push({ sms: spread.other.sms, blocks: spread.other.blocks, cycles: other.active.cycles });
  }
  if (spread.idle > 0) classes.push({ sms: spread.idle, blocks: 0, cycles: 0 });
  const mean = classes.reduce((s, c) => s + c.sms * c.cycles, 0) / spread.smCount;
  return { smCount: spread.smCount, classes, meanSmActiveCycles: mean, maxSmActiveCycles: Math.max(...classes.map((c) => c.cycles)) };
}

/** Warp-instructions a completed run issues: every warp runs the whole program. */
export function estimatedInstructions(scenario: Scenario): number {
  const warpsPerBlock = Math.ceil(scenario.launch.threadsPerBlock / scenario.arch.warpSize);
  return dynamicLengthOf(scenario.program) * warpsPerBlock * scenario.launch.blocks;
}

function lifetimes(sm: StreamingMultiprocessor): WarpLifetimes {
  const a = sm.accounting;
  const n = a.exitedWarps;
  return {
    exitedWarps: n,
    minCycles: n > 0 ? a.lifetimeMinCycles : 0,
    meanCycles: n > 0 ? a.lifetimeSumCycles / n : 0,
    maxCycles: a.lifetimeMaxCycles,
  };
}

function issuedSoFar(sm: StreamingMultiprocessor): number {
  let n = 0;
  for (const sp of sm.subpartitions) n += sp.counters.instructions;
  return n;
}

function build(scenario: Scenario, options: SimulateOptions): { sm: StreamingMultiprocessor; seed: number; sample?: SampleAccount } {
  checkSimulateInput(scenario, options);
  // A sampled run books each warp's own states (no candidate masks, whose states are booked
  // together): its snapshots settle every warp's time (StateAccounting.settle).
  const base = smConfigOf(scenario, options.sample === undefined ? options : { ...options, candidateMasks: false });
  const sample: SampleAccount | undefined = options.sample === undefined ? undefined : { tolerance: options.sample, skippedCycles: 0, halfWidth: 0, skips: 0, random: seedrandom(`warpsim-sample-${base.seed}`) };
  const config = { ...base, ...(sample !== undefined ? { sample } : {}) };
  return { sm: new StreamingMultiprocessor(config), seed: config.seed, ...(sample !== undefined ? { sample } : {}) };
}

function sampledReport(sample: SampleAccount, sm: StreamingMultiprocessor, cycles: number): SampledReport {
  return {
    tolerance: sample.tolerance,
    simulatedShare: cycles > 0 ? (cycles - sm.skippedCycles) / cycles : 1,
    extrapolatedCycles: sample.skippedCycles,
    cyclesHalfWidth: sample.halfWidth,
    skips: sample.skips,
    ...(sample.refused !== undefined ? { refused: sample.refused } : {}),
  };
}

/** The SM's settings for a resolved scenario and the run's options (the unit tests of src/sm/ build SMs with it too). */
export function smConfigOf(scenario: Scenario, options: SimulateOptions = {}): SmConfig {
  return {
    arch: scenario.arch,
    program: new Program(scenario.program, scenario.arch),
    policy: scenario.scheduler,
    seed: options.seed ?? scenario.seed,
    gridBlocks: scenario.launch.blocks,
    threadsPerBlock: scenario.launch.threadsPerBlock,
    residentBlocksLimit: scenario.residentBlocks,
    registersPerThread: scenario.launch.registersPerThread,
    loadLatency: scenario.loadLatency,
    storeLatency: scenario.storeLatency,
    memoryLimits: scenario.memoryLimits,
    hooks: options.hooks ?? noHooks(),
    referenceScan: options.referenceScan,
    candidateMasks: options.candidateMasks,
    fastForward: options.fastForward,
    paths: options.paths ?? scenario.paths,
  };
}

function withSplit(scenario: Scenario): { setmaxnreg?: ReturnType<typeof setmaxnregSplit> } {
  const split = setmaxnregSplit(scenario);
  return split === undefined ? {} : { setmaxnreg: split };
}

function collect(scenario: Scenario, sm: StreamingMultiprocessor, seed: number, end: RunEnd, sample?: SampleAccount): SimulationResult {
  const cycles = end.cycle;
  const raw: RawSchedulerCounters[] = sm.subpartitions.map((sp, s) => ({
    activeCycles: sp.counters.active.cycles,
    instructions: sp.counters.instructions,
    eligibleHistogram: sp.counters.eligibleHistogram,
    warpCycles: sm.accounting.warpCycles.subarray(s * WARP_STATE_COUNT, (s + 1) * WARP_STATE_COUNT),
    pipeInstructions: sp.counters.pipeInstructions,
    pipeBusyCycles: sp.counters.pipeBusyCycles,
  }));
  const fmaSplit = scenario.arch.fmaHalves !== undefined;
  const total = sumCounters(raw);
  const smActiveCycles = sm.active.cycles;
  const smMetrics = schedulerMetrics(total, cycles, fmaSplit, smActiveCycles);
  const warpsPerSm = smActiveCycles > 0 ? (smMetrics.warpsActive * total.activeCycles) / smActiveCycles : 0;

  return {
    scenario: {
      name: scenario.name,
      file: scenario.file,
      arch: scenario.arch.name,
      scheduler: scenario.scheduler,
      seed,
      blocks: scenario.launch.blocks,
      threadsPerBlock: scenario.launch.threadsPerBlock,
    },
    outcome: end.outcome,
    cycles,
    smActiveCycles,
    occupancy: {
      theoretical: scenario.occupancy,
      achieved: warpsPerSm / scenario.arch.maxWarpsPerSm,
      achievedWarpsPerSm: warpsPerSm,
      residentBlocks: scenario.residentBlocks,
      ...withSplit(scenario),
    },
    warpLifetimes: lifetimes(sm),
    sm: smMetrics,
    subpartitions: raw.map((r) => schedulerMetrics(r, cycles, fmaSplit)),
    ...(sm.memory.addressed !== undefined ? { memory: memoryReport(sm.memory.addressed.counters) } : {}),
    ...(scenario.spread !== undefined && end.outcome.status === "completed" ? { gpu: gpuReport(scenario, seed, smActiveCycles) } : {}),
    ...(sample !== undefined ? { sampled: sampledReport(sample, sm, cycles) } : {}),
  };
}
