import type { ArchSpec } from "../arch-spec.js";
import { voltaPlusPreset } from "./volta-plus.js";

/**
 * T4 (Turing), compute capability 7.5. Shared values and their sources: volta-plus.ts.
 * [guide] CUDA C++ Programming Guide, "Compute Capabilities"; [occ] cuda_occupancy.h;
 * [wp] NVIDIA Turing GPU Architecture whitepaper (FP64 at 1/32 of FP32: 2 units per SM, here 1 lane per partition);
 * [mb] Jia et al. 2019, "Dissecting the NVidia Turing T4 GPU via Microbenchmarking": L1 32, L2 188, global about 400 cycles.
 */
export const sm_75: ArchSpec = voltaPlusPreset({
  name: "sm_75",
  displayName: "T4 (Turing)",
  computeCapability: [7, 5],
  smCount: 40, // [wp]
  maxWarpsPerSm: 32, // [guide]
  maxBlocksPerSm: 16, // [guide] [occ]
  sharedMemAllocationUnit: 256, // [occ]
  sharedMemPerSmBytes: 65536, // [guide]
  sharedMemPerBlockOptinBytes: 65536, // [guide]
  reservedSharedMemPerBlockBytes: 0, // [guide] [occ]
  sharedMemCarveoutsKiB: [32, 64], // [occ]
  l1SharedKiB: 96, // [guide] 96 KB unified L1 and shared memory
  l2KiB: 4096, // [wp] T4: 4 MB
  lanes: { fma: 16, alu: 16, fp64: 1, xu: 4, lsu: 8 }, // [wp] per SM partition
  l1HitCycles: 32, // [mb]
  l2HitCycles: 188, // [mb]
  dramCycles: 400, // [mb]
  dramBytesPerCycle: 5.0, // [wp] 320 GB/s / 40 SMs / 1590 MHz
  clockMHz: 1590, // [wp] boost clock
});
