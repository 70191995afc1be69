/**
 * warpsim's public API. Everything a library user needs is exported here and nothing else:
 * the modules behind it may change.
 */
export { loadScenario, parseScenario } from "./scenario/load.js";
export type { Scenario } from "./scenario/resolve.js";
export type { ScenarioInput } from "./scenario/schema.js";
export { simulate, simulateAsync, DEFAULT_MAX_CYCLES, type SimulateOptions, type SimulateAsyncOptions } from "./run/simulate.js";
export type { SimulationResult, SchedulerMetrics, StallMetric, Outcome, OccupancyReport } from "./stats/metrics.js";
export type { StuckWarp } from "./stats/outcome.js";
export { WarpState, WARP_STATE_NAMES, type WarpStateName } from "./stats/warp-state.js";
export type { Hooks } from "./stats/hooks.js";
export { occupancy, type LaunchResources, type OccupancyResult, type OccupancyLimiter } from "./arch/occupancy.js";
export type { ArchSpec, PipeName } from "./arch/arch-spec.js";
export { PRESETS } from "./arch/presets/index.js";
export { POLICY_NAMES, type PolicyName } from "./sm/schedulers/index.js";
export { WarpsimError, ScenarioError, ConfigError, LaunchError, OutputError, InvariantError, ExitCode, type ScenarioIssue } from "./errors.js";
