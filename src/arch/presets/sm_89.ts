import type { ArchSpec } from "../arch-spec.js";
import { voltaPlusPreset } from "./volta-plus.js";

/**
 * L40 / RTX 4090 (Ada), compute capability 8.9. Shared values and their sources: volta-plus.ts.
 * [guide] CUDA C++ Programming Guide, "Compute Capabilities"; [occ] cuda_occupancy.h;
 * [wp] NVIDIA Ada GPU Architecture whitepaper (L40: 142 SMs);
 * [mb] approximate, carried over from A100 microbenchmarks.
 */
export const sm_89: ArchSpec = voltaPlusPreset({
  name: "sm_89",
  displayName: "L40 / RTX 4090 (Ada)",
  computeCapability: [8, 9],
  smCount: 142, // [wp]
  maxWarpsPerSm: 48, // [guide]
  maxBlocksPerSm: 24, // [guide] [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 102400, // [guide]
  sharedMemPerBlockOptinBytes: 101376, // [guide]
  reservedSharedMemPerBlockBytes: 1024, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100], // [occ]
  l1SharedKiB: 128, // [guide] 128 KB unified L1 and shared memory
  l2KiB: 98304, // [wp] L40: 96 MB (RTX 4090: 72 MB)
  lanes: { fma: 32, alu: 16, fp64: 1, xu: 4, lsu: 8 }, // [wp] per SM partition
  l1HitCycles: 33, // [mb]
  l2HitCycles: 220, // [mb]
  dramCycles: 500, // [mb]
  dramBytesPerCycle: 2.4, // [wp] 864 GB/s / 142 SMs / 2490 MHz
  clockMHz: 2490, // [wp] boost clock
});
