import type { ArchSpec } from "../arch-spec.js";
import { SHARED_TIMING } from "./shared-timing.js";

/**
 * RTX 5090 / RTX PRO 6000 (Blackwell GB20x) (compute capability 12.0).
 *
 * Sources: [guide] CUDA C++ Programming Guide, "Compute Capabilities", technical
 * specifications table; [occ] cuda_occupancy.h (CUDA 13.0), whose rules the occupancy
 * calculator matches; [wp] NVIDIA RTX Blackwell GPU Architecture whitepaper (RTX 5090: 170 SMs); [mb] approximate values carried over from the H100 measurements of sm_90;
 * [model] not measured: see shared-timing.ts.
 */
export const sm_120: ArchSpec = {
  ...SHARED_TIMING,
  name: "sm_120",
  displayName: "RTX 5090 / RTX PRO 6000 (Blackwell GB20x)",
  computeCapability: [12, 0],
  smCount: 170, // [wp]
  warpSize: 32,
  subpartitionsPerSm: 4, // [occ]
  maxWarpsPerSm: 48, // [guide]
  maxThreadsPerSm: 1536, // [guide]
  maxBlocksPerSm: 24, // [guide] [occ]
  maxThreadsPerBlock: 1024, // [guide]
  registersPerSm: 65536, // [guide]
  registersPerBlock: 65536, // [guide]
  maxRegistersPerThread: 255, // [guide]
  registerAllocationUnit: 256, // [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 102400, // [guide]
  sharedMemPerBlockBytes: 49152, // [guide]
  sharedMemPerBlockOptinBytes: 101376, // [guide]
  reservedSharedMemPerBlockBytes: 1024, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100], // [occ]
  pipes: {
    fma: { lanes: 32 }, // [wp] FP32 lanes per SM partition
    alu: { lanes: 16 }, // [wp] INT32 lanes per SM partition
    fp64: { lanes: 1 }, // [wp] FP64 lanes per SM partition
    xu: { lanes: 4 }, // [wp] SFUs per SM partition
    tensor: { lanes: 8 }, // [model]
    lsu: { lanes: 8 }, // [wp] LD/ST units per SM partition
    cbu: { lanes: 32 }, // [model]
    uniform: { lanes: 32 }, // [model]
  },
  memoryLevels: { l1HitCycles: 32, l2HitCycles: 260, dramCycles: 600, l2TailCycles: 70, dramTailCycles: 150 }, // [mb]
  memoryBandwidth: {
    dramBytesPerCycle: 4.4, // [wp] RTX 5090: 1792 GB/s / 170 SMs / 2407 MHz
    l2BytesPerCycle: 13, // [model] about 3x DRAM, as measured on H100 (sm_90.ts)
    dramContentionCycles: 49, // [model] as measured on H100
    maxLoadsInFlight: 340, // [model] as measured on H100
  },
  warpLaunchIntervalCycles: 3, // [model] as measured on H100
  clockMHz: 2407, // [wp] boost clock
};
