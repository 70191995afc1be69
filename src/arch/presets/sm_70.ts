import type { ArchSpec } from "../arch-spec.js";
import { voltaPlusPreset } from "./volta-plus.js";

/**
 * V100 SXM2 (Volta), compute capability 7.0. Shared values and their sources: volta-plus.ts.
 * [guide] CUDA C++ Programming Guide, "Compute Capabilities"; [occ] cuda_occupancy.h;
 * [wp] NVIDIA Tesla V100 GPU Architecture whitepaper;
 * [mb] Jia et al. 2018, "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking": L1 28, L2 193, global about 400 cycles.
 */
export const sm_70: ArchSpec = voltaPlusPreset({
  name: "sm_70",
  displayName: "V100 SXM2 (Volta)",
  computeCapability: [7, 0],
  smCount: 80, // [wp]
  maxWarpsPerSm: 64, // [guide]
  maxBlocksPerSm: 32, // [guide] [occ]
  sharedMemAllocationUnit: 256, // [occ]
  sharedMemPerSmBytes: 98304, // [guide]
  sharedMemPerBlockOptinBytes: 98304, // [guide]
  reservedSharedMemPerBlockBytes: 0, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 96], // [occ]
  l1SharedKiB: 128, // [wp] Volta whitepaper: 128 KB combined L1 and shared memory per SM
  l2KiB: 6144, // [wp] 6 MB
  lanes: { fma: 16, alu: 16, fp64: 8, xu: 4, lsu: 8 }, // [wp] per SM partition
  l1HitCycles: 28, // [mb]
  l2HitCycles: 193, // [mb]
  dramCycles: 400, // [mb]
  dramBytesPerCycle: 7.35, // [wp] 900 GB/s / 80 SMs / 1530 MHz
  clockMHz: 1530, // [wp] boost clock
});
