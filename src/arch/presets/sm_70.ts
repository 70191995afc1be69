import type { ArchSpec } from "../arch-spec.js";
import { SHARED_TIMING } from "./shared-timing.js";

/**
 * V100 SXM2 (Volta) (compute capability 7.0).
 *
 * Sources: [guide] CUDA C++ Programming Guide, "Compute Capabilities", technical
 * specifications table; [occ] cuda_occupancy.h (CUDA 13.0), whose rules the occupancy
 * calculator matches; [wp] NVIDIA Tesla V100 GPU Architecture whitepaper; [mb] Jia et al. 2018, Volta microbenchmarks: L1 28, L2 193, global ~400 cycles (approximate);
 * [model] not measured: see shared-timing.ts.
 */
export const sm_70: ArchSpec = {
  ...SHARED_TIMING,
  name: "sm_70",
  displayName: "V100 SXM2 (Volta)",
  computeCapability: [7, 0],
  smCount: 80, // [wp]
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
  sharedMemAllocationUnit: 256, // [occ]
  sharedMemPerSmBytes: 98304, // [guide]
  sharedMemPerBlockBytes: 49152, // [guide]
  sharedMemPerBlockOptinBytes: 98304, // [guide]
  reservedSharedMemPerBlockBytes: 0, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 96], // [occ]
  pipes: {
    fma: { lanes: 16 }, // [wp] FP32 lanes per SM partition
    alu: { lanes: 16 }, // [wp] INT32 lanes per SM partition
    fp64: { lanes: 8 }, // [wp] FP64 lanes per SM partition
    xu: { lanes: 4 }, // [wp] SFUs per SM partition
    tensor: { lanes: 8 }, // [model]
    lsu: { lanes: 8 }, // [wp] LD/ST units per SM partition
    cbu: { lanes: 32 }, // [model]
    uniform: { lanes: 32 }, // [model]
  },
  memoryLevels: { l1HitCycles: 28, l2HitCycles: 193, dramCycles: 400, l2TailCycles: 70, dramTailCycles: 150 }, // [mb]
  memoryBandwidth: {
    dramBytesPerCycle: 7.35, // [wp] V100: 900 GB/s / 80 SMs / 1530 MHz
    l2BytesPerCycle: 22, // [model] about 3x DRAM, as measured on H100 (sm_90.ts)
    dramContentionCycles: 49, // [model] as measured on H100
    maxLoadsInFlight: 340, // [model] as measured on H100
  },
  warpLaunchIntervalCycles: 3, // [model] as measured on H100
  clockMHz: 1530, // [wp] boost clock
};
