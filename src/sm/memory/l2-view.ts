import seedrandom from "seedrandom";
import { sectorKey } from "./sector-key.js";

/** Where the L2 served a read (L2View.read). */
export const L2_MISS = 0;
export const L2_NEAR = 1;
export const L2_FAR = 2;

/**
 * The L2 as one SM sees it while every other SM runs the same kernel on its own blocks. A
 * sector this SM read or wrote before is there, in the partition near the SM (the 50 MB L2
 * keeps what one SM's share of a kernel touches; each of its two partitions keeps what its
 * own SMs use). A sector it asks for the first time was brought in by another SM with the
 * probability the kernel's sharing gives (src/exec/l2-sharing.ts: an instruction's share q of
 * first-touched sectors that miss, 1/n for a sector n blocks read). A hit is in the far
 * partition only when no SM of this SM's half read the line before and its home is the other
 * half: with the n - 1 other readers split between the halves, this SM is the first of its
 * half with probability 2/(n + 1), so a first-touch hit is far with probability
 * (2/(n + 1) - 1/n) / 2 / (1 - 1/n) = q / (2 (1 + q)). Which sectors miss, and which are far,
 * is decided by hashes of the sector keyed by the run's seed, so a rerun gives the same answers.
 *
 * When the grid's data does not fit the L2, a sector this SM touched stays only while the GPU
 * has not brought in the L2's worth of other data for reads since (half the L2: both partitions
 * keep what is read; least recently used, roughly): `retainCycles`, which the caller
 * (addressed-memory.ts) derives from the GPU's rate of misses. A sector older than
 * that is a first touch again (validation/async: a GEMM's SM reads the same tile of B every
 * eighth block, 300,000 cycles apart, and the H100 reads it from DRAM again).
 */
export class L2View {
  /** Sector (its sectorKey) -> the cycle this SM last touched it. */
  private readonly seen = new Map<number, number>();
  private readonly key: number;
  private readonly homeKey: number;

  constructor(
    private readonly missShare: Float64Array,
    seed: string,
  ) {
    const rng = seedrandom(`${seed}:l2`);
    this.key = Math.floor(rng() * 4294967296) | 0;
    this.homeKey = Math.floor(rng() * 4294967296) | 0;
  }

  /** Instruction `instruction` reads the sector from the L2 at `now`: L2_MISS, L2_NEAR or L2_FAR. */
  read(sector: number, instruction: number, now = 0, retainCycles = Infinity): number {
    const key = sectorKey(sector);
    const touched = this.seen.get(key);
    this.seen.set(key, now);
    if (touched !== undefined && now - touched <= retainCycles) return L2_NEAR;
    const q = this.missShare[instruction];
    if (unitHash(sector, this.key) < q) return L2_MISS;
    return unitHash(sector, this.homeKey) < q / (2 * (1 + q)) ? L2_FAR : L2_NEAR;
  }

  /** A store writes the sector at `now` (the L2 allocates it without a fetch): true when this SM writes it for the first time. */
  write(sector: number, now = 0): boolean {
    const key = sectorKey(sector);
    const fresh = !this.seen.has(key);
    this.seen.set(key, now);
    return fresh;
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
