import type { ArchSpec } from "./arch-spec.js";

/**
 * setmaxnreg (SASS USETMAXREG) moves registers between the warpgroups of a block (docs/async.md):
 * a block gets its registers at launch (the launch's count for every thread: the CTA's pool),
 * `setmaxnreg.dec` gives some of a warpgroup's back to the pool and `setmaxnreg.inc` waits until
 * the pool has enough to raise one. A warp-specialized kernel shrinks its producer and grows its
 * consumers. PTX ISA, setmaxnreg: the count is 24 to 256 and a multiple of 8, and the same for
 * every warp of the warpgroup. The split fits when the warpgroups' final counts take no more than
 * the pool; otherwise the last increase is never granted and the block hangs, which no
 * occupancy calculator (ncu's included) says.
 */
export interface RegisterSplit {
  /** Registers the block holds from its launch. */
  readonly pool: number;
  /** Per warpgroup (128 threads): the registers per thread it ends with. */
  readonly perWarpgroup: readonly number[];
  /** Registers the final split takes. */
  readonly used: number;
  /** "fits" (every register used), "idle" (fits, `pool - used` left unused), "hangs" (more than the pool), "invalid" (see problems). */
  readonly verdict: "fits" | "idle" | "hangs" | "invalid";
  readonly problems: readonly string[];
}

export const SETMAXNREG_MIN = 24;
export const SETMAXNREG_MAX = 256;
export const WARPGROUP_THREADS = 128;

/** The verdict on a split of a block of `threads` launched with `launchRegisters` per thread. */
export function registerSplit(arch: ArchSpec, threads: number, launchRegisters: number, perWarpgroup: readonly number[]): RegisterSplit {
  const warpRegs = Math.ceil((launchRegisters * arch.warpSize) / arch.registerAllocationUnit) * arch.registerAllocationUnit;
  const pool = warpRegs * Math.ceil(threads / arch.warpSize);
  const problems: string[] = [];
  const groups = Math.ceil(threads / WARPGROUP_THREADS);
  if (threads % WARPGROUP_THREADS !== 0) problems.push(`a block of ${threads} threads is not whole warpgroups of 128 (setmaxnreg is per warpgroup)`);
  if (perWarpgroup.length !== groups) problems.push(`${perWarpgroup.length} counts for ${groups} warpgroups`);
  perWarpgroup.forEach((r, i) => {
    if (!Number.isInteger(r) || r < SETMAXNREG_MIN || r > SETMAXNREG_MAX || r % 8 !== 0) problems.push(`warpgroup ${i}: ${r} is not a count setmaxnreg takes (${SETMAXNREG_MIN} to ${SETMAXNREG_MAX}, a multiple of 8)`);
  });
  const used = perWarpgroup.reduce((a, r) => a + r * WARPGROUP_THREADS, 0);
  const verdict = problems.length > 0 ? "invalid" : used > pool ? "hangs" : used < pool ? "idle" : "fits";
  return { pool, perWarpgroup, used, verdict, problems };
}

/** One line for people: "warpgroups 40, 232, 232: 64512 of the block's 64512 registers (fits)". */
export function describeSplit(s: RegisterSplit): string {
  const head = `warpgroups ${s.perWarpgroup.join(", ")} registers per thread: ${s.used} of the block's ${s.pool}`;
  if (s.verdict === "invalid") return `${head}: ${s.problems.join("; ")}`;
  if (s.verdict === "hangs") return `${head}: ${s.used - s.pool} more than the block holds; the last setmaxnreg.inc is never granted and the block hangs`;
  // What the idle registers could give one warpgroup: setmaxnreg's steps of 8, up to its 256.
  const more = Math.min(Math.floor((s.pool - s.used) / WARPGROUP_THREADS / 8) * 8, SETMAXNREG_MAX - Math.max(...s.perWarpgroup));
  if (s.verdict === "idle") return `${head}: fits, ${s.pool - s.used} registers idle (${more} more per thread for the largest warpgroup)`;
  return `${head}: fits exactly`;
}
