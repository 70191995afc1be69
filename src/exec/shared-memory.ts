import type { Decoded } from "./decode.js";
import { accessWidth, windowAddresses } from "./lane-addresses.js";
import type { Operand } from "./operands.js";
import { RZ } from "./operands.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * A block's shared memory as the executor follows it: the words its warps stored (STS) with
 * what is known of them, so that a load (LDS) returns them. A kernel whose thread 0 reads a
 * row's extent and shares it through shared memory (`if (tid == 0) bounds = rowptr[b];
 * __syncthreads(); for (k = bounds + tid; ...)`) then runs its loop as the data says instead of
 * guessing it. The block's warps run phase by phase between barriers (run-block.ts), so a word
 * stored before a `__syncthreads()` is there for every warp after it.
 *
 * Never a wrong value: a write the executor cannot place (a store or an atomic at an address
 * it does not know, a copy into shared memory) forgets everything; an atomic forgets the words
 * it changes; a store of an unknown value stores "unknown". Words past 256 KiB (more than any
 * architecture's block may have) are never known.
 */
const WORDS = 65536;

export class BlockSharedMemory {
  private readonly words = new Int32Array(WORDS);
  /** A word is known when its stamp is the current generation: forgetting all is one increment. */
  private readonly stamp = new Uint32Array(WORDS);
  private generation = 1;
  /** Whether any word was stored known since the last clear. */
  private anyKnown = false;
  private readonly address = new Float64Array(LANES);

  /** Everything unknown: a new block, or a write the executor cannot place. */
  clear(): void {
    this.anyKnown = false;
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  isKnown(word: number): boolean {
    return word >= 0 && word < WORDS && this.stamp[word] === this.generation;
  }

  /** STS [addr], Rs (.64/.128: Rs and the registers after it; .U8/.U16: the low bytes of Rs). */
  store(d: Decoded, regs: WarpRegisters, lanes: number): void {
    const mem = d.ops[0];
    const src = d.ops[1];
    if (src?.kind !== "reg") return this.clear();
    const width = accessWidth(d);
    // Unknown values stored where nothing is known (a tile of loaded data) change nothing.
    if (!this.anyKnown && !storesKnown(src.index, width, regs, lanes)) return;
    if (mem?.kind !== "mem" || !this.addresses(mem, regs, lanes)) return this.clear();
    for (let i = 0; i < Math.max(1, width / 4); i++) {
      const r = src.index === RZ ? RZ : src.index + i;
      const row = regs.rows[r];
      const known = r === RZ ? -1 : regs.known[r];
      for (let l = 0; l < LANES; l++) {
        if (((lanes >>> l) & 1) === 0) continue;
        const a = this.address[l];
        if (width < 4) this.storeBytes(a, width, row[l], ((known >>> l) & 1) === 1);
        else if ((a & 3) !== 0) return this.clear();
        else this.put((a >>> 2) + i, row[l], ((known >>> l) & 1) === 1);
      }
    }
  }

  /**
   * LDS Rd, [addr]: each lane's words, known where every word it reads was stored with a known
   * value; an address the executor does not know makes the lanes' results unknown.
   */
  load(d: Decoded, regs: WarpRegisters, lanes: number): void {
    const dst = d.ops[0];
    const mem = d.ops[1];
    if (dst?.kind !== "reg" || dst.index === RZ) return;
    const width = accessWidth(d);
    const count = Math.min(Math.max(1, width / 4), RZ - dst.index);
    // Nothing known since the last clear (a tile of loaded data, say): no lane's address matters.
    const placed = this.anyKnown && mem?.kind === "mem" && this.addresses(mem, regs, lanes);
    for (let i = 0; i < count; i++) {
      const row = regs.rows[dst.index + i];
      let known = 0;
      for (let l = 0; placed && l < LANES; l++) {
        if (((lanes >>> l) & 1) === 0) continue;
        const a = this.address[l];
        const word = width < 4 ? a >>> 2 : (a & 3) === 0 ? (a >>> 2) + i : -1;
        if (!this.isKnown(word)) continue;
        const v = this.words[word];
        row[l] = width < 4 ? subWord(v, a & 3, width, d.mods.has("S8") || d.mods.has("S16")) : v;
        known |= 1 << l;
      }
      regs.setKnown(dst.index + i, lanes, known);
    }
  }

  /**
   * A write whose value the executor does not follow (ATOMS, LDGSTS's destination): the words
   * the lanes' `width` bytes cover become unknown; everything does when an address is unknown.
   */
  forget(mem: Operand | undefined, width: number, regs: WarpRegisters, lanes: number): void {
    if (mem?.kind !== "mem" || !this.addresses(mem, regs, lanes)) return this.clear();
    for (let l = 0; l < LANES; l++) {
      if (((lanes >>> l) & 1) === 0) continue;
      const first = Math.floor(this.address[l] / 4);
      for (let w = first; w <= Math.floor((this.address[l] + width - 1) / 4); w++) if (w >= 0 && w < WORDS) this.stamp[w] = 0;
    }
  }

  private put(word: number, value: number, known: boolean): void {
    if (word < 0 || word >= WORDS) return;
    this.words[word] = value;
    this.stamp[word] = known ? this.generation : 0;
    if (known) this.anyKnown = true;
  }

  /** A byte or halfword stored into its word: known only where the rest of the word was. */
  private storeBytes(a: number, width: number, value: number, known: boolean): void {
    const word = Math.floor(a / 4);
    if (!this.isKnown(word) || !known) return this.put(word, 0, false);
    const shift = 8 * (a % 4);
    const mask = (width === 1 ? 0xff : 0xffff) << shift;
    this.put(word, (this.words[word] & ~mask) | ((value << shift) & mask), true);
  }

  /** Each lane's shared address (`[R5.X4+UR4+0x10]`: 32-bit), into `address`; false when one is unknown. */
  private addresses(mem: Extract<Operand, { kind: "mem" }>, regs: WarpRegisters, lanes: number): boolean {
    return windowAddresses(mem, regs, lanes, this.address);
  }
}

/** Whether some lane of `lanes` stores a known value from Rs (and the registers after it). */
function storesKnown(src: number, width: number, regs: WarpRegisters, lanes: number): boolean {
  if (src === RZ) return true;
  for (let i = 0; i < Math.max(1, width / 4) && src + i < RZ; i++) if ((regs.known[src + i] & lanes) !== 0) return true;
  return false;
}

/** The byte or halfword at byte `offset` of a word, sign-extended when `signed`. */
function subWord(word: number, offset: number, width: number, signed: boolean): number {
  const shifted = word >>> (8 * offset);
  if (width === 1) return signed ? (shifted << 24) >> 24 : shifted & 0xff;
  return signed ? (shifted << 16) >> 16 : shifted & 0xffff;
}
