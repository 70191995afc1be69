import type { Decoded } from "./decode.js";
import { accessWidth, windowAddresses } from "./lane-addresses.js";
import { RZ } from "./operands.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * A warp's local memory as the executor follows it: what each lane stored (STL) at each of its
 * local addresses, so that a load (LDL) returns it. Local memory is private to a thread, so
 * what a lane loads is exactly what it stored there before: a function's frame (the registers a
 * call saves and restores, `fib(n - 1) + fib(n - 2)`'s n across the first call), a register
 * spilled and reloaded, a small array indexed at run time. Without it, the n a recursive call
 * restores is unknown and every branch on it is guessed (the corpus's `fib_rec` ran 5% of its
 * instructions).
 *
 * Never a wrong value: a store at an address the executor does not know forgets everything, a
 * store of an unknown value stores "unknown", a load of a word never stored is unknown. A warp
 * keeps at most `MAX_WORDS` distinct words (a thread's stack is kilobytes); a store past that
 * forgets nothing it knows and stores nothing.
 */
const MAX_WORDS = 1 << 16;

export class WarpLocalMemory {
  /** Word address (bytes / 4) -> the 32 lanes' values; `known` holds each word's lanes whose value is known. */
  private readonly words = new Map<number, Int32Array>();
  private readonly known = new Map<number, number>();
  private readonly address = new Float64Array(LANES);

  /** STL [addr], Rs (.64/.128: Rs and the registers after it; .U8/.S16...: the word is forgotten). */
  store(d: Decoded, regs: WarpRegisters, lanes: number): void {
    const src = d.ops[1];
    const width = accessWidth(d);
    if (src?.kind !== "reg" || !this.addresses(d, regs, lanes)) return this.clear();
    for (let i = 0; i < Math.max(1, width / 4); i++) {
      const r = src.index === RZ ? RZ : src.index + i;
      const knownLanes = r === RZ ? -1 : regs.known[r];
      for (let l = 0; l < LANES; l++) {
        if (((lanes >>> l) & 1) === 0) continue;
        const a = this.address[l];
        // A byte or halfword, or a word not on its boundary: the word becomes unknown.
        const whole = width >= 4 && a % 4 === 0;
        this.put(Math.floor(a / 4) + (whole ? i : 0), l, r === RZ ? 0 : regs.rows[r][l], whole && ((knownLanes >>> l) & 1) === 1);
      }
    }
  }

  /** LDL Rd, [addr]: each lane's words, known where the lane stored a known value there. */
  load(d: Decoded, regs: WarpRegisters, lanes: number): void {
    const dst = d.ops[0];
    if (dst?.kind !== "reg" || dst.index === RZ) return;
    const width = accessWidth(d);
    const count = Math.min(Math.max(1, width / 4), RZ - dst.index);
    const placed = this.words.size > 0 && this.addresses(d, regs, lanes);
    for (let i = 0; i < count; i++) {
      const row = regs.rows[dst.index + i];
      let knownLanes = 0;
      for (let l = 0; placed && l < LANES; l++) {
        if (((lanes >>> l) & 1) === 0) continue;
        const a = this.address[l];
        if (width < 4 || a % 4 !== 0) continue;
        const word = a / 4 + i;
        if ((((this.known.get(word) ?? 0) >>> l) & 1) === 0) continue;
        row[l] = this.words.get(word)![l];
        knownLanes |= 1 << l;
      }
      regs.setKnown(dst.index + i, lanes, knownLanes);
    }
  }

  clear(): void {
    this.words.clear();
    this.known.clear();
  }

  private put(word: number, lane: number, value: number, known: boolean): void {
    let row = this.words.get(word);
    if (row === undefined) {
      if (!known || this.words.size >= MAX_WORDS) return;
      row = new Int32Array(LANES);
      this.words.set(word, row);
    }
    row[lane] = value;
    const bit = 1 << lane;
    const was = this.known.get(word) ?? 0;
    this.known.set(word, known ? was | bit : was & ~bit);
  }

  /** Each lane's local address (`[R1+0x10]`), into `address`; false when one is unknown. */
  private addresses(d: Decoded, regs: WarpRegisters, lanes: number): boolean {
    const mem = d.ops.find((o) => o.kind === "mem");
    return mem?.kind === "mem" && windowAddresses(mem, regs, lanes, this.address);
  }
}
