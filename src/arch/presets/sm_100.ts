import type { ArchSpec } from "../arch-spec.js";
import { SHARED_TIMING } from "./shared-timing.js";

/**
 * B200 (Blackwell) (compute capability 10.0).
 *
 * Sources: [guide] CUDA C++ Programming Guide, "Compute Capabilities", technical
 * specifications table; [occ] cuda_occupancy.h (CUDA 13.0), whose rules the occupancy
 * calculator matches; [wp] NVIDIA Blackwell Architecture technical brief; [mb] approximate values carried over from the H100 measurements of sm_90;
 * [model] not measured: see shared-timing.ts.
 */
export const sm_100: ArchSpec = {
  ...SHARED_TIMING,
  name: "sm_100",
  displayName: "B200 (Blackwell)",
  computeCapability: [10, 0],
  smCount: 148, // [wp]
  warpSize: 32,
  subpartitionsPerSm: 4, // [occ]
  maxWarpsPerSm: 64, // [guide]
  maxThreadsPerSm: 2048, // [guide]
  maxBlocksPerSm: 32, // [guide] [occ]
  maxThreadsPerBlock: 1024, // [guide]
  registersPerSm: 65536, // [guide]
  registersPerBlock: 65536, // [guide]
  maxRegistersPerThread: 255, // [guide]
  registerAllocationUnit: 256, // [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 233472, // [guide]
  sharedMemPerBlockBytes: 49152, // [guide]
  sharedMemPerBlockOptinBytes: 232448, // [guide]
  reservedSharedMemPerBlockBytes: 1024, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100, 132, 164, 196, 228], // [occ]
  pipes: {
    fma: { lanes: 32 }, // [wp] FP32 lanes per SM partition
    alu: { lanes: 16 }, // [wp] INT32 lanes per SM partition
    fp64: { lanes: 16 }, // [wp] FP64 lanes per SM partition
    xu: { lanes: 4 }, // [wp] SFUs per SM partition
    tensor: { lanes: 8 }, // [model]
    lsu: { lanes: 8 }, // [wp] LD/ST units per SM partition
    cbu: { lanes: 32 }, // [model]
    uniform: { lanes: 32 }, // [model]
  },
  memoryLevels: { l1HitCycles: 32, l2HitCycles: 260, dramCycles: 600, l2TailCycles: 70, dramTailCycles: 150 }, // [mb]
  memoryBandwidth: {
    dramBytesPerCycle: 27.5, // [wp] B200: 8 TB/s / 148 SMs / 1965 MHz
    l2BytesPerCycle: 82, // [model] about 3x DRAM, as measured on H100 (sm_90.ts)
    dramContentionCycles: 49, // [model] as measured on H100
    maxLoadsInFlight: 340, // [model] as measured on H100
  },
  warpLaunchIntervalCycles: 3, // [model] as measured on H100
  clockMHz: 1965, // [wp] boost clock
};
