import { SECTOR_BYTES } from "./coalescer.js";

/** How the L2 performs global atomics for the whole GPU (ArchSpec.memoryBandwidth.l2Atomics). */
export interface L2AtomicUnits {
  /** Atomic units the L2's addresses are spread over. */
  readonly units: number;
  /** Bytes of consecutive addresses one unit serves before the next granule goes to another. */
  readonly granuleBytes: number;
  /** Rounds (coalescer.ts atomicRounds) a unit performs per cycle. */
  readonly roundsPerCycle: number;
}

/**
 * The L2's atomic units as one SM sees them while every SM runs the same kernel. The L2
 * spreads addresses over `units` atomic units by granules of `granuleBytes`, each performing
 * `roundsPerCycle` rounds per cycle; the granules an atomic instruction updates (its hot
 * granules: a histogram's bins) land on the units as hashed addresses do, so G granules keep
 * units x (1 - (1 - 1/units)^G) of them busy (one for a few lines, all of them for thousands).
 * The SMs updating the same granules share that rate, so one SM's atomics of that instruction
 * proceed at most at rate / sharers rounds per cycle: a first-in first-out queue at that rate,
 * whose share is a long-run rate (a burst of `creditCycles` worth passes), as the bandwidth
 * shares are (level-path.ts). An atomic is taken (and reads its registers) when the queue
 * reaches it.
 */
export class LineAtomics {
  private freeAt = 0;
  /** Per instruction: the granules its atomics have touched on this SM, and the units they keep busy. */
  private readonly hotGranules = new Map<number, { granules: Set<number>; busy: number }>();

  constructor(
    private readonly l2: L2AtomicUnits,
    private readonly creditCycles: number,
  ) {}

  /**
   * An atomic of instruction `instruction` at `now` on sectors[from..to), performed in
   * `rounds` rounds, its granules shared by `sharers` SMs: the cycle the L2's atomic units take it.
   */
  access(now: number, instruction: number, sectors: Float64Array, from: number, to: number, rounds: number, sharers: number): number {
    let hot = this.hotGranules.get(instruction);
    if (hot === undefined) this.hotGranules.set(instruction, (hot = { granules: new Set(), busy: 0 }));
    const { granules } = hot;
    const before = granules.size;
    const sectorsPerGranule = this.l2.granuleBytes / SECTOR_BYTES;
    for (let k = from; k < to; k++) granules.add(Math.floor(sectors[k] / sectorsPerGranule));
    // Recomputed only when the instruction reaches a new granule (a histogram's few, at first).
    if (granules.size !== before) hot.busy = busyUnits(this.l2.units, granules.size);
    const perCycle = (this.l2.roundsPerCycle * hot.busy) / sharers;
    const start = Math.max(now - this.creditCycles, this.freeAt);
    this.freeAt = start + rounds / perCycle;
    return Math.max(now, start);
  }
}

/** The units `granules` hashed granules keep busy, on average: units x (1 - (1 - 1/units)^granules). */
export function busyUnits(units: number, granules: number): number {
  return units * (1 - Math.pow(1 - 1 / units, granules));
}
