import * as alu from "./alu.js";
import { type Decoded, type Flags, Op, STORES } from "./decode.js";
import { type ExecContext, VALS, isKnown, knAt, negatedZero, pair, read } from "./operand-rows.js";
import { type Operand, RZ } from "./operands.js";
import { lowLeft } from "./vector-ops.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * The executor's general path: one lane of a per-thread instruction at a time, for every form
 * the vector path (vector-ops.ts) does not take: .WIDE/.HI/.X forms, carries and predicate
 * outputs, LEA, PLOP3, the integer division's float sequence (I2F.RP, MUFU.RCP, F2I), SHFL,
 * VOTE and the rest.
 */

/** One lane of a per-thread instruction. */
export function lane(d: Decoded, op: number, ops: readonly Operand[], f: Flags, regs: WarpRegisters, l: number, ctx: ExecContext, lanes: number): void {
  const dst = ops[0]?.kind === "reg" ? ops[0].index : RZ;
  const unsigned = f.U32 || f.U64;
  switch (op) {
    case Op.MOV:
    case Op.IMAD: {
      if (op === Op.MOV) return regs.set(dst, l, VALS[1][l], knAt(ops, l, 1));
      if (f.WIDE) {
        alu.imadWide(VALS[1][l], VALS[2][l], VALS[3][l], cHi(ops[3], regs, l, ctx), !unsigned, pair);
        const known = knAt(ops, l, 1, 2, 3) && cHiKnown(ops[3], regs, l, ctx);
        regs.set(dst, l, pair[0], known);
        return regs.set(dst + 1, l, pair[1], known);
      }
      if (f.HI) return regs.set(dst, l, alu.imadHi(VALS[1][l], VALS[2][l], VALS[3][l], cHi(ops[3], regs, l, ctx), !unsigned), knAt(ops, l, 1, 2, 3) && cHiKnown(ops[3], regs, l, ctx));
      const carry = f.X && ops[4] !== undefined ? VALS[4][l] : 0;
      return regs.set(dst, l, alu.imad(VALS[1][l], VALS[2][l], VALS[3][l]) + carry, knAt(ops, l, 1, 2, 3, 4));
    }
    case Op.IADD3:
      return iadd3(d, regs, l, ctx);
    case Op.VIADD:
      return regs.set(dst, l, (VALS[1][l] + VALS[2][l]) | 0, knAt(ops, l, 1, 2));
    case Op.LEA: {
      // LEA d, [P,] a, b, s / LEA.HI d, [P,] a, b, c, s [, carry-in predicate]
      const o = ops[1].kind === "pred" ? 2 : 1;
      if (f.HI && f.SX32) {
        // LEA.HI.SX32 d, a, b, s: the high source is a's sign: b + (a >> (32 - s)), arithmetic.
        const a = VALS[o][l];
        return regs.set(dst, l, alu.leaHi(a, VALS[o + 1][l], a >> 31, VALS[o + 2][l]), knAt(ops, l, o, o + 1, o + 2));
      }
      if (f.HI) {
        const carry = f.X && ops[o + 4] !== undefined ? VALS[o + 4][l] : 0;
        const sum = alu.leaHiSum(VALS[o][l], VALS[o + 1][l], VALS[o + 2][l], VALS[o + 3][l]) + carry;
        if (o === 2) regs.setPred((ops[1] as { index: number }).index, l, sum > 0xffffffff, knAt(ops, l, o, o + 1, o + 2, o + 3, o + 4));
        return regs.set(dst, l, sum | 0, knAt(ops, l, o, o + 1, o + 2, o + 3, o + 4));
      }
      const sum = alu.leaSum(VALS[o][l], VALS[o + 1][l], VALS[o + 2][l]) + (f.X && ops[o + 3] !== undefined ? VALS[o + 3][l] : 0);
      if (o === 2 && ops[1].kind === "pred") regs.setPred(ops[1].index, l, sum > 0xffffffff, knAt(ops, l, o, o + 1, o + 2));
      return regs.set(dst, l, sum | 0, knAt(ops, l, o, o + 1, o + 2));
    }
    case Op.SHF: {
      const left = f.L;
      const wrap = f.W;
      const hi = f.HI;
      const signed = f.S32 || f.S64;
      const value = left ? (hi ? alu.shfLeft(VALS[1][l], VALS[3][l], VALS[2][l], wrap) : lowLeft(VALS[1][l], VALS[2][l], wrap)) : alu.shfRight(VALS[1][l], VALS[3][l], VALS[2][l], wrap, signed, hi);
      return regs.set(dst, l, value, knAt(ops, l, 1, 2, 3));
    }
    case Op.LOP3: {
      // LOP3.LUT [P,] d, a, b, c, lut, Pin
      const pOut = ops[0].kind === "pred" ? ops[0] : undefined;
      const o = pOut ? 1 : 0;
      const d0 = ops[o].kind === "reg" ? (ops[o] as Extract<Operand, { kind: "reg" }>).index : RZ;
      const r = alu.lop3(VALS[o + 1][l], VALS[o + 2][l], VALS[o + 3][l], VALS[o + 4][l]);
      const known = knAt(ops, l, o + 1, o + 2, o + 3);
      regs.set(d0, l, r, known);
      if (pOut !== undefined) regs.setPred(pOut.index, l, r !== 0 || (ops[o + 5] !== undefined && VALS[o + 5][l] === 1), known);
      return;
    }
    case Op.PLOP3: {
      const a = VALS[2][l] === 1;
      const b = VALS[3][l] === 1;
      const c = VALS[4][l] === 1;
      const known = knAt(ops, l, 2, 3, 4);
      if (ops[0].kind === "pred") regs.setPred(ops[0].index, l, alu.plop3(a, b, c, VALS[5][l]), known);
      if (ops[1].kind === "pred" && ops[6] !== undefined) regs.setPred(ops[1].index, l, alu.plop3(a, b, c, VALS[6][l]), known);
      return;
    }
    case Op.ISETP:
      return isetp(d, regs, l, ctx);
    case Op.SEL:
    case Op.FSEL:
      return regs.set(dst, l, VALS[3][l] === 1 ? VALS[1][l] : VALS[2][l], knAt(ops, l, 1, 2, 3));
    case Op.IABS:
      return regs.set(dst, l, alu.iabs(VALS[1][l]), knAt(ops, l, 1));
    case Op.VIADDMNMX:
      // VIADDMNMX d, a, b, c, P: min (P) or max (!P) of a + b and c; a loop's trip count (`for (k = lane; k < n; k += 32)`) or a clamp.
      return regs.set(dst, l, alu.minMax((VALS[1][l] + VALS[2][l]) | 0, VALS[3][l], ops[4] !== undefined && VALS[4][l] === 0, unsigned), knAt(ops, l, 1, 2, 3, 4));
    case Op.PRMT:
      // PRMT d, a, selector, b: each byte of d picked from the eight bytes of {b, a} (PTX prmt.b32, default mode).
      return regs.set(dst, l, alu.prmt(VALS[1][l], VALS[3][l], VALS[2][l]), knAt(ops, l, 1, 2, 3));
    case Op.IMNMX:
    case Op.VIMNMX:
      return regs.set(dst, l, alu.minMax(VALS[1][l], VALS[2][l], ops[3] !== undefined && VALS[3][l] === 0, unsigned), knAt(ops, l, 1, 2, 3));
    case Op.FLO:
      return regs.set(dst, l, alu.flo(VALS[1][l], !unsigned, f.SH), knAt(ops, l, 1));
    case Op.POPC:
      return regs.set(dst, l, alu.popc(VALS[1][l]), knAt(ops, l, 1));
    case Op.BMSK:
      return regs.set(dst, l, alu.bmsk(VALS[1][l], VALS[2][l]), knAt(ops, l, 1, 2));
    case Op.BREV:
      return regs.set(dst, l, alu.brev(VALS[1][l]), knAt(ops, l, 1));
    case Op.S2R:
    case Op.CS2R:
      if (op === Op.CS2R && ops[1]?.kind === "special" && ops[1].name === "SRZ") {
        regs.set(dst, l, 0, true);
        if (!f.M32) regs.set(dst + 1, l, 0, true);
        return;
      }
      return regs.set(dst, l, VALS[1][l], knAt(ops, l, 1));
    case Op.LDC: {
      regs.set(dst, l, VALS[1][l], knAt(ops, l, 1));
      if (f.M64 && ops[1].kind === "const") regs.set(dst + 1, l, read({ ...ops[1], offset: ops[1].offset + 4 }, regs, l, ctx), knAt(ops, l, 1));
      return;
    }
    case Op.I2F:
    case Op.I2FP: {
      const signed = !(f.U32 || f.U16 || f.U8);
      const x = signed ? VALS[1][l] | 0 : VALS[1][l] >>> 0;
      return regs.set(dst, l, f.RP ? alu.i2fRoundUp(VALS[1][l], !signed) : alu.floatBits(x), knAt(ops, l, 1));
    }
    case Op.F2I:
      return regs.set(dst, l, alu.f2iTrunc(VALS[1][l], unsigned), knAt(ops, l, 1));
    case Op.MUFU:
      if (f.RCP) return regs.set(dst, l, alu.rcp(VALS[1][l]), knAt(ops, l, 1));
      return regs.set(dst, l, 0, false);
    case Op.HFMA2:
      // The compiler's way to load a constant: HFMA2.MMA Rd, -RZ, RZ, hi, lo (0 * 0 + the pair).
      // cuobjdump prints the high half first: `2, 0` is 0x40000000 (the encoding's immediate).
      if (isZero(ops[1]) || isZero(ops[2])) return regs.set(dst, l, (halfBits(ops[3]) << 16) | (halfBits(ops[4] ?? ops[3]) & 0xffff), true);
      return regs.set(dst, l, 0, false);
    case Op.SHFL:
      return shfl(d, regs, l, ctx, lanes);
    case Op.VOTE:
      return vote(d, regs, l, ctx, lanes);
    default:
      // Loads, atomics and floating-point work the executor does not follow: destinations unknown.
      if (ops[0]?.kind === "reg" && !STORES.has(d.ins.opcode)) {
        regs.set(dst, l, 0, false);
        if (f.M64 || f.WIDE) regs.set(dst + 1, l, 0, false);
        if (f.M128) for (let i = 1; i < 4; i++) regs.set(dst + i, l, 0, false);
      }
  }
}


