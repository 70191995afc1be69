import { CommitGroups } from "./commit-groups.js";

/**
 * Warpgroup MMA (HGMMA; PTX wgmma.mma_async) as Hopper runs it (docs/async.md): each warp of
 * the warpgroup issues its HGMMA, and its share (16 of the 64 rows) runs asynchronously on its
 * sub-partition's tensor core, which takes them first come, first served. The warp goes on at
 * once; its HGMMAs since the last commit form the open group, which the HGMMA that commits
 * (`gsb0`) closes; WARPGROUP.DEPBAR.LE gsb0, n waits until at most n of its groups are pending.
 *
 * An HGMMA of width N computes for N * cyclesPerN cycles (the H100's dense f16 rate, 512
 * multiply-adds per sub-partition per cycle: 16 x N x 16 / 512 = N / 2), and its accumulators
 * are readable `latency` cycles after that. The core is held for the longer of that and the
 * time its operands take to come from shared memory (`operandBytes` at `operandBytesPerCycle`:
 * the warpgroup's A of 64 x 32 bytes unless it comes from registers, and B of N x 32 bytes,
 * the four warps' shares fetched together): the fetch of the next HGMMA overlaps the math of
 * this one, so it bounds only a chain of narrow tiles (N = 16: 20 cycles, not 8).
 */
export class WarpgroupMma {
  private readonly coreFreeAt: Float64Array;
  private readonly groups: CommitGroups;
  /** Cycles the tensor cores held (all sub-partitions), for the report's utilization. */
  busyCycles = 0;

  constructor(
    subpartitions: number,
    warpSlots: number,
    private readonly cyclesPerN: number,
    private readonly latency: number,
    private readonly operandBytesPerCycle = Infinity,
  ) {
    this.coreFreeAt = new Float64Array(subpartitions);
    this.groups = new CommitGroups(warpSlots);
  }

  /** A new warp in the slot: nothing pending. */
  reset(warp: number): void {
    this.groups.reset(warp);
  }

  /**
   * The warp issues an HGMMA of width `n`, reading `operandBytes` from shared memory, on
   * sub-partition `smsp` at `now`; `commits`: it closes the group. Returns when its
   * accumulators are readable.
   */
  issue(warp: number, smsp: number, n: number, commits: boolean, now: number, operandBytes = 0): number {
    const math = n * this.cyclesPerN;
    const hold = Math.max(math, operandBytes / this.operandBytesPerCycle);
    const start = Math.max(now, this.coreFreeAt[smsp]);
    this.coreFreeAt[smsp] = start + hold;
    this.busyCycles += hold;
    const done = start + math + this.latency;
    this.groups.add(warp, done);
    if (commits) this.groups.commit(warp);
    return done;
  }

  /** The cycle from which at most `pending` of the warp's committed groups are still running (DEPBAR.LE); the finished ones are forgotten. */
  waitUntil(warp: number, pending: number): number {
    return this.groups.waitUntil(warp, pending);
  }
}
