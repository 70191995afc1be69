import type { ArchSpec } from "../arch-spec.js";
import { SHARED_TIMING } from "./shared-timing.js";

/**
 * T4 (Turing) (compute capability 7.5).
 *
 * Sources: [guide] CUDA C++ Programming Guide, "Compute Capabilities", technical
 * specifications table; [occ] cuda_occupancy.h (CUDA 13.0), whose rules the occupancy
 * calculator matches; [wp] NVIDIA Turing GPU Architecture whitepaper (FP64 at 1/32 rate: 2 lanes per SM); [mb] Jia et al. 2019, Turing T4 microbenchmarks: L1 32, L2 188, global ~400 cycles (approximate);
 * [model] not measured: see shared-timing.ts.
 */
export const sm_75: ArchSpec = {
  ...SHARED_TIMING,
  name: "sm_75",
  displayName: "T4 (Turing)",
  computeCapability: [7, 5],
  smCount: 40, // [wp]
  warpSize: 32,
  subpartitionsPerSm: 4, // [occ]
  maxWarpsPerSm: 32, // [guide]
  maxThreadsPerSm: 1024, // [guide]
  maxBlocksPerSm: 16, // [guide] [occ]
  maxThreadsPerBlock: 1024, // [guide]
  registersPerSm: 65536, // [guide]
  registersPerBlock: 65536, // [guide]
  maxRegistersPerThread: 255, // [guide]
  registerAllocationUnit: 256, // [occ]
  sharedMemAllocationUnit: 256, // [occ]
  sharedMemPerSmBytes: 65536, // [guide]
  sharedMemPerBlockBytes: 49152, // [guide]
  sharedMemPerBlockOptinBytes: 65536, // [guide]
  reservedSharedMemPerBlockBytes: 0, // [guide] [occ]
  sharedMemCarveoutsKiB: [32, 64], // [occ]
  pipes: {
    fma: { lanes: 16 }, // [wp] FP32 lanes per SM partition
    alu: { lanes: 16 }, // [wp] INT32 lanes per SM partition
    fp64: { lanes: 1 }, // [wp] FP64 lanes per SM partition
    xu: { lanes: 4 }, // [wp] SFUs per SM partition
    tensor: { lanes: 8 }, // [model]
    lsu: { lanes: 8 }, // [wp] LD/ST units per SM partition
    cbu: { lanes: 32 }, // [model]
    uniform: { lanes: 32 }, // [model]
  },
  memoryLevels: { l1HitCycles: 32, l2HitCycles: 188, dramCycles: 400, l2TailCycles: 70, dramTailCycles: 150 }, // [mb]
  memoryBandwidth: {
    dramBytesPerCycle: 5.0, // [wp] T4: 320 GB/s / 40 SMs / 1590 MHz
    l2BytesPerCycle: 15, // [model] about 3x DRAM, as measured on H100 (sm_90.ts)
    dramContentionCycles: 49, // [model] as measured on H100
    maxLoadsInFlight: 340, // [model] as measured on H100
  },
  warpLaunchIntervalCycles: 3, // [model] as measured on H100
  clockMHz: 1590, // [wp] boost clock
};
