import type { ArchSpec } from "../arch-spec.js";
import { voltaPlusPreset } from "./volta-plus.js";

/**
 * A100 SXM (Ampere), compute capability 8.0. Shared values and their sources: volta-plus.ts.
 * [guide] CUDA C++ Programming Guide, "Compute Capabilities"; [occ] cuda_occupancy.h;
 * [wp] NVIDIA A100 Tensor Core GPU Architecture whitepaper;
 * [mb] published A100 microbenchmarks, approximate: L1 about 33, L2 about 200, DRAM about 470 cycles.
 */
export const sm_80: ArchSpec = voltaPlusPreset({
  name: "sm_80",
  displayName: "A100 SXM (Ampere)",
  computeCapability: [8, 0],
  smCount: 108, // [wp]
  maxWarpsPerSm: 64, // [guide]
  maxBlocksPerSm: 32, // [guide] [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 167936, // [guide]
  sharedMemPerBlockOptinBytes: 166912, // [guide]
  reservedSharedMemPerBlockBytes: 1024, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100, 132, 164], // [occ]
  l1SharedKiB: 192, // [wp] 192 KB combined L1 and shared memory per SM
  l2KiB: 40960, // [wp] 40 MB
  lanes: { fma: 16, alu: 16, fp64: 8, xu: 4, lsu: 8 }, // [wp] per SM partition
  l1HitCycles: 33, // [mb]
  l2HitCycles: 200, // [mb]
  dramCycles: 470, // [mb]
  dramBytesPerCycle: 10.2, // [wp] 1555 GB/s / 108 SMs / 1410 MHz
  clockMHz: 1410, // [wp] boost clock
});
