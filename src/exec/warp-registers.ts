import { PT, RZ, URZ } from "./operands.js";

export const LANES = 32;
const REGISTERS = 256;
const UNIFORM_REGISTERS = 64;
const PREDICATES = 8;

/**
 * One warp's registers as the executor keeps them: per lane, 256 general registers (RZ reads
 * 0) and 8 predicates (PT reads true); per warp, 64 uniform registers and 8 uniform
 * predicates. Each value has a `known` flag: a value loaded from memory (whose contents the
 * user did not give) is unknown, and so is anything computed from it.
 */
export class WarpRegisters {
  readonly value = new Int32Array(REGISTERS * LANES);
  readonly known = new Uint8Array(REGISTERS * LANES);
  readonly pred = new Uint8Array(PREDICATES * LANES);
  readonly predKnown = new Uint8Array(PREDICATES * LANES);
  readonly uniform = new Int32Array(UNIFORM_REGISTERS);
  readonly uniformKnown = new Uint8Array(UNIFORM_REGISTERS);
  readonly uniformPred = new Uint8Array(PREDICATES);
  readonly uniformPredKnown = new Uint8Array(PREDICATES);

  constructor() {
    this.reset();
  }

  /** Every register 0 and known, as a fresh warp finds them (the compiler initializes what it reads). */
  reset(): void {
    this.value.fill(0);
    this.known.fill(1);
    this.pred.fill(0);
    this.predKnown.fill(1);
    this.uniform.fill(0);
    this.uniformKnown.fill(1);
    this.uniformPred.fill(0);
    this.uniformPredKnown.fill(1);
    for (let l = 0; l < LANES; l++) this.pred[PT * LANES + l] = 1;
    this.uniformPred[PT] = 1;
  }

  get(reg: number, lane: number): number {
    return reg === RZ ? 0 : this.value[reg * LANES + lane];
  }

  isKnown(reg: number, lane: number): boolean {
    return reg === RZ || this.known[reg * LANES + lane] === 1;
  }

  set(reg: number, lane: number, v: number, known: boolean): void {
    if (reg === RZ) return;
    this.value[reg * LANES + lane] = v | 0;
    this.known[reg * LANES + lane] = known ? 1 : 0;
  }

  getPred(p: number, lane: number): boolean {
    return p === PT || this.pred[p * LANES + lane] === 1;
  }

  isPredKnown(p: number, lane: number): boolean {
    return p === PT || this.predKnown[p * LANES + lane] === 1;
  }

  setPred(p: number, lane: number, v: boolean, known: boolean): void {
    if (p === PT) return;
    this.pred[p * LANES + lane] = v ? 1 : 0;
    this.predKnown[p * LANES + lane] = known ? 1 : 0;
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
