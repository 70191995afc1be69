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
  const estimate = Math.min(estimatedInstructions(scenario), maxCycles * scenario.arch.subpartitionsPerSm);
  const seconds = estimate / ESTIMATE_INSTRUCTIONS_PER_SECOND;
  if (seconds > NOTE_ABOVE_SECONDS) {
    io.stderr(
      `warpsim: note: ${file} issues up to ${estimate.toExponential(2)} warp-instructions, about ${formatDuration(seconds)} at ` +
        `${ESTIMATE_INSTRUCTIONS_PER_SECOND / 1e6} M/s. --max-cycles N stops it after N cycles, and Ctrl-C stops it now; ` +
        `either way you get a report of the cycles simulated, marked partial.\n`,
    );
  }
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

function formatDuration(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86400)} days`;
}
