import type { ArchSpec } from "../../arch/arch-spec.js";

const KIB = 1024;
/** The carveout the driver picks for a kernel without shared memory (blocks under 1,024 threads). */
const NO_SHARED_CARVEOUT_BYTES = 32 * KIB;

/**
 * The shared-memory carveout the driver configures for a launch, in bytes: the unified L1 and
 * shared memory (ArchSpec.l1SharedKiB) minus it (and ArchSpec.l1ReservedKiB) is the L1 that
 * global accesses see.
 *
 * The driver's rule is not documented. This one reproduces 213 of the 217
 * `launch__shared_mem_config_size` values of the H100 captures (validation/corpus/data and
 * validation/memory/data) and all 45 launches of validation/microbench/mixed_gather_probe:
 *
 * - a kernel without shared memory gets 32 KiB (copy_f1 at 8 blocks, layernorm_warp at 4,
 *   embedding_gather at 32);
 * - otherwise, the smallest carveout that holds twice what the resident blocks need (their
 *   shared memory and the driver's reserve per block: dots16_smem, 2 x (1 + 1) KiB -> 8 KiB;
 *   reduce_shfl, 4 x 1.125 -> 16; sgemm_tiled 8 x 3 -> 64), else the smallest that holds what they
 *   need;
 * - blocks of 1,024 threads count as one block, and get no 32 KiB without shared memory (the
 *   probe: 8 KiB with none or 1 KiB a block, 32 with 8 KiB, 64 with 24, 100 with 48, 196 with 96;
 *   scan_kogge, 8 KiB a block at 2 blocks: 32).
 *
 * Left over: named_barrier_pc (16 blocks x 1.25 KiB: 32, not 64), spmv_block (32 x 1.05 KiB: 64,
 * not 100), cp_async_sum and hist_warp_private (8 x 9 KiB: 132, not 164).
 */
export function carveoutBytes(arch: ArchSpec, sharedPerBlockBytes: number, residentBlocks: number, threadsPerBlock: number): number {
  const whole = threadsPerBlock >= 1024;
  if (sharedPerBlockBytes === 0 && !whole) return NO_SHARED_CARVEOUT_BYTES;
  const need = (whole ? 1 : residentBlocks) * (sharedPerBlockBytes + arch.reservedSharedMemPerBlockBytes);
  const configs = arch.sharedMemCarveoutsKiB.map((k) => k * KIB);
  return configs.find((c) => c >= 2 * need) ?? configs.find((c) => c >= need) ?? configs[configs.length - 1];
}

/**
 * The blocks shared memory allows at the carveout the driver picks, as ncu reports it
 * (`launch__occupancy_limit_shared_mem`: 32 for 1 KiB per block at 32 KiB, 21 for 3 KiB at
 * 64, 20 for 5 KiB at 100); the occupancy calculator's limit counts the largest carveout instead.
 * `allocatedPerBlockBytes`: what a block takes, the driver's reserve included.
 */
export function driverSharedMemBlockLimit(arch: ArchSpec, allocatedPerBlockBytes: number, residentBlocks: number, threadsPerBlock: number): number {
  const carveout = carveoutBytes(arch, allocatedPerBlockBytes - arch.reservedSharedMemPerBlockBytes, residentBlocks, threadsPerBlock);
  return Math.min(arch.maxBlocksPerSm, Math.floor(carveout / Math.max(1, allocatedPerBlockBytes)));
}

/** The L1 data cache global accesses see for that launch, in bytes. */
export function l1CacheBytes(arch: ArchSpec, sharedPerBlockBytes: number, residentBlocks: number, threadsPerBlock: number): number {
  return Math.max(0, (arch.l1SharedKiB - (arch.l1ReservedKiB ?? 0)) * KIB - carveoutBytes(arch, sharedPerBlockBytes, residentBlocks, threadsPerBlock));
}
