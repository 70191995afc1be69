import * as alu from "./alu.js";
import { COMBINES, COMPARES, type Decoded } from "./decode.js";
import { type ExecContext, firstLane, isKnown, negatedZero, pair, read } from "./operand-rows.js";
import { type Operand, RZ, URZ } from "./operands.js";
import { lowLeft } from "./vector-ops.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * The uniform datapath: instructions executed once per warp on uniform registers and
 * predicates (UMOV, UIADD3 and its 64-bit form, UIMAD, ULEA, ULOP3, USHF, UPRMT, UISETP, UPLOP3,
 * UFLO, UPOPC, UBMSK, UBREV, ULDC, S2UR),
 * and the moves between the two register files (R2UR, VOTEU).
 */

/** A uniform-datapath instruction: once for the warp (lane `l` supplies R2UR's and VOTEU's per-lane sources). */
export function executeUniform(d: Decoded, regs: WarpRegisters, ctx: ExecContext, l: number): void {
  const { f } = d;
  const { ops, mods } = d;
  const op = d.ins.opcode;
  const v = (i: number) => read(ops[i], regs, l, ctx);
  const k = (...is: number[]) => is.every((i) => ops[i] === undefined || isKnown(ops[i], regs, l, ctx));
  const dst = ops[0]?.kind === "ureg" ? ops[0].index : -1;
  const put = (value: number, known: boolean) => dst >= 0 && regs.setUniform(dst, value, known);
  switch (op) {
    case "UMOV":
    case "S2UR":
      return void put(v(1), k(1));
    case "ULDC":
    case "LDCU": // sm_100's name for a uniform constant load
      put(v(1), k(1));
      if (f.M64 && ops[1].kind === "const") regs.setUniform(dst + 1, read({ ...ops[1], offset: ops[1].offset + 4 }, regs, l, ctx), k(1));
      return;
    case "UIADD3": {
      // UIADD3 d, [carry-out UP, [UP],] a, b, c [, carry-in UP, UP] (.X), as IADD3: a 64-bit add's low half sets the carry its high half reads.
      let o = 1;
      while (ops[o]?.kind === "pred") o++;
      if (f.M64) return uiadd64(ops, o, regs, dst, k(o, o + 1, o + 2));
      const carryIn = f.X ? (ops[o + 3] !== undefined ? v(o + 3) : 0) + (ops[o + 4] !== undefined ? v(o + 4) : 0) : 0;
      alu.iadd3(v(o), v(o + 1), v(o + 2), carryIn, pair);
      pair[1] += negatedZero(ops[o], v(o)) + negatedZero(ops[o + 1], v(o + 1)) + negatedZero(ops[o + 2], v(o + 2));
      const known = k(o, o + 1, o + 2, ...(f.X ? [o + 3, o + 4] : []));
      put(pair[0], known);
      for (let c = 1; c < o; c++) {
        const out = ops[c];
        if (out.kind === "pred") regs.setUniformPred(out.index, pair[1] >= c, known);
      }
      return;
    }
    case "UIMAD": {
      // .WIDE: a 64-bit result in UR d:d+1, c a pair (the integer division's UIMAD.WIDE.U32 takes the quotient from the high half); .HI: the high half.
      if (!f.WIDE && !f.HI) return void put(alu.imad(v(1), v(2), v(3)), k(1, 2, 3));
      const c = ops[3];
      const cHi = c?.kind === "ureg" && c.index !== URZ ? regs.getUniform(c.index + 1) : 0;
      const known = k(1, 2, 3) && (c?.kind !== "ureg" || c.index === URZ || regs.isUniformKnown(c.index + 1));
      const signed = !(f.U32 || f.U64);
      if (f.HI) return void put(alu.imadHi(v(1), v(2), v(3), cHi, signed), known);
      alu.imadWide(v(1), v(2), v(3), cHi, signed, pair);
      put(pair[0], known);
      if (dst >= 0 && dst + 1 < URZ) regs.setUniform(dst + 1, pair[1], known);
      return;
    }
    case "ULEA": {
      // ULEA d, [UP carry-out,] a, b, s / ULEA.HI d, [UP,] a, b, c, s [, carry-in UP] (.X): as LEA.
      const o = ops[1]?.kind === "pred" ? 2 : 1;
      const cin = o + (f.HI ? 4 : 3);
      const carryIn = f.X && ops[cin] !== undefined ? v(cin) : 0;
      const sum = (f.HI ? alu.leaHiSum(v(o), v(o + 1), v(o + 2), v(o + 3)) : alu.leaSum(v(o), v(o + 1), v(o + 2))) + carryIn;
      const known = k(o, o + 1, o + 2, ...(f.HI ? [o + 3] : []), ...(f.X ? [cin] : []));
      put(sum | 0, known);
      if (o === 2) regs.setUniformPred((ops[1] as { index: number }).index, sum > 0xffffffff, known);
      return;
    }
    case "ULOP3": {
      const o = ops[0].kind === "pred" ? 1 : 0;
      const r = alu.lop3(v(o + 1), v(o + 2), v(o + 3), v(o + 4));
      if (ops[o].kind === "ureg") regs.setUniform(ops[o].index, r, k(o + 1, o + 2, o + 3));
      if (o === 1 && ops[0].kind === "pred") regs.setUniformPred(ops[0].index, r !== 0, k(o + 1, o + 2, o + 3));
      return;
    }
    case "USEL":
      return void put(v(3) === 1 ? v(1) : v(2), k(1, 2, 3));
    case "UPRMT":
      return void put(alu.prmt(v(1), v(3), v(2)), k(1, 2, 3));
    case "USHF": {
      const left = f.L;
      const value = left ? (f.HI ? alu.shfLeft(v(1), v(3), v(2), f.W) : lowLeft(v(1), v(2), f.W)) : alu.shfRight(v(1), v(3), v(2), f.W, f.S32, f.HI);
      return void put(value, k(1, 2, 3));
    }
    case "UISETP": {
      const ms = d.ins.modifiers;
      const cmp = COMPARES[ms.find((m) => m in COMPARES) ?? "EQ"];
      const how = COMBINES[ms.find((m) => m in COMBINES) ?? "AND"];
      const x = ms.includes("EX") ? alu.compareEx(v(2), v(3), cmp, ms.includes("U32"), v(5) === 1) : alu.compare(v(2), v(3), cmp, ms.includes("U32"));
      const known = k(2, 3, 4, 5);
      if (ops[0].kind === "pred") regs.setUniformPred(ops[0].index, alu.combine(x, v(4) === 1, how), known);
      if (ops[1].kind === "pred") regs.setUniformPred(ops[1].index, alu.combine(!x, v(4) === 1, how), known);
      return;
    }
    case "UFLO":
      return void put(alu.flo(v(1), !(f.U32 || f.U64), f.SH), k(1));
    case "UPOPC":
      return void put(alu.popc(v(1)), k(1));
    case "UBMSK":
      return void put(alu.bmsk(v(1), v(2)), k(1, 2));
    case "UBREV":
      return void put(alu.brev(v(1)), k(1));
    case "UPLOP3": {
      // UPLOP3.LUT UPd, UPq, a, b, c, lut, lut2: as PLOP3 (the compiler's uniform branch conditions).
      const a = v(2) === 1;
      const b = v(3) === 1;
      const c = v(4) === 1;
      const known = k(2, 3, 4);
      if (ops[0].kind === "pred") regs.setUniformPred(ops[0].index, alu.plop3(a, b, c, v(5)), known);
      if (ops[1]?.kind === "pred" && ops[6] !== undefined) regs.setUniformPred(ops[1].index, alu.plop3(a, b, c, v(6)), known);
      return;
    }
    default:
      if (dst >= 0) put(0, false);
      // A predicate it writes is unknown too, not the value it held before (a stale one steers branches).
      for (const out of ops.slice(0, 2)) if (out?.kind === "pred" && out.uniform) regs.setUniformPred(out.index, false, false);
  }
}

