import { ExitCode } from "../errors.js";
import { incompleteMessage } from "../report/incomplete.js";
import type { Scenario } from "../scenario/resolve.js";
import { DEFAULT_MAX_CYCLES, estimatedInstructions, simulateAsync } from "../run/simulate.js";
import type { Hooks } from "../stats/hooks.js";
import type { SimulationResult } from "../stats/metrics.js";
import type { CliIo } from "./io.js";
import { progressBar } from "./progress.js";

/**
 * A conservative simulation rate for the time estimate, in warp-instructions per second: the
 * slowest realistic mix measured in bench/RESULTS.md on the 2-core reference machine.
 */
const ESTIMATE_INSTRUCTIONS_PER_SECOND = 5e6;
/** Runs estimated to take longer than this get a note saying so and how to cap them. */
const NOTE_ABOVE_SECONDS = 30;

export interface CliRunOptions {
  readonly seed?: number;
  readonly maxCycles?: number;
  readonly hooks?: Hooks;
  /** false: simulate every cycle (SimulateOptions.fastForward). */
  readonly fastForward?: boolean;
  /** A sampled run's relative precision (SimulateOptions.sample). */
  readonly sample?: number;
}

/**
 * Runs a scenario for a command: prints the scenario's warnings; says beforehand how long a
 * long run will take and how to cap it; shows progress on a terminal; and stops cleanly on
 * Ctrl-C with a partial result (outcome "interrupted"). Sets the exit code of a run that did not
 * complete and explains it on stderr.
 */
export async function simulateForCli(
  io: CliIo,
  file: string,
  scenario: Scenario,
  options: CliRunOptions,
  setExit: (code: number) => void,
): Promise<SimulationResult> {
  for (const warning of scenario.warnings) io.stderr(`warpsim: warning: ${warning}\n`);
  const maxCycles = options.maxCycles ?? DEFAULT_MAX_CYCLES;
  const estimate = noteLongRun(io, file, scenario, maxCycles);
  const progress = progressBar(io, "simulating", "{percentage}% of estimated instructions");
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once("SIGINT", onInterrupt);
  let result: SimulationResult;
  try {
    result = await simulateAsync(scenario, {
      seed: options.seed,
      maxCycles,
      hooks: options.hooks,
      fastForward: options.fastForward,
      ...(options.sample !== undefined ? { sample: options.sample } : {}),
      signal: controller.signal,
      onProgress: (issued) => progress.update(Math.min(issued, estimate), estimate),
    });
  } finally {
    progress.stop();
    process.removeListener("SIGINT", onInterrupt);
  }
  if (result.outcome.status !== "completed") {
    io.stderr(incompleteMessage(file, result.outcome));
    setExit(result.outcome.status === "interrupted" ? ExitCode.interrupted : ExitCode.simulationIncomplete);
  }
  return result;
}

/**
 * Says beforehand how long `runs` simulations of the scenario will take when that is more than
 * half a minute, and how to cap them; returns one run's estimated warp-instructions. Every
 * command that simulates calls it (run, explain's variants, sweep's configurations).
 */
export function noteLongRun(io: CliIo, file: string, scenario: Scenario, maxCycles: number = DEFAULT_MAX_CYCLES, runs = 1, what = "issues"): number {
  const estimate = Math.min(estimatedInstructions(scenario), maxCycles * scenario.arch.subpartitionsPerSm);
  const seconds = (estimate * runs) / ESTIMATE_INSTRUCTIONS_PER_SECOND;
  if (seconds > NOTE_ABOVE_SECONDS) {
    io.stderr(
      `warpsim: note: ${file} ${what} up to ${(estimate * runs).toExponential(2)} warp-instructions, about ${formatDuration(seconds)} at ` +
        `${ESTIMATE_INSTRUCTIONS_PER_SECOND / 1e6} M/s. --max-cycles N stops ${runs > 1 ? "each run" : "it"} after N cycles, and Ctrl-C stops it now` +
        `${runs > 1 ? "" : "; either way you get a report of the cycles simulated, marked partial"}.\n`,
    );
  }
  return estimate;
}

function formatDuration(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86400)} days`;
}
