import type { ArchSpec } from "../arch-spec.js";
import { SHARED_TIMING } from "./shared-timing.js";

/** What differs between the presets that are not calibrated against hardware (all but sm_90). */
export interface PresetFacts {
  readonly name: string;
  readonly displayName: string;
  readonly computeCapability: readonly [number, number];
  readonly smCount: number;
  readonly maxWarpsPerSm: number;
  readonly maxBlocksPerSm: number;
  readonly sharedMemAllocationUnit: number;
  readonly sharedMemPerSmBytes: number;
  readonly sharedMemPerBlockOptinBytes: number;
  readonly reservedSharedMemPerBlockBytes: number;
  readonly sharedMemCarveoutsKiB: readonly number[];
  readonly l1SharedKiB: number;
  readonly l2KiB: number;
  /** Lanes per SM partition of the FP32, INT32, FP64, SFU and LD/ST units. */
  readonly lanes: { readonly fma: number; readonly alu: number; readonly fp64: number; readonly xu: number; readonly lsu: number };
  readonly l1HitCycles: number;
  readonly l2HitCycles: number;
  readonly dramCycles: number;
  readonly dramBytesPerCycle: number;
  readonly clockMHz: number;
}

/**
 * Builds a Volta-or-later preset from its facts, with the values every such part shares in
 * one place. Sources: [guide] CUDA C++ Programming Guide, "Compute Capabilities" table;
 * [occ] cuda_occupancy.h (CUDA 13.0); [model] carried over from the H100 measurements of
 * sm_90 (see sm_90.ts), not measured on this part.
 */
export function voltaPlusPreset(f: PresetFacts): ArchSpec {
  return {
    ...SHARED_TIMING, // [model]
    name: f.name,
    displayName: f.displayName,
    computeCapability: f.computeCapability,
    smCount: f.smCount,
    warpSize: 32,
    subpartitionsPerSm: 4, // [occ]
    maxWarpsPerSm: f.maxWarpsPerSm,
    maxThreadsPerSm: f.maxWarpsPerSm * 32, // [guide]
    maxBlocksPerSm: f.maxBlocksPerSm,
    maxThreadsPerBlock: 1024, // [guide]
    registersPerSm: 65536, // [guide]
    registersPerBlock: 65536, // [guide]
    maxRegistersPerThread: 255, // [guide]
    registerAllocationUnit: 256, // [occ]
    sharedMemAllocationUnit: f.sharedMemAllocationUnit,
    sharedMemPerSmBytes: f.sharedMemPerSmBytes,
    sharedMemPerBlockBytes: 49152, // [guide]
    sharedMemPerBlockOptinBytes: f.sharedMemPerBlockOptinBytes,
    reservedSharedMemPerBlockBytes: f.reservedSharedMemPerBlockBytes,
    sharedMemCarveoutsKiB: f.sharedMemCarveoutsKiB,
    l1SharedKiB: f.l1SharedKiB,
    l2KiB: f.l2KiB,
    pipes: {
      tensor: { lanes: 8 }, // [model]
      cbu: { lanes: 32 }, // [model]
      uniform: { lanes: 32 }, // [model]
      fma: { lanes: f.lanes.fma },
      alu: { lanes: f.lanes.alu },
      fp64: { lanes: f.lanes.fp64 },
      xu: { lanes: f.lanes.xu },
      lsu: { lanes: f.lanes.lsu },
    },
    memoryLevels: {
      l1HitCycles: f.l1HitCycles,
      l2HitCycles: f.l2HitCycles,
      dramCycles: f.dramCycles,
      l2TailCycles: 10, // [model] sm_90's (derived in src/run/memory-tails.ts)
      dramTailCycles: 73, // [model] sm_90's
    },
    memoryBandwidth: {
      dramBytesPerCycle: f.dramBytesPerCycle,
      l2BytesPerCycle: Math.round(f.dramBytesPerCycle * 2.8), // [model] H100: 36.8 / 13.3
      dramContentionCycles: 49, // [model]
      maxLoadsInFlight: 340, // [model]
    },
    warpLaunchIntervalCycles: 3, // [model]
    clockMHz: f.clockMHz,
  };
}