/**
 * UIADD3.64 d, a, b, c (sm_90: a 64-bit address from a 64-bit base and offset): each operand a
 * pair of uniform registers (URZ: 0), the sum in d:d+1.
 */
function uiadd64(ops: readonly Operand[], o: number, regs: WarpRegisters, dst: number, known: boolean): void {
  if (dst < 0) return;
  const pairOf = (op: Operand | undefined): [number, number, boolean] => {
    if (op === undefined || op.kind !== "ureg" || op.index === URZ) return [op?.kind === "imm" ? op.value >>> 0 : 0, 0, true];
    return [regs.getUniform(op.index) >>> 0, regs.getUniform(op.index + 1) >>> 0, regs.isUniformKnown(op.index + 1)];
  };
  const [aLo, aHi, aKnown] = pairOf(ops[o]);
  const [bLo, bHi, bKnown] = pairOf(ops[o + 1]);
  const [cLo, cHi, cKnown] = pairOf(ops[o + 2]);
  const lo = aLo + bLo + cLo;
  const hi = aHi + bHi + cHi + Math.floor(lo / 4294967296);
  const all = known && aKnown && bKnown && cKnown;
  regs.setUniform(dst, lo | 0, all);
  if (dst + 1 < URZ) regs.setUniform(dst + 1, hi | 0, all);
}

