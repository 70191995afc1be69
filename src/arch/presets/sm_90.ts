import type { ArchSpec } from "../arch-spec.js";

/**
 * NVIDIA H100 SXM (Hopper, compute capability 9.0).
 *
 * Sources, abbreviated below:
 * - [props]  ../shared/groundtruth/results/device_props.csv: cudaGetDeviceProperties on a real
 *            H100 80GB HBM3, copied into this project's validation data.
 * - [lat]    ../shared/groundtruth/results/latency_ncu.csv and latency.csv: dependent-chain
 *            microbenchmarks on that H100 (slope method); latency_ncu at the 1590 MHz clock
 *            Nsight Compute locks, which is the clock of the counters we validate against.
 * - [occ]    the rules of NVIDIA's occupancy calculator (cuda_occupancy.h, CUDA 13.0) and the
 *            CUDA C++ Programming Guide, "Compute Capabilities" table.
 * - [wp]     NVIDIA H100 Tensor Core GPU Architecture whitepaper: per SM partition 32 FP32,
 *            16 INT32, 16 FP64 lanes, 4 SFUs, 8 LD/ST units, one tensor core.
 * - [model]  a modelling choice of warpsim, not a measurement (see docs/timing.md).
 */
export const sm_90: ArchSpec = {
  name: "sm_90",
  displayName: "H100 SXM (Hopper)",
  computeCapability: [9, 0],
  smCount: 132, // [props] multiProcessorCount
  warpSize: 32,
  subpartitionsPerSm: 4, // [occ] [wp]

  maxWarpsPerSm: 64, // [props] maxWarpsPerMultiProcessor (seed 003's 48 is wrong, DESIGN.md §7)
  maxThreadsPerSm: 2048, // [props]
  maxBlocksPerSm: 32, // [props]
  maxThreadsPerBlock: 1024, // [props]
  registersPerSm: 65536, // [props]
  registersPerBlock: 65536, // [props]
  maxRegistersPerThread: 255, // [occ] (ptxas limit; the header's 256 counts the zero register)
  registerAllocationUnit: 256, // [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 233472, // [props] 228 KiB
  sharedMemPerBlockBytes: 49152, // [props]
  sharedMemPerBlockOptinBytes: 232448, // [props] 227 KiB
  reservedSharedMemPerBlockBytes: 1024, // [props]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100, 132, 164, 196, 228], // [occ]

  pipes: {
    fma: { lanes: 32 }, // [wp]; [lat] FFMA at ILP 4/8 issues every 1.05 cycles
    alu: { lanes: 16 }, // [wp]
    fp64: { lanes: 16 }, // [wp]; [lat] DFMA at ILP 4: 2.26 cycles per instruction
    xu: { lanes: 4 }, // [wp]; [lat] MUFU.RSQ at ILP 4: 8.02 cycles per instruction
    tensor: { lanes: 8 }, // [model] one HMMA.16816 per 4 cycles per partition (not measured)
    lsu: { lanes: 8 }, // [wp] 8 LD/ST units per partition: a warp-instruction every 4 cycles
    cbu: { lanes: 32 }, // [model]
    uniform: { lanes: 32 }, // [model]
  },
  opcodes: {
    FFMA: { latencyCycles: 4 }, // [lat] dependent FFMA 4.11 cycles including loop overhead
    FADD: { latencyCycles: 4 }, // [lat] 4.11
    FMUL: { latencyCycles: 4 }, // [model] same pipe and depth as FFMA
    IMAD: { latencyCycles: 4, issueCycles: 2 }, // [lat] dependent 4.11; ILP 4: 2.06 (half rate)
    IADD3: { latencyCycles: 4 }, // [model] ALU depth assumed equal to FMA's
    LOP3: { latencyCycles: 4 }, // [model]
    ISETP: { latencyCycles: 4 }, // [model]
    FSETP: { latencyCycles: 4 }, // [model]
    MOV: { latencyCycles: 4 }, // [model]
    SHF: { latencyCycles: 4 }, // [model]
    DFMA: { latencyCycles: 8 }, // [lat] dependent DFMA 8.08
    DADD: { latencyCycles: 8 }, // [model] as DFMA
    DMUL: { latencyCycles: 8 }, // [model] as DFMA
    MUFU: { latencyCycles: 17 }, // [lat] dependent MUFU.RSQ 17.0
    HMMA: { latencyCycles: 32 }, // [model] not measured here
    LDS: { latencyCycles: 23 }, // [lat] LDS pointer chase 23.0 cycles at both clocks
    STS: { latencyCycles: 23 }, // [model] as LDS
    LDC: { latencyCycles: 23 }, // [model] constant-cache hit, as LDS
    UIADD3: { latencyCycles: 2 }, // [model]
    UMOV: { latencyCycles: 2 }, // [model]
    BRA: { latencyCycles: 1 }, // [model] timing of branches: see `branch`
    EXIT: { latencyCycles: 1 },
    BAR: { latencyCycles: 1 },
    NOP: { latencyCycles: 1 },
  },
  resultDelayCycles: 0, // [model] docs/timing.md
  memoryLevels: {
    l1HitCycles: 32, // [lat] ld.global.ca chase, buffer <= 216 KiB
    l2HitCycles: 252, // [lat] ld.global.cg chase, 16 KiB - 4 MiB, at 1590 MHz
    dramCycles: 585, // [lat] 1 GiB random chase at 1590 MHz (583-588)
  },
  branch: {
    resolveCycles: 3, // [model] calibrated later against fma_chain (docs/validation.md)
    takenRefetchCycles: 3, // [model]
  },
  clockMHz: 1590, // [lat] the clock under Nsight Compute
};