function isZero(op: Operand | undefined): boolean {
  return op?.kind === "reg" && op.index === RZ;
}

/** The high word of a register pair's addend (c, c + 1); 0 for RZ or an immediate. */
function cHi(op: Operand, regs: WarpRegisters, l: number, _ctx: ExecContext): number {
  return op.kind === "reg" && op.index !== RZ ? regs.get(op.index + 1, l) : 0;
}

function cHiKnown(op: Operand, regs: WarpRegisters, l: number, _ctx: ExecContext): boolean {
  return op.kind !== "reg" || op.index === RZ || regs.isKnown(op.index + 1, l);
}

/** IEEE half-precision bits of a float immediate. */
export function halfBits(op: Operand | undefined): number {
  if (op === undefined || op.kind !== "imm") return 0;
  const x = op.value;
  if (Number.isNaN(x)) return 0x7e00;
  if (x === 0) return Object.is(x, -0) ? 0x8000 : 0;
  const sign = x < 0 ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a === Infinity) return sign | 0x7c00;
  // Below 2^-14 a half is subnormal: a multiple of 2^-24 with a zero exponent field.
  if (a < 2 ** -14) return sign | Math.round(a / 2 ** -24);
  let e = Math.floor(Math.log2(a));
  let mant = Math.round((a / 2 ** e - 1) * 1024);
  if (mant === 1024) {
    e++;
    mant = 0;
  }
  return sign | ((e + 15) << 10) | mant;
}

