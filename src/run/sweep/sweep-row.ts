import { WarpsimError } from "../../errors.js";
import { parseScenario, readerBeside } from "../../scenario/load.js";
import { describeAssignments, type Assignment } from "../../scenario/sweep.js";
import { simulate } from "../simulate.js";
import { schedulerColumns } from "../../stats/metric-columns.js";
import type { SimulationResult } from "../../stats/metrics.js";
import type { Outcome } from "../../stats/outcome.js";

/** One configuration of a sweep: its parameters, then every SM-level metric. */
export type SweepRow = Record<string, number | string>;

export interface SweepTask {
  readonly text: string;
  readonly file: string;
  readonly assignments: readonly Assignment[];
  readonly seed?: number;
  readonly maxCycles?: number;
  readonly anyPath?: boolean;
  /** Sample each run to this precision (run --sample); its rows say how. */
  readonly sample?: number;
}

/** A configuration that could not finish: its name (file and assignments) and how it ended. */
export interface IncompleteRun {
  readonly label: string;
  readonly outcome: Outcome;
}

/**
 * A row (with, for a run that could not finish, what its warps were doing), or the bad-input
 * message of its configuration.
 */
export type SweepOutcome =
  | { readonly ok: true; readonly row: SweepRow; readonly histogram: readonly number[]; readonly incomplete?: IncompleteRun }
  | { readonly ok: false; readonly message: string; readonly exitCode: WarpsimError["exitCode"] };

/** Runs one configuration (in this thread or a worker): the same result either way. */
export function sweepRow(task: SweepTask): SweepOutcome {
  try {
    const { row, result } = configurationRow(task);
    const histogram = result.sm.eligibleHistogram;
    if (result.outcome.status === "completed") return { ok: true, row, histogram };
    return { ok: true, row, histogram, incomplete: { label: `${task.file} [${describeAssignments(task.assignments)}]`, outcome: result.outcome } };
  } catch (e) {
    if (e instanceof WarpsimError) return { ok: false, message: e.message, exitCode: e.exitCode };
    throw e;
  }
}

function configurationRow(task: SweepTask): { row: SweepRow; result: SimulationResult } {
  const scenario = parseScenario(task.text, task.file, task.assignments, { readFile: readerBeside(task.file, task.anyPath) });
  const result = simulate(scenario, { seed: task.seed, maxCycles: task.maxCycles, ...(task.sample !== undefined ? { sample: task.sample } : {}) });
  const row: SweepRow = { scenario: scenario.name, seed: result.scenario.seed };
  for (const a of task.assignments) row[a.path.join(".")] = a.value;
  const residentBlocks = Math.min(scenario.launch.blocks, scenario.residentBlocks);
  row.warps_per_scheduler = (residentBlocks * scenario.occupancy.warpsPerBlock) / scenario.arch.subpartitionsPerSm;
  row.outcome = result.outcome.status;
  Object.assign(row, schedulerColumns(result.sm));
  row.occupancy_theoretical = result.occupancy.theoretical.occupancy;
  row.occupancy_achieved = result.occupancy.achieved;
  row.occupancy_limiter = result.occupancy.theoretical.limiters.join("+");
  row.warp_lifetime_min = result.warpLifetimes.minCycles;
  row.warp_lifetime_mean = result.warpLifetimes.meanCycles;
  row.warp_lifetime_max = result.warpLifetimes.maxCycles;
  if (result.sampled !== undefined) {
    // A sampled run's estimate and its account, as run --sample reports them.
    row.sampled_simulated_share = result.sampled.simulatedShare;
    row.sampled_cycles_half_width = result.sampled.cyclesHalfWidth;
  }
  return { row, result };
}
