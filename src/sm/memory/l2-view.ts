import seedrandom from "seedrandom";

/**
 * The L2 as one SM sees it while every other SM runs the same kernel on its own blocks. A
 * sector this SM read or wrote before is there (the 50 MB L2 keeps what one SM's share of a
 * kernel touches). A sector it asks for the first time was brought in by another SM with the
 * probability the kernel's sharing gives (src/exec/l2-sharing.ts: an instruction's share of
 * first-touched sectors that miss); which ones miss is decided by a hash of the sector keyed
 * by the run's seed, so a rerun misses the same sectors.
 */
export class L2View {
  private readonly seen = new Set<number>();
  private readonly key: number;

  constructor(
    private readonly missShare: Float64Array,
    seed: string,
  ) {
    this.key = Math.floor(seedrandom(`${seed}:l2`)() * 4294967296) | 0;
  }

  /** Instruction `instruction` reads the sector from the L2: true when it hits. */
  read(sector: number, instruction: number): boolean {
    if (this.seen.has(sector)) return true;
    this.seen.add(sector);
    return unitHash(sector, this.key) >= this.missShare[instruction];
  }

  /** A store writes the sector (the L2 allocates it without a fetch): true when this SM writes it for the first time. */
  write(sector: number): boolean {
    if (this.seen.has(sector)) return false;
    this.seen.add(sector);
    return true;
  }
}

/** A sector number hashed with `key` into [0, 1) (MurmurHash3's finalizer over its two 32-bit halves). */
export function unitHash(sector: number, key: number): number {
  let h = (sector | 0) ^ key;
  h = Math.imul(h ^ Math.floor(sector / 4294967296), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
