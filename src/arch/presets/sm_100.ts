import type { ArchSpec } from "../arch-spec.js";
import { voltaPlusPreset } from "./volta-plus.js";

/**
 * B200 (Blackwell), compute capability 10.0. Shared values and their sources: volta-plus.ts.
 * [guide] CUDA C++ Programming Guide, "Compute Capabilities"; [occ] cuda_occupancy.h;
 * [wp] NVIDIA Blackwell Architecture technical brief;
 * [mb] approximate, carried over from the H100 measurements of sm_90.
 */
export const sm_100: ArchSpec = voltaPlusPreset({
  name: "sm_100",
  displayName: "B200 (Blackwell)",
  computeCapability: [10, 0],
  smCount: 148, // [wp]
  maxWarpsPerSm: 64, // [guide]
  maxBlocksPerSm: 32, // [guide] [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 233472, // [guide]
  sharedMemPerBlockOptinBytes: 232448, // [guide]
  reservedSharedMemPerBlockBytes: 1024, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100, 132, 164, 196, 228], // [occ]
  l1SharedKiB: 256, // [guide] 256 KB unified L1 and shared memory
  l2KiB: 129024, // [wp] B200: 126 MB, approximate
  lanes: { fma: 32, alu: 16, fp64: 16, xu: 4, lsu: 8 }, // [wp] per SM partition
  l1HitCycles: 32, // [mb]
  l2HitCycles: 260, // [mb]
  dramCycles: 600, // [mb]
  dramBytesPerCycle: 27.5, // [wp] 8 TB/s / 148 SMs / 1965 MHz
  clockMHz: 1965, // [wp] boost clock
});
