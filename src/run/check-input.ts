import { ConfigError } from "../errors.js";
import { LIMITS } from "../limits.js";
import type { Scenario } from "../scenario/resolve.js";
import { POLICY_NAMES } from "../sm/schedulers/index.js";
import type { SimulateOptions } from "./simulate.js";

/**
 * What `simulate()` checks of a library caller's input before it builds anything. A scenario
 * from loadScenario/parseScenario has passed the schema; these checks catch one changed (or
 * built) by hand afterwards, where a NaN would otherwise never stop a run or put NaN into the
 * result, and a negative count would complete in 0 cycles. Each failure is a ConfigError
 * naming the field, as the CLI's errors do.
 */
export function checkSimulateInput(scenario: Scenario, options: SimulateOptions): void {
  if (typeof scenario !== "object" || scenario === null || typeof scenario.launch !== "object" || typeof scenario.arch !== "object") {
    throw new ConfigError("simulate(): expected a scenario from loadScenario() or parseScenario(), found " + describe(scenario) + ".");
  }
  if (options.maxCycles !== undefined && !(Number.isInteger(options.maxCycles) && options.maxCycles >= 1)) {
    throw bad("options.maxCycles", "a whole number of cycles, at least 1", options.maxCycles);
  }
  if (options.seed !== undefined && !Number.isInteger(options.seed)) throw bad("options.seed", "a whole number", options.seed);
  if (!Number.isInteger(scenario.seed)) throw bad("scenario.seed", "a whole number", scenario.seed);
  if (!(POLICY_NAMES as readonly string[]).includes(scenario.scheduler)) {
    throw bad("scenario.scheduler", `one of ${POLICY_NAMES.join(", ")}`, scenario.scheduler);
  }
  for (const field of ["blocks", "threadsPerBlock"] as const) {
    const v = scenario.launch[field];
    if (!(Number.isInteger(v) && v >= 1)) throw bad(`scenario.launch.${field}`, "a whole number, at least 1", v);
  }
  if (scenario.launch.threadsPerBlock > LIMITS.maxThreadsPerBlock) throw bad("scenario.launch.threadsPerBlock", `at most ${LIMITS.maxThreadsPerBlock}`, scenario.launch.threadsPerBlock);
  const { maxBlocksPerSm, maxWarpsPerSm, warpSize } = scenario.arch;
  if (!(Number.isInteger(maxBlocksPerSm) && maxBlocksPerSm >= 1 && maxBlocksPerSm <= LIMITS.maxBlocksPerSm)) throw bad("scenario.arch.maxBlocksPerSm", `a whole number, 1 to ${LIMITS.maxBlocksPerSm}`, maxBlocksPerSm);
  if (!(Number.isInteger(maxWarpsPerSm) && maxWarpsPerSm >= 1 && maxWarpsPerSm <= LIMITS.maxWarpsPerSm)) throw bad("scenario.arch.maxWarpsPerSm", `a whole number, 1 to ${LIMITS.maxWarpsPerSm}`, maxWarpsPerSm);
  // The resident blocks must fit the SM's block and warp slots (the occupancy calculator's answer does).
  const warpsPerBlock = Math.ceil(scenario.launch.threadsPerBlock / warpSize);
  const fits = Math.min(maxBlocksPerSm, Math.floor(maxWarpsPerSm / warpsPerBlock));
  if (!(Number.isInteger(scenario.residentBlocks) && scenario.residentBlocks >= 1 && scenario.residentBlocks <= fits)) {
    throw bad("scenario.residentBlocks", `a whole number, 1 to ${fits} (the SM's block and warp slots)`, scenario.residentBlocks);
  }
  checkNumbers(scenario.arch, "scenario.arch");
  // The warps' launch times are summed from it: a string there would never end the run.
  if (typeof scenario.arch.warpLaunchIntervalCycles !== "number") throw bad("scenario.arch.warpLaunchIntervalCycles", "a number, not negative", scenario.arch.warpLaunchIntervalCycles);
  checkNumbers(scenario.launch, "scenario.launch");
  checkNumbers(scenario.loadLatency, "scenario.loadLatency");
  checkNumbers(scenario.storeLatency, "scenario.storeLatency");
  checkNumbers(scenario.memoryLimits, "scenario.memoryLimits");
}

/** Sentinels the resolver itself writes: -1 means "not set". */
const MINUS_ONE_ALLOWED = new Set(["scenario.launch.carveoutPercent", "scenario.memoryLimits.level"]);

/** Every number under `value` is a number and not negative (limits may be Infinity). */
function checkNumbers(value: unknown, path: string): void {
  if (typeof value === "number") {
    if (Number.isNaN(value) || value === -Infinity || (value < 0 && !(value === -1 && MINUS_ONE_ALLOWED.has(path)))) {
      throw bad(path, "a number, not negative", value);
    }
    return;
  }
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return;
  for (const [key, v] of Object.entries(value)) checkNumbers(v, `${path}.${key}`);
}

function bad(field: string, expected: string, found: unknown): ConfigError {
  return new ConfigError(`simulate(): ${field}: expected ${expected}, found ${describe(found)}.`);
}

function describe(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 37)}...` : v);
  if (typeof v === "number") return String(v);
  if (v === null || v === undefined) return String(v);
  return Array.isArray(v) ? "a list" : typeof v;
}
