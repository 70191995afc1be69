/**
 * An SM's share of a GPU-wide rate that the SMs draw on in bursts: the L2's acceptance of
 * stores. `share` bytes per cycle is what each SM gets when every SM stores at once; an SM
 * storing while the others do not gets up to its own port's `peak`
 * (validation/microbench/store_burst_probe: 31.7 bytes per SM cycle for one SM alone and for up
 * to 33 at once, 25.5 each at 66, 11.3 at 132; a GEMM's epilogue stores its 64 KiB tile while
 * the other SMs mostly compute).
 *
 * Mean field, as the L2 view assumes for sharing: the other SMs with work (`busySms`, the grid's
 * blocks where there are fewer than SMs) run the same kernel out of phase, so on average each
 * uses what this SM has used per cycle so far (`used / now`), and this SM may draw the rest of
 * the GPU's total, smCount * share, between share and peak. A kernel whose SMs all store all the
 * time converges to the share; one that stores a little now and then, or runs on a few SMs, gets
 * the peak. Requests are served first in, first out at the rate of the moment. (At a kernel's
 * start the SMs are in phase, not out of it: a one-wave kernel that only stores at its end is
 * given more than it gets.)
 */
export class BurstShare {
  private freeAt = 0;
  private used = 0;

  constructor(
    private readonly share: number,
    private readonly peak: number,
    private readonly smCount: number,
    private readonly busySms = smCount,
  ) {}

  /**
   * The rate this SM may draw at `now`, from what it drew before; `slower`: the GPU's total is
   * that much lower for this request (few lines every SM aims at, hot-lines.ts), its port not.
   */
  rateAt(now: number, slower = 1): number {
    const others = now > 0 ? ((this.busySms - 1) * this.used) / now : 0;
    return Math.min(this.peak, Math.max(this.share, this.smCount * this.share - others * slower) / slower);
  }

  /** Books `bytes` at `now`: the cycles the request waits behind earlier ones (as LevelPath.serve). */
  serve(now: number, bytes: number, slower = 1): number {
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + bytes / this.rateAt(now, slower);
    this.used += bytes;
    return start - now;
  }
}
