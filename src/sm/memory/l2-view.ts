import seedrandom from "seedrandom";
import { sectorKey, unitHash } from "./sector-key.js";
import { SectorTable } from "./sector-table.js";

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
 * partition when no SM of this SM's half read the line before: a line lives in the partition of
 * the SM that brought it in, and an SM's first read of a far line copies it to its own
 * (validation/microbench/l2_partition_probe.cu: lines one SM read are all far, 378 cycles against
 * 292, for the 66 SMs of the other half, all near for the 65 of its own, and near on the second
 * pass; farShareOfHits gives the share).
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
  private readonly seen = new SectorTable(Number.NaN);
  /** Sectors this SM has written (dirty in the L2). */
  private readonly dirty = new SectorTable();
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
    if (!Number.isNaN(touched) && now - touched <= retainCycles) return L2_NEAR;
    const q = this.missShare[instruction];
    if (unitHash(sector, this.key) < q) return L2_MISS;
    return unitHash(sector, this.homeKey) < farShareOfHits(q) ? L2_FAR : L2_NEAR;
  }

  /**
   * A store writes the sector at `now` (the L2 allocates it without a fetch): true when this SM
   * writes it for the first time, making it dirty, whether or not it read it before (an
   * in-place update, y = a x + y, dirties every line it read: each must go back to DRAM).
   */
  write(sector: number, now = 0): boolean {
    const key = sectorKey(sector);
    this.seen.set(key, now);
    return this.dirty.set(key, 1);
  }
}

/**
 * The share of first-touch hits that are in the far partition, for a sector n = 1/q blocks read
 * (q its miss share). The n readers come in a random order from SMs of either half alike; this
 * SM is the first of its half with probability E[1/m], m = 1 + Binomial(n - 1, 1/2) the readers
 * in its half, which is 2 (1 - 2^-n) / n; the first of all with 1/n (a miss). A hit is far when
 * this SM is first in its half but not first of all: (2 (1 - 2^-n) / n - 1/n) / (1 - 1/n) =
 * (1 - 2^(1 - n)) / (n - 1). Two readers: 1/2; three: 3/8; many: about 1/n.
 */
export function farShareOfHits(q: number): number {
  if (q >= 1) return 0;
  const n = 1 / q;
  return (1 - 2 ** (1 - n)) / (n - 1);
}
