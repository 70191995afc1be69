import { Program } from "./program/program.js";
import type { Scenario } from "./scenario/resolve.js";
import { StreamingMultiprocessor } from "./sm/sm.js";
import { noHooks, type Hooks } from "./stats/hooks.js";
import { schedulerMetrics, sumCounters, type RawSchedulerCounters, type SimulationResult } from "./stats/metrics.js";
import { WARP_STATE_COUNT } from "./stats/warp-state.js";

export interface SimulateOptions {
  /** Stop (and report "cycle_limit") past this many cycles. Default 1e9. */
  readonly maxCycles?: number;
  /** Replaces the scenario's seed. */
  readonly seed?: number;
  /** Observers (trace writers); none by default. */
  readonly hooks?: Hooks;
}

export const DEFAULT_MAX_CYCLES = 1e9;

/** Runs a scenario on one SM and returns its metrics. Deterministic for a scenario and seed. */
export function simulate(scenario: Scenario, options: SimulateOptions = {}): SimulationResult {
  const seed = options.seed ?? scenario.seed;
  const program = new Program(scenario.program, scenario.arch);
  const sm = new StreamingMultiprocessor({
    arch: scenario.arch,
    program,
    policy: scenario.scheduler,
    seed,
    gridBlocks: scenario.launch.blocks,
    threadsPerBlock: scenario.launch.threadsPerBlock,
    residentBlocksLimit: scenario.residentBlocks,
    loadLatency: scenario.loadLatency,
    storeLatency: scenario.storeLatency,
    memoryLimits: scenario.memoryLimits,
    hooks: options.hooks ?? noHooks(),
  });
  const outcome = sm.run(options.maxCycles ?? DEFAULT_MAX_CYCLES);
  const cycles = outcome.cycle;

  const raw: RawSchedulerCounters[] = sm.subpartitions.map((sp, s) => ({
    activeCycles: sp.activeCycles,
    instructions: sp.instructions,
    eligibleHistogram: sp.eligibleHistogram,
    warpCycles: sm.accounting.warpCycles.subarray(s * WARP_STATE_COUNT, (s + 1) * WARP_STATE_COUNT),
    pipeInstructions: sp.pipeInstructions,
    pipeBusyCycles: sp.pipeBusyCycles,
  }));
  const fmaSplit = scenario.arch.fmaHalves !== undefined;
  const total = sumCounters(raw);
  const smActiveCycles = sm.activeCycles;
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
    outcome:
      outcome.status === "completed"
        ? { status: "completed" }
        : { status: outcome.status, atCycle: outcome.cycle, stuckWarps: outcome.stuck },
    cycles,
    occupancy: {
      theoretical: scenario.occupancy,
      achieved: warpsPerSm / scenario.arch.maxWarpsPerSm,
      achievedWarpsPerSm: warpsPerSm,
      residentBlocks: scenario.residentBlocks,
    },
    sm: smMetrics,
    subpartitions: raw.map((r) => schedulerMetrics(r, cycles, fmaSplit)),
  };
}
