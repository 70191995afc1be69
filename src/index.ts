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

// Sweeps: every combination of the varied fields, in parallel (docs/library.md, "Sweeps").
export { parseVary, axesFromSection, expandSweep, type SweepAxis, type Assignment } from "./scenario/sweep.js";
export { runSweep, type SweepOptions } from "./run/sweep/run-sweep.js";
export type { SweepRow } from "./run/sweep/sweep-row.js";
// Reports of a run, as the CLI prints them.
export { formatTable } from "./report/table.js";
export { formatCsv } from "./report/csv.js";
export { formatJson } from "./report/json.js";
export { renderSvg, runCharts, sweepCharts, writeCharts, styledSpec, type Chart, type ChartStyle, type ChartFileOptions, type ChartFormat } from "./report/charts.js";
// Why a run is at its utilization (Little's law) and the next knob.
export { explain, type Explanation } from "./run/explain.js";
export { formatExplanation } from "./report/explain-report.js";
export { latencyBound, warpsToFill } from "./stats/little.js";
// Nsight Compute beside a run: the raw or details page, and the Source page per instruction.
export { readNcuExport, pickLaunch, type NcuLaunch } from "./ncu/read-export.js";
export { compare, type Comparison } from "./run/compare.js";
export { readSourcePage, type SourcePage, type SourceInstruction } from "./ncu/read-source-page.js";
export { compareSource, type SourceComparison, type SourceComparisonRow } from "./run/compare-source.js";
export { PerInstruction, loopTotals, type InstructionRow, type InstructionMemory, type LoopTotal } from "./stats/per-instruction.js";
// SASS listings (cuobjdump -sass / nvdisasm output).
export { readSass, type SassKernel, type SassInstruction, type ReadSassResult } from "./sass/read-sass.js";
