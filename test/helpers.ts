import { parseScenario, simulate, type Scenario, type SimulationResult } from "../src/index.js";
import type { SimulateOptions } from "../src/run/simulate.js";

/** Runs scenario YAML text and returns the result. */
export function run(yaml: string, options: SimulateOptions = {}): SimulationResult {
  return simulate(parseScenario(yaml, "<test>"), options);
}

/** Straight-line assembly: `lines` repeated `times`, then EXIT. */
export function unrolled(lines: readonly string[], times: number): string {
  const body: string[] = [];
  for (let i = 0; i < times; i++) body.push(...lines);
  body.push("EXIT");
  return body.map((l) => `  ${l}`).join("\n");
}

/** YAML for a scenario with one block of `warpsPerScheduler` warps on each of the 4 schedulers. */
export function scenarioYaml(opts: {
  warpsPerScheduler: number;
  program: string;
  arch?: string;
  memory?: string;
  scheduler?: string;
  seed?: number;
}): string {
  return [
    `arch:`,
    `  preset: sm_90`,
    // Every warp starts at cycle 0 with its code fetched, as the hand derivations in the tests
    // assume (the instruction fetch has its own: src/sm/instruction-fetch.test.ts).
    `  warpLaunchIntervalCycles: 0`,
    `  instructionFetch: null`,
    ...(opts.arch ?? "").split("\n").filter(Boolean).map((l) => `  ${l}`),
    `launch:`,
    `  threadsPerBlock: ${128 * opts.warpsPerScheduler}`,
    `  blocks: 1`,
    `  registersPerThread: 32`,
    ...(opts.memory ? [`memory:`, ...opts.memory.split("\n").map((l) => `  ${l}`)] : []),
    `scheduler: ${opts.scheduler ?? "gto"}`,
    `seed: ${opts.seed ?? 1}`,
    `program: |`,
    opts.program,
  ].join("\n");
}

/**
 * Simulates with a hook that measures, independently of the accounting, each sub-partition's
 * warp lifetimes: arrival (first state) to exit, or to the stop of a run that did not finish.
 */
export function simulateWithLifetimes(scenario: Scenario, options: SimulateOptions = {}): { result: SimulationResult; lifetime: number[] } {
  const lifetime = new Array(4).fill(0);
  const arrived = new Map<number, number>();
  const result = simulate(scenario, {
    ...options,
    hooks: {
      issue: [],
      stateChange: [
        (cycle, smsp, warp, state) => {
          if (!arrived.has(warp)) arrived.set(warp, cycle);
          if (state === -1) {
            lifetime[smsp] += cycle - arrived.get(warp)!;
            arrived.delete(warp);
          }
        },
      ],
    },
  });
  return { result, lifetime };
}
