import { LaunchError } from "../errors.js";
import type { ArchSpec } from "./arch-spec.js";

/** What occupancy depends on: the launch and the kernel's resource use. */
export interface LaunchResources {
  readonly threadsPerBlock: number;
  readonly registersPerThread: number;
  /** Dynamic shared memory per block (bytes). */
  readonly dynamicSharedMemBytes?: number;
  /** Static (__shared__) shared memory per block (bytes). */
  readonly staticSharedMemBytes?: number;
  /**
   * Preferred shared-memory carveout in percent of the maximum (0..100), as
   * cudaFuncAttributePreferredSharedMemoryCarveout; -1 or absent: the driver default.
   */
  readonly carveoutPercent?: number;
  /** Block barriers the kernel uses (the CUDA runtime assumes 1). */
  readonly blockBarriers?: number;
}

export const OCCUPANCY_LIMITERS = ["warps", "registers", "shared_memory", "blocks", "barriers"] as const;
export type OccupancyLimiter = (typeof OCCUPANCY_LIMITERS)[number];

export interface OccupancyResult {
  readonly arch: string;
  readonly warpsPerBlock: number;
  /** Resident blocks per SM: the minimum of the limits below. */
  readonly blocksPerSm: number;
  readonly warpsPerSm: number;
  /** warpsPerSm / maxWarpsPerSm. */
  readonly occupancy: number;
  /** Blocks per SM each resource allows (null: that resource sets no limit). */
  readonly limits: Readonly<Record<OccupancyLimiter, number | null>>;
  /** Every resource whose limit equals blocksPerSm, in the order above. */
  readonly limiters: readonly OccupancyLimiter[];
  /** Registers allocated per block: roundup(regs x 32, unit) x warps. */
  readonly registersPerBlock: number;
  /** Shared memory allocated per block: roundup(static + dynamic + reserved, unit). */
  readonly sharedMemPerBlockBytes: number;
  /** Shared-memory carveout the SM is configured with for this launch (bytes). */
  readonly sharedMemPerSmBytes: number;
}

const roundUp = (x: number, unit: number) => Math.ceil(x / unit) * unit;

/**
 * Resident blocks per SM, by the rules of NVIDIA's occupancy calculator (cuda_occupancy.h;
 * docs/occupancy.md). Registers are allocated per warp and per sub-partition; shared memory per
 * block with a per-block reserve, and the SM's carveout is the preferred one or the smallest
 * step that fits one block. An invalid launch throws LaunchError, as CUDA refuses it with
 * "too many resources requested for launch".
 */
export function occupancy(arch: ArchSpec, launch: LaunchResources): OccupancyResult {
  validateLaunch(arch, launch);
  const threads = launch.threadsPerBlock;
  const regs = launch.registersPerThread;
  const warpsPerBlock = Math.ceil(threads / arch.warpSize);

  // Warps: whole blocks of warps in the SM's warp slots.
  const warpLimit = Math.floor(arch.maxThreadsPerSm / arch.warpSize / warpsPerBlock);

  // Registers: per warp in allocation units; each sub-partition holds its own warps.
  const regsPerWarp = roundUp(regs * arch.warpSize, arch.registerAllocationUnit);
  const registersPerBlock = regsPerWarp * warpsPerBlock;
  let regLimit: number | null = null;
  if (regsPerWarp > 0) {
    const warpsPerSubpartition = Math.floor(arch.registersPerSm / arch.subpartitionsPerSm / regsPerWarp);
    regLimit = Math.floor((warpsPerSubpartition * arch.subpartitionsPerSm) / warpsPerBlock);
  }

  // Shared memory: static + dynamic + the driver's reserve, in allocation units.
  const sharedMemPerBlockBytes = roundUp(
    (launch.staticSharedMemBytes ?? 0) + (launch.dynamicSharedMemBytes ?? 0) + arch.reservedSharedMemPerBlockBytes,
    arch.sharedMemAllocationUnit,
  );
  const sharedMemPerSmBytes = carveoutFor(arch, sharedMemPerBlockBytes, launch.carveoutPercent ?? -1);
  const smemLimit = sharedMemPerBlockBytes > 0 ? Math.floor(sharedMemPerSmBytes / sharedMemPerBlockBytes) : null;

  const blockLimit = arch.maxBlocksPerSm;
  let blocksPerSm = Math.min(warpLimit, regLimit ?? Infinity, smemLimit ?? Infinity, blockLimit);
  const limiters: OccupancyLimiter[] = [];
  if (blocksPerSm === warpLimit) limiters.push("warps");
  if (blocksPerSm === regLimit) limiters.push("registers");
  if (blocksPerSm === smemLimit) limiters.push("shared_memory");
  if (blocksPerSm === blockLimit) limiters.push("blocks");

  // Block barriers: counted from compute capability 9.0 on.
  let barrierLimit: number | null = null;
  const barriers = launch.blockBarriers ?? 1;
  if (arch.computeCapability[0] >= 9 && barriers > 0) {
    barrierLimit = Math.floor((blockLimit * barriersPerBlockSlot(arch)) / barriers);
    blocksPerSm = Math.min(blocksPerSm, barrierLimit);
    if (blocksPerSm === barrierLimit) limiters.push("barriers");
  }

  const warpsPerSm = blocksPerSm * warpsPerBlock;
  return {
    arch: arch.name,
    warpsPerBlock,
    blocksPerSm,
    warpsPerSm,
    occupancy: warpsPerSm / arch.maxWarpsPerSm,
    limits: { warps: warpLimit, registers: regLimit, shared_memory: smemLimit, blocks: blockLimit, barriers: barrierLimit },
    limiters,
    registersPerBlock,
    sharedMemPerBlockBytes,
    sharedMemPerSmBytes,
  };
}

