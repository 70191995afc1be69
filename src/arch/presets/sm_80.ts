import type { ArchSpec } from "../arch-spec.js";
import { SHARED_TIMING } from "./shared-timing.js";

/**
 * A100 SXM (Ampere) (compute capability 8.0).
 *
 * Sources: [guide] CUDA C++ Programming Guide, "Compute Capabilities", technical
 * specifications table; [occ] cuda_occupancy.h (CUDA 13.0), whose rules the occupancy
 * calculator matches; [wp] NVIDIA A100 Tensor Core GPU Architecture whitepaper; [mb] published A100 microbenchmarks (approximate): L1 ~33, L2 ~200, DRAM ~470 cycles;
 * [model] not measured: see shared-timing.ts.
 */
export const sm_80: ArchSpec = {
  ...SHARED_TIMING,
  name: "sm_80",
  displayName: "A100 SXM (Ampere)",
  computeCapability: [8, 0],
  smCount: 108, // [wp]
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
  sharedMemPerSmBytes: 167936, // [guide]
  sharedMemPerBlockBytes: 49152, // [guide]
  sharedMemPerBlockOptinBytes: 166912, // [guide]
  reservedSharedMemPerBlockBytes: 1024, // [guide] [occ]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100, 132, 164], // [occ]
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
  memoryLevels: { l1HitCycles: 33, l2HitCycles: 200, dramCycles: 470, l2TailCycles: 70, dramTailCycles: 150 }, // [mb]
  memoryBandwidth: {
    dramBytesPerCycle: 10.2, // [wp] A100: 1555 GB/s / 108 SMs / 1410 MHz
    l2BytesPerCycle: 31, // [model] about 3x DRAM, as measured on H100 (sm_90.ts)
    dramContentionCycles: 49, // [model] as measured on H100
    maxLoadsInFlight: 340, // [model] as measured on H100
  },
  warpLaunchIntervalCycles: 3, // [model] as measured on H100
  clockMHz: 1410, // [wp] boost clock
};
