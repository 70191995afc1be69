import type { ArchSpec } from "../arch-spec.js";
import { voltaPlusPreset } from "./volta-plus.js";

/**
 * RTX 3090 (Ampere GA102), compute capability 8.6. Shared values and their sources: volta-plus.ts.
 * [guide] CUDA C++ Programming Guide, "Compute Capabilities"; [occ] cuda_occupancy.h;
 * [wp] NVIDIA Ampere GA102 GPU Architecture whitepaper (FP32 on both datapaths; 2 FP64 units per SM);
 * [mb] approximate, carried over from A100 microbenchmarks.
 */
export const sm_86: ArchSpec = voltaPlusPreset({
  name: "sm_86",
  displayName: "RTX 3090 (Ampere GA102)",
  computeCapability: [8, 6],
  smCount: 82, // [wp]
  maxWarpsPerSm: 48, // [guide]
  maxBlocksPerSm: 16, // [guide] [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 102400, // [guide]
  sharedMemPerBlockOptinBytes: 101376, // [guide]
  reservedSharedMemPerBlockBytes: 1024, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100], // [occ]
  l1SharedKiB: 128, // [guide] 128 KB unified L1 and shared memory
  l2KiB: 6144, // [wp] GA102: 6 MB
  lanes: { fma: 32, alu: 16, fp64: 1, xu: 4, lsu: 8 }, // [wp] per SM partition
  l1HitCycles: 33, // [mb]
  l2HitCycles: 220, // [mb]
  dramCycles: 470, // [mb]
  dramBytesPerCycle: 6.7, // [wp] 936 GB/s / 82 SMs / 1695 MHz
  clockMHz: 1695, // [wp] boost clock
});