/** Resident blocks per SM, or 0 for a launch CUDA would refuse. */
export function residentBlocksOrZero(arch: ArchSpec, launch: LaunchResources): number {
  try {
    return occupancy(arch, launch).blocksPerSm;
  } catch (e) {
    if (e instanceof LaunchError) return 0;
    throw e;
  }
}

/** Hardware barriers per block slot (cuda_occupancy.h: 1 on sm_86/89/101/110/120, else 2). */
function barriersPerBlockSlot(arch: ArchSpec): number {
  const [major, minor] = arch.computeCapability;
  if (major === 12 || (major === 8 && minor !== 0) || (major === 10 && minor === 1) || (major === 11 && minor === 0)) {
    return 1;
  }
  return 2;
}

/** The SM's shared-memory carveout for a block needing `perBlock` bytes. */
function carveoutFor(arch: ArchSpec, perBlock: number, carveoutPercent: number): number {
  const preferred =
    carveoutPercent < 0 ? arch.sharedMemPerSmBytes : Math.floor((carveoutPercent * arch.sharedMemPerSmBytes) / 100);
  const preference = alignToCarveout(arch, preferred);
  return preference >= perBlock ? preference : alignToCarveout(arch, perBlock);
}

/** Smallest configurable carveout >= bytes. */
function alignToCarveout(arch: ArchSpec, bytes: number): number {
  for (const kib of arch.sharedMemCarveoutsKiB) {
    if (kib * 1024 >= bytes) return kib * 1024;
  }
  return arch.sharedMemPerSmBytes;
}

function validateLaunch(arch: ArchSpec, launch: LaunchResources): void {
  const fail = (what: string) => {
    throw new LaunchError(`too many resources requested for launch on ${arch.name}: ${what}.`);
  };
  if (typeof arch !== "object" || arch === null || typeof arch.maxThreadsPerBlock !== "number") throw new LaunchError(`invalid launch: expected an architecture (PRESETS.sm_90, ...), found ${String(arch)}.`);
  if (typeof launch !== "object" || launch === null) throw new LaunchError(`invalid launch on ${arch.name}: expected { threadsPerBlock, registersPerThread, ... }, found ${String(launch)}.`);
  const { threadsPerBlock: threads, registersPerThread: regs } = launch;
  // The optional fields: whole numbers when given (a string or NaN would slip through the limits below).
  for (const field of ["dynamicSharedMemBytes", "staticSharedMemBytes", "carveoutPercent", "blockBarriers"] as const) {
    const v = launch[field];
    if (v !== undefined && !Number.isInteger(v)) throw new LaunchError(`invalid launch on ${arch.name}: ${field} must be a whole number, found ${JSON.stringify(v) ?? String(v)}.`);
  }
  if (!Number.isInteger(threads) || threads < 1) {
    throw new LaunchError(`invalid launch on ${arch.name}: threads per block must be a whole number >= 1, found ${threads}.`);
  }
  if (!Number.isInteger(regs) || regs < 0) {
    throw new LaunchError(`invalid launch on ${arch.name}: registers per thread must be a whole number >= 0, found ${regs}.`);
  }
  if (threads > arch.maxThreadsPerBlock) {
    fail(`${threads} threads per block exceeds the limit of ${arch.maxThreadsPerBlock}`);
  }
  if (regs > arch.maxRegistersPerThread) {
    fail(`${regs} registers per thread exceeds the limit of ${arch.maxRegistersPerThread}`);
  }
  const warps = Math.ceil(threads / arch.warpSize);
  const regsPerWarp = roundUp(regs * arch.warpSize, arch.registerAllocationUnit);
  // The hardware check assumes every sub-partition gets the same number of the block's warps.
  const assumed = regsPerWarp * roundUp(warps, arch.subpartitionsPerSm);
  if (assumed > arch.registersPerBlock) {
    fail(
      `${regs} registers per thread x ${threads} threads needs ${assumed} registers per block ` +
        `(${regsPerWarp} per warp, warps rounded up to a multiple of ${arch.subpartitionsPerSm}), over the limit of ${arch.registersPerBlock}`,
    );
  }
  const staticBytes = launch.staticSharedMemBytes ?? 0;
  const dynamicBytes = launch.dynamicSharedMemBytes ?? 0;
  if (staticBytes < 0 || dynamicBytes < 0) {
    throw new LaunchError(`invalid launch on ${arch.name}: shared memory cannot be negative.`);
  }
  const reserved = arch.reservedSharedMemPerBlockBytes;
  const perBlock = roundUp(staticBytes + dynamicBytes + reserved, arch.sharedMemAllocationUnit);
  // Dynamic shared memory past the default per-block limit needs the opt-in; we assume it.
  const optIn = staticBytes + dynamicBytes + reserved > arch.sharedMemPerBlockBytes;
  const limit = (optIn ? arch.sharedMemPerBlockOptinBytes : arch.sharedMemPerBlockBytes) + reserved;
  if (perBlock > limit) {
    fail(
      `${staticBytes + dynamicBytes} bytes of shared memory per block (${perBlock} with the ${reserved}-byte reserve) ` +
        `exceeds the opt-in limit of ${arch.sharedMemPerBlockOptinBytes} bytes`,
    );
  }
  const carveout = launch.carveoutPercent ?? -1;
  if (carveout !== -1 && (!Number.isFinite(carveout) || carveout < 0 || carveout > 100)) {
    throw new LaunchError(`invalid launch on ${arch.name}: carveout must be a percentage 0..100 (or -1 for the default), found ${carveout}.`);
  }
}
