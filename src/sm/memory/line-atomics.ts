import { SECTORS_PER_LINE } from "./coalescer.js";

/**
 * The L2's atomic units as one SM sees them while every SM runs the same kernel: the L2
 * performs `opsPerLinePerCycle` atomic operations per cycle on each 128-byte line, for the
 * whole GPU, and the lines an atomic instruction updates (its hot lines: a histogram's bins)
 * are shared by the SMs that update them. So one SM's atomics of that instruction proceed at
 * most at opsPerLinePerCycle x hot lines / sharers operations per cycle: a first-in first-out
 * queue at that rate, whose share is a long-run rate (a burst of `creditCycles` worth passes),
 * as the bandwidth shares are (level-path.ts). An atomic is taken (and reads its registers)
 * when the queue reaches it.
 */
export class LineAtomics {
  private freeAt = 0;
  /** Per instruction: the lines its atomics have touched on this SM. */
  private readonly hotLines = new Map<number, Set<number>>();

  constructor(
    private readonly opsPerLinePerCycle: number,
    private readonly creditCycles: number,
  ) {}

  /**
   * An atomic of instruction `instruction` at `now` on sectors[from..to) (an operation per
   * sector), its lines shared by `sharers` SMs: the cycle the L2's atomic units take it.
   */
  access(now: number, instruction: number, sectors: Float64Array, from: number, to: number, sharers: number): number {
    let lines = this.hotLines.get(instruction);
    if (lines === undefined) this.hotLines.set(instruction, (lines = new Set()));
    for (let k = from; k < to; k++) lines.add(Math.floor(sectors[k] / SECTORS_PER_LINE));
    const perCycle = (this.opsPerLinePerCycle * lines.size) / sharers;
    const start = Math.max(now - this.creditCycles, this.freeAt);
    this.freeAt = start + (to - from) / perCycle;
    return Math.max(now, start);
  }
}
