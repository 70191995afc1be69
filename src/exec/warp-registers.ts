import { PT, RZ, URZ } from "./operands.js";

export const LANES = 32;
const REGISTERS = 256;
const UNIFORM_REGISTERS = 64;
const PREDICATES = 8;

/** Registers of finished warps, kept for the next (WarpRegisters.acquire): at most a block's worth. */
const FREE: WarpRegisters[] = [];
const FREE_LIMIT = 64;

/** RZ's row: 32 zeros, shared by every warp (never written). */
export const ZERO_ROW: Int32Array = new Int32Array(LANES);

/**
 * One warp's registers as the executor keeps them: per lane, 256 general registers (RZ reads
 * 0) and 8 predicates (PT reads true); per warp, 64 uniform registers and 8 uniform
 * predicates. Each value has a `known` flag: a value loaded from memory (whose contents the
 * user did not give) is unknown, and so is anything computed from it.
 *
 * Layout, for speed: a register's 32 lanes are one row of `value` (a view per register in
 * `rows`, so an instruction reads a whole source row without copying it); what is known of a
 * register, and a predicate's value, are 32-bit masks with one bit per lane, so a warp-wide
 * instruction combines them in one operation instead of 32.
 */
export class WarpRegisters {
  readonly value = new Int32Array(REGISTERS * LANES);
  /** The same registers read as float32 (a view, no copy): float-ops.ts's fast path. */
  readonly floats = new Float32Array(this.value.buffer);
  /** Per register, the lanes where its value is known (bit l: lane l). */
  readonly known = new Int32Array(REGISTERS);
  /** Per predicate, the lanes where it is true, and where that is known. */
  readonly pred = new Int32Array(PREDICATES);
  readonly predKnown = new Int32Array(PREDICATES);
  readonly uniform = new Int32Array(UNIFORM_REGISTERS);
  readonly uniformKnown = new Uint8Array(UNIFORM_REGISTERS);
  readonly uniformPred = new Uint8Array(PREDICATES);
  readonly uniformPredKnown = new Uint8Array(PREDICATES);
  /** Register r's 32 lanes (RZ: ZERO_ROW). */
  readonly rows: readonly Int32Array[];

  constructor() {
    this.rows = Array.from({ length: REGISTERS }, (_, r) => (r === RZ ? ZERO_ROW : this.value.subarray(r * LANES, (r + 1) * LANES)));
    this.reset();
  }

  /**
   * A warp's registers, reset: reused from a warp that finished (`release`) when there is one.
   * A block's warps run side by side, so a few are live at once; the rest wait here. Building
   * one costs 256 row views (10% of a corpus run's time when every warp built its own).
   */
  static acquire(): WarpRegisters {
    const regs = FREE.pop();
    if (regs === undefined) return new WarpRegisters();
    regs.reset();
    return regs;
  }

  /** Gives back the registers of a warp that has finished; nothing may read them after this. */
  static release(regs: WarpRegisters): void {
    if (FREE.length < FREE_LIMIT) FREE.push(regs);
  }

  /** Every register 0 and known, as a fresh warp finds them (the compiler initializes what it reads). */
  reset(): void {
    this.value.fill(0);
    this.known.fill(-1);
    this.pred.fill(0);
    this.predKnown.fill(-1);
    this.uniform.fill(0);
    this.uniformKnown.fill(1);
    this.uniformPred.fill(0);
    this.uniformPredKnown.fill(1);
    this.pred[PT] = -1;
    this.uniformPred[PT] = 1;
  }

  get(reg: number, lane: number): number {
    return reg === RZ ? 0 : this.value[reg * LANES + lane];
  }

  isKnown(reg: number, lane: number): boolean {
    return reg === RZ || ((this.known[reg] >>> lane) & 1) === 1;
  }

  set(reg: number, lane: number, v: number, known: boolean): void {
    if (reg === RZ) return;
    this.value[reg * LANES + lane] = v | 0;
    this.known[reg] = known ? this.known[reg] | (1 << lane) : this.known[reg] & ~(1 << lane);
  }

  /** The known flags of register `reg` on `lanes` become those of `knownLanes` (the other lanes keep theirs). */
  setKnown(reg: number, lanes: number, knownLanes: number): void {
    if (reg === RZ) return;
    this.known[reg] = (this.known[reg] & ~lanes) | (knownLanes & lanes);
  }

  getPred(p: number, lane: number): boolean {
    return p === PT || ((this.pred[p] >>> lane) & 1) === 1;
  }

  isPredKnown(p: number, lane: number): boolean {
    return p === PT || ((this.predKnown[p] >>> lane) & 1) === 1;
  }

  setPred(p: number, lane: number, v: boolean, known: boolean): void {
    if (p === PT) return;
    const bit = 1 << lane;
    this.pred[p] = v ? this.pred[p] | bit : this.pred[p] & ~bit;
    this.predKnown[p] = known ? this.predKnown[p] | bit : this.predKnown[p] & ~bit;
  }

  /** Predicate `p` on `lanes` becomes `values` (bit per lane), known where `knownLanes` says; other lanes unchanged. */
  setPredLanes(p: number, lanes: number, values: number, knownLanes: number): void {
    if (p === PT) return;
    this.pred[p] = (this.pred[p] & ~lanes) | (values & lanes);
    this.predKnown[p] = (this.predKnown[p] & ~lanes) | (knownLanes & lanes);
  }

  getUniform(ur: number): number {
    return ur === URZ ? 0 : this.uniform[ur];
  }

  isUniformKnown(ur: number): boolean {
    return ur === URZ || this.uniformKnown[ur] === 1;
  }

  setUniform(ur: number, v: number, known: boolean): void {
    if (ur === URZ) return;
    this.uniform[ur] = v | 0;
    this.uniformKnown[ur] = known ? 1 : 0;
  }

  getUniformPred(p: number): boolean {
    return p === PT || this.uniformPred[p] === 1;
  }

  isUniformPredKnown(p: number): boolean {
    return p === PT || this.uniformPredKnown[p] === 1;
  }

  setUniformPred(p: number, v: boolean, known: boolean): void {
    if (p === PT) return;
    this.uniformPred[p] = v ? 1 : 0;
    this.uniformPredKnown[p] = known ? 1 : 0;
  }
}
