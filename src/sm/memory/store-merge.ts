/** Sectors of a warp's last store kept for merging (a 32-lane store touches at most 32, or 64 with .128 across sectors). */
const KEPT = 64;

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
    const held = now < this.queuedUntil[warp] ? this.count[warp] : 0;
    let fresh = 0;
    for (let k = from; k < to; k++) {
      let carried = false;
      for (let j = 0; j < held && !carried; j++) carried = this.last[base + j] === sectors[k];
      if (!carried) fresh++;
    }
    // The next store merges with this one's sectors (the merged write carries them all).
    const n = Math.min(KEPT, to - from);
    for (let j = 0; j < n; j++) this.last[base + j] = sectors[from + j];
    this.count[warp] = n;
    return fresh;
  }

  /** The warp's last store waits in the SM's queue until `at`. */
  queued(warp: number, at: number): void {
    this.queuedUntil[warp] = at;
  }
}
