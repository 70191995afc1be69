import { parseScenario } from "../src/scenario/load.js";
import type { Scenario } from "../src/scenario/resolve.js";
import { Program } from "../src/program/program.js";
import { smConfigOf } from "../src/run/simulate.js";
import { StreamingMultiprocessor } from "../src/sm/sm.js";
import type { SmConfig } from "../src/sm/sm-config.js";
import { scenarioYaml } from "./helpers.js";

/**
 * For the unit tests of src/sm/: a scenario's resolved settings and decoded program, and an SM
 * built from them the way run/simulate.ts builds one, without running it.
 */
export function scenarioOf(program: string, opts: { warpsPerScheduler?: number; arch?: string; memory?: string; scheduler?: string } = {}): Scenario {
  const lines = program
    .trim()
    .split("\n")
    .map((l) => `  ${l.trim()}`)
    .join("\n");
  return parseScenario(scenarioYaml({ warpsPerScheduler: opts.warpsPerScheduler ?? 1, program: lines, arch: opts.arch, memory: opts.memory, scheduler: opts.scheduler }), "<test>");
}

/** The decoded program of assembly text, on sm_90. */
export function programOf(program: string, opts: { arch?: string } = {}): Program {
  const scenario = scenarioOf(program, opts);
  return new Program(scenario.program, scenario.arch);
}

/** An SM for a scenario, as run/simulate.ts builds one (config overrides for tests). */
export function smOf(scenario: Scenario, overrides: Partial<SmConfig> = {}): StreamingMultiprocessor {
  return new StreamingMultiprocessor({ ...smConfigOf(scenario), ...overrides });
}