function iadd3(d: Decoded, regs: WarpRegisters, l: number, ctx: ExecContext): void {
  // IADD3 d, [carry-out P, [P],] a, b, c [, carry-in P, P] (.X)
  const { ops, f } = d;
  let o = 1;
  const outs: number[] = [];
  while (ops[o]?.kind === "pred") outs.push(o++);
  const carryIn = f.X ? (ops[o + 3] !== undefined ? VALS[o + 3][l] : 0) + (ops[o + 4] !== undefined ? VALS[o + 4][l] : 0) : 0;
  alu.iadd3(VALS[o][l], VALS[o + 1][l], VALS[o + 2][l], carryIn, pair);
  // The adder negates as ~x + 1: -0 adds 2^32, a carry out (a 64-bit subtraction's low half).
  pair[1] += negatedZero(ops[o], VALS[o][l]) + negatedZero(ops[o + 1], VALS[o + 1][l]) + negatedZero(ops[o + 2], VALS[o + 2][l]);
  const known = knAt(ops, l, o, o + 1, o + 2, o + 3, o + 4);
  if (ops[0].kind === "reg") regs.set(ops[0].index, l, pair[0], known);
  const out0 = ops[outs[0]];
  if (out0?.kind === "pred") regs.setPred(out0.index, l, pair[1] >= 1, known);
  const out1 = ops[outs[1]];
  if (out1?.kind === "pred") regs.setPred(out1.index, l, pair[1] >= 2, known);
}


