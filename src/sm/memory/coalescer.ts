/**
 * The coalescer: what one warp-level access asks of the L1. Each active lane reads or writes
 * `width` bytes at its address; the L1 serves whole 32-byte sectors of 128-byte lines, so the
 * access costs the distinct sectors its lanes touch (ncu's l1tex__t_sectors), in one request
 * per instruction (l1tex__t_requests: 4 sectors per request for a coalesced 4-byte load, 16
 * for LDG.128, up to 32 when every lane touches its own line).
 */

export const SECTOR_BYTES = 32;
export const LINE_BYTES = 128;
export const SECTORS_PER_LINE = LINE_BYTES / SECTOR_BYTES;

/**
 * Writes the distinct sectors (address / 32) that the lanes in `lanes` touch into `out`, in
 * lane order of first touch, and returns how many. `addresses[l]` is lane l's byte address;
 * `out` must hold 64 entries (32 lanes, each straddling at most two sectors when width <= 32).
 */
export function coalesce(addresses: Float64Array, lanes: number, width: number, out: Float64Array): number {
  let n = 0;
  for (let l = 0; l < 32; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const first = Math.floor(addresses[l] / SECTOR_BYTES);
    const last = Math.floor((addresses[l] + width - 1) / SECTOR_BYTES);
    for (let s = first; s <= last; s++) {
      let seen = false;
      // Lanes of a coalesced access touch the sectors of the few lanes before them: search back.
      for (let i = n - 1; i >= 0; i--) {
        if (out[i] === s) {
          seen = true;
          break;
        }
      }
      if (!seen) out[n++] = s;
    }
  }
  return n;
}

/**
 * The distinct 128-byte lines among sectors[from..to): an atomic's lines, and the passes an
 * access takes in the L1's pipe where its lanes' addresses were not recorded (l1-passes.ts has
 * the rule; for sgemm_naive's loads of one row of B and two rows of A both give 1.5 per request,
 * as ncu counts them: validation/memory/data/wavefronts.csv).
 */
export function distinctLines(sectors: Float64Array, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) {
    const line = Math.floor(sectors[k] / SECTORS_PER_LINE);
    let seen = false;
    for (let j = from; j < k; j++) {
      if (Math.floor(sectors[j] / SECTORS_PER_LINE) === line) {
        seen = true;
        break;
      }
    }
    if (!seen) n++;
  }
  return n;
}

/**
 * The rounds in which the L2 performs one warp-level atomic whose lanes in `lanes` update the
 * `width`-byte words at `addresses`: per distinct sector, as many rounds as the most lanes
 * that update one of its words (lanes on the same word are serialized, different words of a
 * sector go together), summed over the sectors. The atomic-lines probe's hashed REDs take 7.4
 * of them into one sector, 9.3 into one line and 32 into many (ncu counts 1.5 L2 requests per
 * round of a line: validation/microbench/atomic-lines-probe, docs/memory.md).
 */
export function atomicRounds(addresses: Float64Array, lanes: number, width: number): number {
  let rounds = 0;
  for (let l = 0; l < 32; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const sector = Math.floor(addresses[l] / SECTOR_BYTES);
    let opens = true;
    for (let j = 0; j < l && opens; j++) if (((lanes >>> j) & 1) === 1 && Math.floor(addresses[j] / SECTOR_BYTES) === sector) opens = false;
    if (!opens) continue;
    // Lane l is its sector's first: the sector takes as many rounds as its most crowded word.
    let most = 0;
    for (let k = l; k < 32; k++) {
      if (((lanes >>> k) & 1) === 0 || Math.floor(addresses[k] / SECTOR_BYTES) !== sector) continue;
      const word = Math.floor(addresses[k] / width);
      let onWord = 0;
      for (let m = l; m < 32; m++) if (((lanes >>> m) & 1) === 1 && Math.floor(addresses[m] / width) === word) onWord++;
      if (onWord > most) most = onWord;
    }
    rounds += most;
  }
  return rounds;
}

/** The 128-byte line a sector belongs to. */
export function lineOf(sector: number): number {
  return Math.floor(sector / SECTORS_PER_LINE);
}

/**
 * A store's lines that it writes in part: those with a sector not wholly written by the lanes
 * (`sectors[0..n)` from coalesce with the same lanes and width; `masks` is scratch of n entries,
 * a bit per byte). The L2 takes such a line at a cost of its own on top of the sectors' bytes
 * (ArchSpec l2PartialLineCycles: validation/microbench/l1-bank-probe's scattered stores, 1.38
 * cycles a line written in part, against a float4 stream's whole lines at the sectors' rate).
 */
export function partialLines(addresses: Float64Array, lanes: number, width: number, sectors: Float64Array, n: number, masks: Int32Array): number {
  masks.fill(0, 0, n);
  for (let l = 0; l < 32; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    for (let b = addresses[l]; b < addresses[l] + width; ) {
      const s = Math.floor(b / SECTOR_BYTES);
      const end = Math.min(addresses[l] + width, (s + 1) * SECTOR_BYTES);
      const lo = b - s * SECTOR_BYTES;
      const bits = end - b === 32 ? -1 : ((1 << (end - b)) - 1) << lo;
      for (let i = 0; i < n; i++) {
        if (sectors[i] === s) {
          masks[i] |= bits;
          break;
        }
      }
      b = end;
    }
  }
  let lines = 0;
  for (let i = 0; i < n; i++) {
    if (masks[i] === -1) continue;
    const line = Math.floor(sectors[i] / SECTORS_PER_LINE);
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = masks[j] !== -1 && Math.floor(sectors[j] / SECTORS_PER_LINE) === line;
    if (!seen) lines++;
  }
  return lines;
}
