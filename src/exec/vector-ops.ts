import * as alu from "./alu.js";
import { type Decoded, type Flags, Op } from "./decode.js";
import { KNOWNS, VALS, add3Lanes, copyLanes, imadLanes, pair } from "./operand-rows.js";
import { type Operand, RZ } from "./operands.js";
import { LANES, type WarpRegisters, ZERO_ROW } from "./warp-registers.js";

/**
 * The executor's fast path: the most frequent integer operations (MOV, IMAD and IMAD.WIDE,
 * IADD3, VIADD, SEL, SHF, LOP3, ISETP) over all 32 lanes at once, one loop per operation with
 * the modifiers read outside it, and the known flags combined as one mask per register.
 */

/**
 * The most frequent operations over all lanes at once (their plain forms: no .WIDE/.HI/.X, no
 * carry or predicate outputs): MOV, IMAD, IADD3, VIADD, SEL, LOP3, ISETP. Returns false for
 * anything else (the per-lane path takes it).
 */
export function vectorOp(d: Decoded, code: number, ops: readonly Operand[], f: Flags, regs: WarpRegisters, lanes: number): boolean {
  const dst = ops[0];
  if (code === Op.ISETP) {
    if (f.EX || ops[0].kind !== "pred" || ops[1].kind !== "pred" || ops[4]?.kind !== "pred") return false;
    const known = KNOWNS[2] & KNOWNS[3] & KNOWNS[4];
    const a = VALS[2];
    const b = VALS[3];
    const p = VALS[4];
    const { cmp, combine } = d;
    const unsigned = f.U32;
    let pdBits = 0;
    let pqBits = 0;
    for (let l = 0; l < LANES; l++) {
      if (((lanes >>> l) & 1) === 0) continue;
      const x = alu.compare(a[l], b[l], cmp, unsigned);
      if (alu.combine(x, p[l] === 1, combine)) pdBits |= 1 << l;
      if (alu.combine(!x, p[l] === 1, combine)) pqBits |= 1 << l;
    }
    regs.setPredLanes(ops[0].index, lanes, pdBits, known);
    regs.setPredLanes(ops[1].index, lanes, pqBits, known);
    return true;
  }
  if (dst?.kind !== "reg") return false;
  const r = dst.index;
  if (r === RZ) return true;
  const out = regs.rows[r];
  let known: number;
  switch (code) {
    case Op.MOV:
      known = KNOWNS[1];
      copyLanes(out, VALS[1], lanes);
      break;
    case Op.IMAD:
      if (f.WIDE && !f.X && ops.length === 4 && r + 1 < RZ) return imadWideVector(ops, f, regs, lanes, r);
      if (f.WIDE || f.HI || f.X || ops.length !== 4) return false;
      known = KNOWNS[1] & KNOWNS[2] & KNOWNS[3];
      imadLanes(out, VALS[1], VALS[2], VALS[3], lanes);
      break;
    case Op.IADD3:
      if (f.X || ops.length !== 4) return false;
      known = KNOWNS[1] & KNOWNS[2] & KNOWNS[3];
      add3Lanes(out, VALS[1], VALS[2], VALS[3], lanes);
      break;
    case Op.VIADD:
      known = KNOWNS[1] & KNOWNS[2];
      add3Lanes(out, VALS[1], VALS[2], ZERO_ROW, lanes);
      break;
    case Op.SEL:
    case Op.FSEL:
      known = KNOWNS[1] & KNOWNS[2] & KNOWNS[3];
      for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = VALS[3][l] === 1 ? VALS[1][l] : VALS[2][l];
      break;
    case Op.SHF:
      known = KNOWNS[1] & KNOWNS[2] & KNOWNS[3];
      shfLanes(out, VALS[1], VALS[2], VALS[3], lanes, f);
      break;
    case Op.LOP3:
      if (ops.length > 6) return false;
      known = KNOWNS[1] & KNOWNS[2] & KNOWNS[3];
      lop3Lanes(out, VALS[1], VALS[2], VALS[3], VALS[4], ops[4].kind === "imm" ? ops[4].value : -1, lanes);
      break;
    default:
      return false;
  }
  regs.setKnown(r, lanes, known);
  return true;
}

/** The truth tables the compiler uses most, as plain expressions (alu.lop3 is the general case; the tests compare them). */
export const COMMON_LUTS: Readonly<Record<number, (a: number, b: number, c: number) => number>> = {
  0xc0: (a, b) => a & b,
  0xfc: (a, b) => a | b,
  0x3c: (a, b) => a ^ b,
  0x96: (a, b, c) => a ^ b ^ c,
  0x33: (_a, b) => ~b,
  0xf8: (a, b, c) => a | (b & c),
  0xe2: (a, b, c) => (a & b) | (~b & c),
  0x30: (a, b) => a & ~b,
  0xfe: (a, b, c) => a | b | c,
};

/**
 * LOP3 over the lanes of `lanes`: the common truth tables (COMMON_LUTS) as loops of their own,
 * so each lane is one or two machine operations; any other table (or one from a register, lut
 * -1: the operand's row `luts`) through alu.lop3.
 */
function lop3Lanes(out: Int32Array, a: Int32Array, b: Int32Array, c: Int32Array, luts: Int32Array, lut: number, lanes: number): void {
  switch (lut) {
    case 0xc0:
      for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = a[l] & b[l];
      return;
    case 0xfc:
      for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = a[l] | b[l];
      return;
    case 0x3c:
      for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = a[l] ^ b[l];
      return;
    case 0x96:
      for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = a[l] ^ b[l] ^ c[l];
      return;
    default:
      for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = alu.lop3(a[l], b[l], c[l], lut < 0 ? luts[l] : lut);
  }
}

/** SHF over the lanes of `lanes` (SHF.L/.R, .HI, .W, .S32/.U32: see alu.shfLeft/shfRight), the modifiers read once. */
function shfLanes(out: Int32Array, lo: Int32Array, sh: Int32Array, hi: Int32Array, lanes: number, f: Flags): void {
  const wrap = f.W;
  const signed = f.S32 || f.S64;
  const highWord = f.HI;
  if (f.L && highWord) {
    for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = alu.shfLeft(lo[l], hi[l], sh[l], wrap);
  } else if (f.L) {
    for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = lowLeft(lo[l], sh[l], wrap);
  } else {
    for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = alu.shfRight(lo[l], hi[l], sh[l], wrap, signed, highWord);
  }
}

/** IMAD.WIDE over all lanes: d:d+1 = a * b + the pair c:c+1 (see alu.imadWide). */
function imadWideVector(ops: readonly Operand[], f: Flags, regs: WarpRegisters, lanes: number, r: number): boolean {
  const c = ops[3];
  const high = c.kind === "reg" && c.index !== RZ ? regs.rows[c.index + 1] : ZERO_ROW;
  const known = KNOWNS[1] & KNOWNS[2] & KNOWNS[3] & (c.kind === "reg" && c.index !== RZ ? regs.known[c.index + 1] : -1);
  const lo = regs.rows[r];
  const hi = regs.rows[r + 1];
  const [, a, b, cLo] = VALS;
  const signed = !(f.U32 || f.U64);
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    alu.imadWide(a[l], b[l], cLo[l], high[l], signed, pair);
    lo[l] = pair[0];
    hi[l] = pair[1];
  }
  regs.setKnown(r, lanes, known);
  regs.setKnown(r + 1, lanes, known);
  return true;
}

export function lowLeft(lo: number, s: number, wrap: boolean): number {
  const n = wrap ? s & 31 : Math.min(s >>> 0, 32);
  return n >= 32 ? 0 : (lo << n) | 0;
}