/**
 * VOTEU.ALL/ANY [URd,] [UPd,] Pp: a vote of predicate Pp over the active lanes into a uniform
 * predicate (ALL: every lane, ANY: some lane) and, with a uniform register destination, the
 * ballot (the compiler's guard for a copy only lane 0 issues: VOTEU.ALL UP0, P0; @!UP0 UBLKCP).
 */
export function voteUniform(d: Decoded, regs: WarpRegisters, lanes: number): void {
  const src = d.ops[d.ops.length - 1];
  if (src?.kind !== "pred") return;
  let ballot = 0;
  let known = true;
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const v = src.uniform ? regs.getUniformPred(src.index) : regs.getPred(src.index, l);
    if (!(src.uniform ? regs.isUniformPredKnown(src.index) : regs.isPredKnown(src.index, l))) known = false;
    if (v !== src.not) ballot |= 1 << l;
  }
  const all = ballot === lanes;
  const result = d.mods.has("ALL") ? all : d.mods.has("EQ") ? all || ballot === 0 : ballot !== 0;
  for (let i = 0; i < d.ops.length - 1; i++) {
    const o = d.ops[i];
    if (o.kind === "ureg" && o.index !== URZ) regs.setUniform(o.index, ballot, known);
    else if (o.kind === "pred" && o.uniform) regs.setUniformPred(o.index, result, known);
  }
}

/** R2UR: a register's value (taken from the first active lane) into a uniform register. */
export function r2ur(d: Decoded, regs: WarpRegisters, lanes: number): void {
  const [dst, src] = d.ops;
  if (dst.kind !== "ureg" || src.kind !== "reg" || lanes === 0) return;
  const l = firstLane(lanes);
  regs.setUniform(dst.index, regs.get(src.index, l), regs.isKnown(src.index, l));
}

/**
 * REDUX.SUM/MIN/MAX/AND/OR/XOR [.S32] URd, Ra (`__reduce_add_sync` and friends, and the
 * compiler's warp-aggregated atomics): Ra over the active lanes into a uniform register, known
 * when every active lane's Ra is. Sums wrap at 32 bits; MIN and MAX compare unsigned unless .S32.
 */
export function redux(d: Decoded, regs: WarpRegisters, lanes: number): void {
  const [dst, src] = d.ops;
  if (dst?.kind !== "ureg" || src?.kind !== "reg" || lanes === 0) return;
  const signed = d.mods.has("S32");
  const op = ["SUM", "MIN", "MAX", "AND", "OR", "XOR"].find((m) => d.mods.has(m)) ?? "AND";
  let acc: number | undefined;
  let known = true;
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const v = src.index === RZ ? 0 : regs.get(src.index, l);
    if (src.index !== RZ && !regs.isKnown(src.index, l)) known = false;
    if (acc === undefined) acc = v;
    else if (op === "SUM") acc = (acc + v) | 0;
    else if (op === "AND") acc &= v;
    else if (op === "OR") acc |= v;
    else if (op === "XOR") acc ^= v;
    else {
      const a = signed ? acc | 0 : acc >>> 0;
      const b = signed ? v | 0 : v >>> 0;
      acc = (op === "MIN" ? (b < a ? v : acc) : b > a ? v : acc) | 0;
    }
  }
  if (dst.index !== URZ) regs.setUniform(dst.index, acc ?? 0, known);
}