function isetp(d: Decoded, regs: WarpRegisters, l: number, ctx: ExecContext): void {
  const { ops, f } = d;
  // ISETP.cmp[.U32].bop[.EX] Pd, Pq, a, b, Pc [, Pex]
  const { cmp, combine: how } = d;
  const unsigned = f.U32;
  const ex = f.EX;
  const low = ex ? VALS[5][l] === 1 : false;
  const x = ex ? alu.compareEx(VALS[2][l], VALS[3][l], cmp, unsigned, low) : alu.compare(VALS[2][l], VALS[3][l], cmp, unsigned);
  const p = VALS[4][l] === 1;
  const known = knAt(ops, l, 2, 3, 4, 5);
  const [pd, pq] = d.ops;
  if (pd.kind === "pred") regs.setPred(pd.index, l, alu.combine(x, p, how), known);
  if (pq.kind === "pred") regs.setPred(pq.index, l, alu.combine(!x, p, how), known);
}

/** SHFL.mode PT, d, a, b(lane or offset), c(clamp and segment mask). */
function shfl(d: Decoded, regs: WarpRegisters, l: number, ctx: ExecContext, lanes: number): void {
  const o = d.ops[0].kind === "pred" ? 1 : 0;
  const dst = d.ops[o];
  if (dst.kind !== "reg") return;
  const b = read(d.ops[o + 2], regs, l, ctx);
  const c = read(d.ops[o + 3], regs, l, ctx);
  const clamp = c & 0x1f;
  const segMask = (c >> 8) & 0x1f;
  const minLane = l & segMask;
  const maxLane = minLane | (clamp & ~segMask);
  const mode = d.ins.modifiers[0];
  let src = mode === "BFLY" ? l ^ b : mode === "UP" ? l - b : mode === "DOWN" ? l + b : minLane | (b & ~segMask);
  const inRange = mode === "UP" ? src >= maxLane || src >= minLane : src <= maxLane;
  if (!inRange || src < 0 || src > 31 || ((lanes >>> src) & 1) === 0) src = l;
  const srcOp = d.ops[o + 1];
  // Read the source lane's value before any lane writes: SHFL reads all lanes at once.
  const value = srcOp.kind === "reg" ? shuffleSnapshot(regs, srcOp.index, src) : read(srcOp, regs, src, ctx);
  const known = srcOp.kind === "reg" ? shuffleKnown(regs, srcOp.index, src) : isKnown(srcOp, regs, src, ctx);
  pendingShuffle.push([dst.index, l, value, known]);
  if (l === 31 - Math.clz32(lanes)) flushShuffle(regs);
}

const pendingShuffle: [number, number, number, boolean][] = [];

function shuffleSnapshot(regs: WarpRegisters, reg: number, lane: number): number {
  return regs.get(reg, lane);
}

function shuffleKnown(regs: WarpRegisters, reg: number, lane: number): boolean {
  return regs.isKnown(reg, lane);
}

function flushShuffle(regs: WarpRegisters): void {
  for (const [reg, lane, value, known] of pendingShuffle) regs.set(reg, lane, value, known);
  pendingShuffle.length = 0;
}

/** VOTE.ANY/ALL/EQ d, Pd, Pin: the ballot of Pin over the lanes, and its reduction. */
let voteBallot = 0;
let voteKnown = true;

function vote(d: Decoded, regs: WarpRegisters, l: number, ctx: ExecContext, lanes: number): void {
  // VOTE.ANY R4, PT, !P0 (a ballot and a predicate), or VOTE.ANY P0, !P0 (the predicate alone: __any_sync in a branch).
  const [dst, pd, pin] = d.ops.length === 2 ? [undefined, d.ops[0], d.ops[1]] : d.ops;
  if (pin === undefined) return;
  // The ballot is taken once, at the first active lane, before any lane's result is written
  // (VOTE.ANY P0, !P0 overwrites the predicate it reads).
  if (l === 31 - Math.clz32(lanes & -lanes)) {
    voteBallot = 0;
    voteKnown = true;
    for (let m = 0; m < LANES; m++) {
      if (((lanes >>> m) & 1) === 0) continue;
      if (read(pin, regs, m, ctx) === 1) voteBallot |= 1 << m;
      if (!isKnown(pin, regs, m, ctx)) voteKnown = false;
    }
  }
  const ballot = voteBallot;
  const known = voteKnown;
  const mode = d.ins.modifiers[0];
  const result = mode === "ALL" ? ballot === lanes : mode === "EQ" ? ballot === 0 || ballot === lanes : ballot !== 0;
  if (dst?.kind === "reg") regs.set(dst.index, l, ballot, known);
  if (pd?.kind === "pred") regs.setPred(pd.index, l, result, known);
}

