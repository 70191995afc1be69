/** Utilization is averaged over about this many cycles. */
const UTILIZATION_WINDOW_CYCLES = 1000;
/** Cap on the utilization the contention term sees, so it stays finite at saturation. */
const MAX_UTILIZATION = 0.95;

/**
 * One level of the memory path seen from the SM (its share of L2 or DRAM bandwidth): bytes are
 * served first-in first-out at `bytesPerCycle`, so a request waits for those before it; and a
 * request made while the recent traffic uses a fraction u of the level's peak
 * (`peakBytesPerCycle`) waits `contentionCycles` * u / (1 - u) more, the queueing the other SMs'
 * identical traffic adds at the shared level (a mean-field M/M/1 term). docs/memory.md.
 */
export class LevelPath {
  private freeAt = 0;
  private busy = 0;
  private busyAt = 0;
  /** Busy fraction (of bytesPerCycle) to utilization of the peak. */
  private readonly peakShare: number;

  /**
   * `overlap`: the SM's queue and the contention are one queue seen twice (the address-driven
   * model): a request waits the longer of the two, not their sum. The level model adds them,
   * as its calibration did (docs/memory.md).
   *
   * `creditCycles`: the SM's share is a long-run rate, not a pipe that serializes every burst:
   * the other SMs' traffic is out of phase with this one's, so a burst of up to
   * bytesPerCycle * creditCycles (the latency-bandwidth product at the share, when creditCycles
   * is the level's latency) passes without queueing, and only traffic beyond the share waits.
   * 0 (the level model): every burst is served at the share.
   */
  constructor(
    readonly bytesPerCycle: number,
    private readonly contentionCycles: number,
    peakBytesPerCycle: number,
    private readonly overlap = false,
    private readonly creditCycles = 0,
  ) {
    this.peakShare = peakBytesPerCycle === Infinity ? 1 : bytesPerCycle / peakBytesPerCycle;
  }

  /** Books `bytes` at `now`: the cycles the request waits beyond its unloaded latency; `slower`: the bytes take that much longer (hot-lines.ts). */
  serve(now: number, bytes: number, slower = 1): number {
    const service = (bytes * slower) / this.bytesPerCycle;
    const start = Math.max(now - this.creditCycles, this.freeAt);
    this.freeAt = start + service;
    const queued = Math.max(0, start - now);
    const contention = this.contention(now, service);
    return this.overlap ? Math.max(queued, contention) : queued + contention;
  }

  /** Mean-field queueing delay from the utilization over the recent window. */
  private contention(now: number, service: number): number {
    // Exponentially weighted busy fraction: decays with time, grows by each request's service.
    this.busy *= Math.exp(-(now - this.busyAt) / UTILIZATION_WINDOW_CYCLES);
    this.busyAt = now;
    this.busy += service / UTILIZATION_WINDOW_CYCLES;
    if (this.contentionCycles === 0) return 0;
    const u = Math.min(this.busy * this.peakShare, MAX_UTILIZATION);
    return (this.contentionCycles * u) / (1 - u);
  }
}
