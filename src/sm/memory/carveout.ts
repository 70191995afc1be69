import type { ArchSpec } from "../../arch/arch-spec.js";

const KIB = 1024;
/** The smallest carveout the driver picked in every capture, whatever the kernel needed. */
const MIN_CARVEOUT_BYTES = 32 * KIB;

/**
 * The shared-memory carveout the driver configures for a launch, in bytes: the unified L1 and
 * shared memory (ArchSpec.l1SharedKiB) minus it is the L1 that global accesses see.
 *
 * The driver's rule is not documented. This one reproduces every `launch__shared_mem_config_size`
 * of the H100 captures (validation/memory/data: 8 blocks with 1 KiB reserved each -> 32 KiB;
 * 8 x 3 KiB -> 64; 8 x 5 KiB -> 100; 1 x 121 KiB -> 132; 3 x 61 KiB -> 196): the smallest
 * carveout that holds twice what the resident blocks need and at least 32 KiB, else the
 * smallest that holds what they need.
 */
export function carveoutBytes(arch: ArchSpec, sharedPerBlockBytes: number, residentBlocks: number): number {
  const need = residentBlocks * (sharedPerBlockBytes + arch.reservedSharedMemPerBlockBytes);
  const configs = arch.sharedMemCarveoutsKiB.map((k) => k * KIB);
  const want = Math.max(MIN_CARVEOUT_BYTES, 2 * need);
  return configs.find((c) => c >= want) ?? configs.find((c) => c >= need) ?? configs[configs.length - 1];
}

/**
 * The blocks shared memory allows at the carveout the driver picks, as ncu reports it
 * (`launch__occupancy_limit_shared_mem`: 32 for 1 KiB per block at 32 KiB, 21 for 3 KiB at
 * 64, 20 for 5 KiB at 100); the occupancy calculator's limit counts the largest carveout instead.
 * `allocatedPerBlockBytes`: what a block takes, the driver's reserve included.
 */
export function driverSharedMemBlockLimit(arch: ArchSpec, allocatedPerBlockBytes: number, residentBlocks: number): number {
  const carveout = carveoutBytes(arch, allocatedPerBlockBytes - arch.reservedSharedMemPerBlockBytes, residentBlocks);
  return Math.min(arch.maxBlocksPerSm, Math.floor(carveout / Math.max(1, allocatedPerBlockBytes)));
}

/** The L1 data cache global accesses see for that launch, in bytes. */
export function l1CacheBytes(arch: ArchSpec, sharedPerBlockBytes: number, residentBlocks: number): number {
  return Math.max(0, arch.l1SharedKiB * KIB - carveoutBytes(arch, sharedPerBlockBytes, residentBlocks));
}
