import type { SampleAccount } from "./sampled-steady-state.js";
import type { ArchSpec } from "../arch/arch-spec.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import type { Program } from "../program/program.js";
import type { Outcome } from "../stats/outcome.js";
import type { Hooks } from "../stats/hooks.js";
import type { MemoryLimits } from "./memory/memory-system.js";
import type { PolicyName } from "./schedulers/index.js";
import type { WarpPathSource } from "./warp-paths.js";

/** What one SM runs, and how: resolved settings (scenario/resolve.ts builds them). */
export interface SmConfig {
  readonly arch: ArchSpec;
  readonly program: Program;
  readonly policy: PolicyName;
  readonly seed: number;
  /** Blocks this SM runs, in waves of at most `residentBlocksLimit`. */
  readonly gridBlocks: number;
  readonly threadsPerBlock: number;
  readonly residentBlocksLimit: number;
  readonly loadLatency: LatencyDistribution;
  readonly storeLatency: LatencyDistribution;
  readonly memoryLimits: MemoryLimits;
  readonly hooks: Hooks;
  /** For tests: the schedulers rescan their candidates every cycle (Subpartition). */
  readonly referenceScan?: boolean;
  /** For tests: candidate masks (true, the default) or the scan over a candidate list (false). */
  readonly candidateMasks?: boolean;
  /** Skip ahead through loop trips that repeat exactly (src/sm/steady-state.ts); default true. */
  readonly fastForward?: boolean;
  /** A sampled run (sampled-steady-state.ts): its tolerance, and where it accounts what it skipped. */
  readonly sample?: SampleAccount;
  /** The launch's registers per thread: each block's pool for setmaxnreg (async/register-pool.ts). */
  readonly registersPerThread?: number;
  /** Each warp's own path, from running the kernel's arithmetic (warp-paths.ts); else declared trips and shares. */
  readonly paths?: WarpPathSource;
}

/** How a run ended and the cycle it ended in (the run's length). */
export interface RunEnd {
  readonly cycle: number;
  readonly outcome: Outcome;
}
