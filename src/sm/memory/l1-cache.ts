import { SECTORS_PER_LINE } from "./coalescer.js";
import { sectorKey } from "./sector-key.js";

/** A sector the L1 does not hold (lookup's answer). */
export const L1_MISS = -1;

/**
 * The SM's L1 data cache as global loads see it: 128-byte lines of four 32-byte sectors, filled
 * a sector at a time, least recently used line evicted (fully associative: the H100's sets and
 * ways are not documented, and with 256 or more lines per set group LRU over the whole cache is
 * what a working set that fits or does not fit needs).
 *
 * A sector is present from the moment its miss is sent: a later access to it waits for that
 * fill (the sector's `readyAt`) and counts as a hit, as ncu counts it (the naive SGEMM's eight
 * warps read one line of B at once: one miss, seven hits that each wait about an L2 latency).
 * Stores write through: they update a present sector and allocate nothing.
 */
export class L1Cache {
  /** Line (its first sector's sectorKey) -> slot; a Map keeps insertion order, so its first key is the least recently used line. */
  private readonly slotOf = new Map<number, number>();
  /** Per slot and sector: when its data is (or will be) there; -1: not present. */
  private readonly readyAt: Float64Array;
  private used = 0;
  readonly lines: number;

  constructor(capacityBytes: number) {
    this.lines = Math.max(1, Math.floor(capacityBytes / (SECTORS_PER_LINE * 32)));
    this.readyAt = new Float64Array(this.lines * SECTORS_PER_LINE).fill(-1);
  }

  /** When the sector's data is there (possibly in the future: a fill in flight), or L1_MISS. Touches its line. */
  lookup(sector: number): number {
    const line = Math.floor(sector / SECTORS_PER_LINE);
    const key = sectorKey(line * SECTORS_PER_LINE);
    const slot = this.slotOf.get(key);
    if (slot === undefined) return L1_MISS;
    this.slotOf.delete(key);
    this.slotOf.set(key, slot);
    return this.readyAt[slot * SECTORS_PER_LINE + (sector - line * SECTORS_PER_LINE)];
  }

  /** A miss was sent for the sector: it is present from now, its data there at `readyAt`. */
  fill(sector: number, readyAt: number): void {
    const line = Math.floor(sector / SECTORS_PER_LINE);
    const key = sectorKey(line * SECTORS_PER_LINE);
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      if (this.used < this.lines) slot = this.used++;
      else {
        // Evict the least recently used line (the Map's first key).
        const victim = this.slotOf.keys().next().value as number;
        slot = this.slotOf.get(victim)!;
        this.slotOf.delete(victim);
        this.readyAt.fill(-1, slot * SECTORS_PER_LINE, (slot + 1) * SECTORS_PER_LINE);
      }
      this.slotOf.set(key, slot);
    }
    this.readyAt[slot * SECTORS_PER_LINE + (sector - line * SECTORS_PER_LINE)] = readyAt;
  }
}
