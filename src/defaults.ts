/**
 * Every default the model and the scenario format apply, in one place, each with its reason.
 * docs/scenario-format.md lists the same values for users.
 */
export const DEFAULTS = {
  /** The calibrated preset (docs/validation.md). */
  arch: "sm_90",
  /** The policy measured on the H100 (docs/scheduling.md). */
  scheduler: "oldest-block",
  seed: 1,
  launch: {
    blocks: 1,
    /** A common register count of small kernels; the occupancy calculator's usual example. */
    registersPerThread: 32,
    sharedMemPerBlock: 0,
    staticSharedMemPerBlock: 0,
    /** -1: the driver's choice, as cudaFuncAttributePreferredSharedMemoryCarveout's default. */
    carveoutPercent: -1,
  },
  /** Global loads: uniform 400..800 cycles (DESIGN.md §2). Stores default to the loads' latency. */
  loadLatency: { kind: "uniform", min: 400, max: 800 },
  /** A coalesced warp-wide 32-bit load: 32 x 4 bytes. */
  bytesPerLoad: 128,
  /** A run stops (cycle_limit) here unless told otherwise: 10^9 cycles, 0.6 s of a 1.7 GHz SM, far past any bundled scenario. */
  maxCycles: 1e9,
} as const;
