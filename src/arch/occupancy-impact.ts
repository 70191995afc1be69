import type { ArchSpec } from "./arch-spec.js";
import { residentBlocksOrZero, type LaunchResources } from "./occupancy.js";

/** A run of consecutive values of one launch parameter with the same result. */
export interface ImpactRange {
  readonly from: number;
  readonly to: number;
  readonly blocksPerSm: number;
  readonly warpsPerSm: number;
  readonly occupancy: number;
  /** Whether the launch's own value lies in this range. */
  readonly current: boolean;
}

export interface OccupancyImpact {
  readonly blockSize: readonly ImpactRange[];
  readonly registersPerThread: readonly ImpactRange[];
  readonly sharedMemPerBlock: readonly ImpactRange[];
}

/**
 * Nsight Compute's three "impact of varying" views: occupancy as one launch parameter varies
 * and the others stay, as ranges of values with the same result (0 blocks where CUDA would
 * refuse the launch).
 */
export function occupancyImpact(arch: ArchSpec, launch: LaunchResources): OccupancyImpact {
  const blocks = (l: LaunchResources) => residentBlocksOrZero(arch, l);
  const warpsPerBlock = (threads: number) => Math.ceil(threads / arch.warpSize);
  const smemStep = arch.sharedMemAllocationUnit;
  const maxSmem = arch.sharedMemPerBlockOptinBytes - (launch.staticSharedMemBytes ?? 0);
  return {
    blockSize: ranges(1, arch.maxThreadsPerBlock, 1, launch.threadsPerBlock, (t) => {
      const b = blocks({ ...launch, threadsPerBlock: t });
      return [b, b * warpsPerBlock(t)];
    }),
    registersPerThread: ranges(0, arch.maxRegistersPerThread, 1, launch.registersPerThread, (r) => {
      const b = blocks({ ...launch, registersPerThread: r });
      return [b, b * warpsPerBlock(launch.threadsPerBlock)];
    }),
    sharedMemPerBlock: ranges(0, Math.max(0, maxSmem), smemStep, launch.dynamicSharedMemBytes ?? 0, (s) => {
      const b = blocks({ ...launch, dynamicSharedMemBytes: s });
      return [b, b * warpsPerBlock(launch.threadsPerBlock)];
    }),
  };

  function ranges(lo: number, hi: number, step: number, current: number, f: (x: number) => [number, number]): ImpactRange[] {
    const out: ImpactRange[] = [];
    let start = lo;
    let [b, w] = f(lo);
    for (let x = lo + step; x <= hi + step; x += step) {
      const at = Math.min(x, hi);
      const [nb, nw] = x > hi ? [-1, -1] : f(at);
      if (nb !== b || nw !== w) {
        // The result changed somewhere in (x - step, x]: with a step over 1 (shared memory, by
        // allocation unit) find the first value that changes it, so each range ends exactly.
        const first = x > hi ? hi + 1 : firstChange(x - step, at, b, w, f);
        const end = first - 1;
        out.push({ from: start, to: end, blocksPerSm: b, warpsPerSm: w, occupancy: w / arch.maxWarpsPerSm, current: current >= start && current <= end });
        start = first;
        [b, w] = [nb, nw];
      }
      if (x > hi) break;
    }
    return out;
  }

  /**
   * The least value in (lo, hi] whose result differs from [b, w], given that f(hi) differs.
   * Resident blocks never grow as one resource grows, so the values with the old result come
   * first and a binary search finds the boundary.
   */
  function firstChange(lo: number, hi: number, b: number, w: number, f: (x: number) => [number, number]): number {
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const [mb, mw] = f(mid);
      if (mb !== b || mw !== w) hi = mid;
      else lo = mid;
    }
    return hi;
  }
}
