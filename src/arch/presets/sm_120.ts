import type { ArchSpec } from "../arch-spec.js";
import { voltaPlusPreset } from "./volta-plus.js";

/**
 * RTX 5090 / RTX PRO 6000 (Blackwell GB20x), compute capability 12.0. Shared values and their sources: volta-plus.ts.
 * [guide] CUDA C++ Programming Guide, "Compute Capabilities"; [occ] cuda_occupancy.h;
 * [wp] NVIDIA RTX Blackwell GPU Architecture whitepaper (RTX 5090: 170 SMs);
 * [mb] approximate, carried over from the H100 measurements of sm_90.
 */
export const sm_120: ArchSpec = voltaPlusPreset({
  name: "sm_120",
  displayName: "RTX 5090 / RTX PRO 6000 (Blackwell GB20x)",
  computeCapability: [12, 0],
  smCount: 170, // [wp]
  maxWarpsPerSm: 48, // [guide]
  maxBlocksPerSm: 24, // [guide] [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 102400, // [guide]
  sharedMemPerBlockOptinBytes: 101376, // [guide]
  reservedSharedMemPerBlockBytes: 1024, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100], // [occ]
  l1SharedKiB: 128, // [guide] 128 KB unified L1 and shared memory
  l2KiB: 98304, // [wp] RTX 5090: 96 MB
  lanes: { fma: 32, alu: 16, fp64: 1, xu: 4, lsu: 8 }, // [wp] per SM partition
  l1HitCycles: 32, // [mb]
  l2HitCycles: 260, // [mb]
  dramCycles: 600, // [mb]
  dramBytesPerCycle: 4.4, // [wp] 1792 GB/s / 170 SMs / 2407 MHz
  clockMHz: 2407, // [wp] boost clock
});
