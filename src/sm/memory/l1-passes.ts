import { SECTORS_PER_LINE } from "./coalescer.js";

/**
 * What one warp-level global access takes of the L1's pipe, in cycles (passes): the slower of
 * its two stages.
 *
 * - The tag stage looks up the lines the access touches in four banks of tags (a line's bank is
 *   its index mod 4), one line per bank per cycle: the access takes as many cycles as the
 *   busiest tag bank has lines.
 * - The data stage reads the words from the 32 banks of the L1's data array (4-byte words, bank =
 *   word mod 32), one word per bank per cycle as shared memory does: the access takes as many
 *   cycles as its busiest data bank has distinct words (lanes on one word share it), per phase of
 *   lanes (16 lanes a phase for 16-byte accesses).
 *
 * The H100 (validation/microbench/l1_bank_probe.cu; docs/memory.md, "Scattered accesses in the
 * L1"): a load whose 32 lanes read 32 random lines at one offset takes 30.2 cycles of the SM
 * (every word in one data bank), the same lines at 32 different offsets 10.4 (ncu's tag-stage
 * wavefronts 10.25; four tag banks give 10.26 on average); 8 random lines 3.6 (3.47; 3.47); an
 * array of 48-byte structures (12 lines, 4 words a data bank) 4.2 (data wavefronts 4.05). A
 * coalesced access takes one pass per 128 bytes either way, as the distinct-lines rule had it.
 *
 * The passes also delay the data (validation/microbench/gather_latency_probe.cu, one warp
 * chasing its own loads through the L1): a trip takes 132.3 cycles with one line, 141.8 with 32
 * lines at spread offsets (10.3 tag passes: about a cycle each beyond the first) and 150.2,
 * 167.6 and 204.6 with 8, 16 and 32 lines at one offset (8, 16 and 30 data passes: 2.4 cycles
 * each beyond the first).
 */

const DATA_BANKS = 32;
/** Cycles each data pass beyond the first adds to a load's latency; each tag pass adds one. */
const DATA_PASS_DELAY = 2.4;
const TAG_BANKS = 4;

/** Distinct 4-byte words of one phase (16 bytes x 16 lanes at most) and the words per data bank. */
const words = new Float64Array(64);
const perDataBank = new Int32Array(DATA_BANKS);
const perTagBank = new Int32Array(TAG_BANKS);

/** An access's passes in each stage (l1Stages' result, reused: no allocation per access). */
export const stages = { data: 0, tag: 0 };

/**
 * The passes of each stage (into `stages`) of an access whose lanes in `lanes` move `width`
 * bytes at `addresses[lane]`, and whose distinct sectors are sectors[0..count) (coalesce()).
 */
export function l1Stages(addresses: Float64Array, lanes: number, width: number, sectors: Float64Array, count: number): void {
  stages.data = dataPasses(addresses, lanes, width);
  stages.tag = tagPasses(sectors, count);
}

/** The cycles of the L1's pipe the access in `stages` takes: its slower stage's passes. */
export function passesOf(s: typeof stages): number {
  return Math.max(s.data, s.tag);
}

/** The cycles the access in `stages` adds to its hits' latency: the slower stage's passes beyond the first. */
export function delayOf(s: typeof stages): number {
  return Math.round(Math.max(DATA_PASS_DELAY * (s.data - 1), s.tag - 1, 0));
}

/** The busiest tag bank's distinct lines. */
export function tagPasses(sectors: Float64Array, count: number): number {
  perTagBank.fill(0);
  let most = 0;
  for (let k = 0; k < count; k++) {
    const line = Math.floor(sectors[k] / SECTORS_PER_LINE);
    let seen = false;
    for (let j = 0; j < k && !seen; j++) seen = Math.floor(sectors[j] / SECTORS_PER_LINE) === line;
    if (seen) continue;
    const bank = line % TAG_BANKS;
    if (++perTagBank[bank] > most) most = perTagBank[bank];
  }
  return most;
}

/** The busiest data bank's distinct words, summed over the phases of lanes. */
export function dataPasses(addresses: Float64Array, lanes: number, width: number): number {
  const wordsPerLane = Math.max(1, Math.ceil(width / 4));
  const phaseLanes = width <= 8 ? 32 : 16;
  if (contiguous(addresses, lanes, width)) {
    // Every lane active, lane l at the first one's address + l x width, words whole: a phase's
    // words are consecutive, so each bank holds ceil(words / 32) of them.
    return (32 / phaseLanes) * Math.ceil((phaseLanes * wordsPerLane) / DATA_BANKS);
  }
  let total = 0;
  for (let start = 0; start < 32; start += phaseLanes) {
    perDataBank.fill(0);
    let n = 0;
    let most = 0;
    for (let l = start; l < start + phaseLanes; l++) {
      if (((lanes >>> l) & 1) === 0) continue;
      const first = Math.floor(addresses[l] / 4);
      for (let w = first; w < first + wordsPerLane; w++) {
        let seen = false;
        for (let j = 0; j < n && !seen; j++) seen = words[j] === w;
        if (seen) continue;
        words[n++] = w;
        const bank = w % DATA_BANKS;
        if (++perDataBank[bank] > most) most = perDataBank[bank];
      }
    }
    total += most;
  }
  return total;
}

/** Whether all 32 lanes are active and lane l accesses addresses[0] + l x width, in whole aligned words. */
function contiguous(addresses: Float64Array, lanes: number, width: number): boolean {
  if ((lanes | 0) !== -1 || width < 4 || addresses[0] % 4 !== 0) return false;
  for (let l = 1; l < 32; l++) if (addresses[l] !== addresses[0] + l * width) return false;
  return true;
}
