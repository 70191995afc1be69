/** Commit groups a warp may have pending; beyond this the oldest is folded into the next (the hardware's own limit is not published). */
const MAX_GROUPS = 16;

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
  private readonly openDone: Float64Array;
  private readonly groups: Float64Array;
  private readonly count: Int32Array;
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
    this.openDone = new Float64Array(warpSlots);
    this.groups = new Float64Array(warpSlots * MAX_GROUPS);
    this.count = new Int32Array(warpSlots);
  }

  /** A new warp in the slot: nothing pending. */
  reset(warp: number): void {
    this.openDone[warp] = 0;
    this.count[warp] = 0;
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
    if (done > this.openDone[warp]) this.openDone[warp] = done;
    if (commits) this.commit(warp);
    return done;
  }

  /** The cycle from which at most `pending` of the warp's committed groups are still running (DEPBAR.LE); the finished ones are forgotten. */
  waitUntil(warp: number, pending: number): number {
    const base = warp * MAX_GROUPS;
    const c = this.count[warp];
    if (c <= pending) return 0;
    let ready = 0;
    for (let i = 0; i < c - pending; i++) if (this.groups[base + i] > ready) ready = this.groups[base + i];
    // The groups waited for are done once the warp goes on: keep the newest `pending`.
    for (let i = 0; i < pending; i++) this.groups[base + i] = this.groups[base + c - pending + i];
    this.count[warp] = pending;
    return ready;
  }

  private commit(warp: number): void {
    const base = warp * MAX_GROUPS;
    let c = this.count[warp];
    if (c === MAX_GROUPS) {
      this.groups[base + 1] = Math.max(this.groups[base], this.groups[base + 1]);
      this.groups.copyWithin(base, base + 1, base + MAX_GROUPS);
      c--;
    }
    this.groups[base + c] = this.openDone[warp];
    this.count[warp] = c + 1;
    this.openDone[warp] = 0;
  }
}
