/**
 * The most sectors a store may touch and still merge. The corpus's L2 write counters: stores of
 * 12 sectors a request merge (`normalize3` 0.52 L2 writes per L1 sector, `mat3_vec` 0.64), of 16
 * mostly (`sgemm_reg4x4` 0.79, `sgemm_4x4_smem` 1.00), of 32 not at all (`inv4x4` 1.41 and
 * `sgemm_8x8` 1.42, sixteen and eight back-to-back stores into the same 32 sectors; a stream
 * counts 1.5).
 */
const KEPT = 16;

/**
 * A warp's back-to-back stores into the same sectors go to the L2 as one write: while a warp's
 * store still waits in the SM's queue for the L2's write rate, the warp's next store passes only
 * the sectors that one does not already carry. The H100 shows it (validation/corpus,
 * `normalize3`: three 4-byte stores per thread at a 12-byte stride, each request 12 sectors, the
 * same 12 for all three; ncu counts 1,179,648 store sectors at the L1 and 603,948 writes at the
 * L2, where whole-sector streams such as `scale64` count 1.5 L2 writes per L1 sector: so each
 * sector went to the L2 once), and only within a warp: `transpose_naive`, whose neighbouring
 * warps write the next 4 bytes of the same 32 sectors, writes 1.5 per L1 sector at the L2 too.
 */
export class StoreMerge {
  private readonly queuedUntil: Float64Array;
  private readonly last: Float64Array;
  private readonly count: Int32Array;

  constructor(warpSlots: number) {
    this.queuedUntil = new Float64Array(warpSlots);
    this.last = new Float64Array(warpSlots * KEPT);
    this.count = new Int32Array(warpSlots);
  }

  /**
   * The warp issues a store of sectors[from..to) at `now`: how many of them its previous store,
   * still queued (taken by the data pipe or waiting for it), does not already carry (those go to
   * the L2). `queued` then says until when this one waits.
   */
  newSectors(warp: number, now: number, sectors: Float64Array, from: number, to: number): number {
    const base = warp * KEPT;
    // A store of more sectors than a merge holds neither merges nor is kept.
    if (to - from > KEPT) {
      this.count[warp] = 0;
      return to - from;
    }
    const held = now < this.queuedUntil[warp] ? this.count[warp] : 0;
    let fresh = 0;
    for (let k = from; k < to; k++) {
      let carried = false;
      for (let j = 0; j < held && !carried; j++) carried = this.last[base + j] === sectors[k];
      if (!carried) fresh++;
    }
    // The next store merges with this one's sectors (the merged write carries them all).
    const n = to - from;
    for (let j = 0; j < n; j++) this.last[base + j] = sectors[from + j];
    this.count[warp] = n;
    return fresh;
  }

  /** The warp's last store waits in the SM's queue until `at`. */
  queued(warp: number, at: number): void {
    this.queuedUntil[warp] = at;
  }
}
