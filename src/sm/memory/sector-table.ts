import { unitHash } from "./sector-key.js";

/**
 * A table from sector numbers to numbers (the cycle a sector was last touched; a count and the
 * last reader), for per-sector state that is looked up once or more per sector accessed
 * (l2-view.ts, the L2 sharing estimate): open addressing with linear probing over typed arrays,
 * so a lookup allocates nothing and hashes two 32-bit halves (a Map keyed by numbers was 12% of
 * a warp-specialized GEMM's run in L2View.read alone; bench/RESULTS.md has what the change gave).
 *
 * Keys are any finite numbers (sector numbers, or their sectorKey); each key holds `columns`
 * values, `absent` until set. Entries are never removed: the table only grows, as the sectors one
 * SM touches in a run do.
 */
export class SectorTable {
  private keys: Float64Array;
  private used: Uint8Array;
  private columns: Float64Array[];
  private mask: number;
  private count = 0;

  constructor(
    private readonly absent = -1,
    columns = 1,
    capacity = 1024,
  ) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(16, capacity)));
    this.keys = new Float64Array(size);
    this.used = new Uint8Array(size);
    this.columns = Array.from({ length: columns }, () => new Float64Array(size).fill(absent));
    this.mask = size - 1;
  }

  /** How many keys have been set. */
  get size(): number {
    return this.count;
  }

  /** The value of `key` in `column` (0: the first), or `absent`. */
  get(key: number, column = 0): number {
    const { keys, used, mask } = this;
    for (let i = slotOf(key, mask); ; i = (i + 1) & mask) {
      if (used[i] === 0) return this.absent;
      if (keys[i] === key) return this.columns[column][i];
    }
  }

  has(key: number): boolean {
    const { keys, used, mask } = this;
    for (let i = slotOf(key, mask); ; i = (i + 1) & mask) {
      if (used[i] === 0) return false;
      if (keys[i] === key) return true;
    }
  }

  /** Sets `key`'s value in `column`; true when the key is new. */
  set(key: number, value: number, column = 0): boolean {
    const before = this.count;
    // The slot first: adding a key may grow the table, replacing the columns.
    const slot = this.slot(key);
    this.columns[column][slot] = value;
    return this.count > before;
  }

  /**
   * The slot that holds `key`, made for it (every column `absent`) if it has none: read and
   * write its values with `at` and `put` until the next key is added (which may move them).
   */
  slot(key: number): number {
    // At most half full: probes stay short.
    if ((this.count + 1) * 2 > this.mask + 1) this.grow();
    const { keys, used, mask } = this;
    for (let i = slotOf(key, mask); ; i = (i + 1) & mask) {
      if (used[i] === 0) {
        used[i] = 1;
        keys[i] = key;
        this.count++;
        return i;
      }
      if (keys[i] === key) return i;
    }
  }

  at(slot: number, column = 0): number {
    return this.columns[column][slot];
  }

  put(slot: number, value: number, column = 0): void {
    this.columns[column][slot] = value;
  }

  /** Twice the slots, every key placed again with its values. */
  private grow(): void {
    const { keys, used, columns } = this;
    const size = keys.length * 2;
    const mask = size - 1;
    const newKeys = new Float64Array(size);
    const newUsed = new Uint8Array(size);
    const newColumns = columns.map(() => new Float64Array(size).fill(this.absent));
    for (let j = 0; j < keys.length; j++) {
      if (used[j] === 0) continue;
      let i = slotOf(keys[j], mask);
      while (newUsed[i] === 1) i = (i + 1) & mask;
      newUsed[i] = 1;
      newKeys[i] = keys[j];
      for (let c = 0; c < columns.length; c++) newColumns[c][i] = columns[c][j];
    }
    this.keys = newKeys;
    this.used = newUsed;
    this.columns = newColumns;
    this.mask = mask;
  }
}

/** The first slot to probe for `key`: its hash's top bits (unitHash, sector-key.ts). */
function slotOf(key: number, mask: number): number {
  return Math.floor(unitHash(key, 0) * (mask + 1));
}
