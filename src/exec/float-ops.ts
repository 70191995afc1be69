import { type Decoded, FLOAT, Op } from "./decode.js";
import { type ExecContext, isKnown, read } from "./operand-rows.js";
import { type Operand, RZ } from "./operands.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * Single-precision arithmetic on known values (executeFloat): FADD, FMUL, FFMA, FMNMX, FSETP,
 * FCHK and MUFU's RSQ, SQRT, EX2, LG2, SIN and COS. Floats are data, and most come from loads
 * the executor does not know; but a float computed from the thread's place and the arguments
 * can steer control flow: a Mandelbrot pixel iterates until its own orbit escapes, so the trips
 * of its loop are float comparisons of values derived from blockIdx and threadIdx alone.
 *
 * Results are IEEE round-to-nearest (FFMA rounds once: the product of two floats is exact in a
 * double, then the sum is rounded to a double and that to a float, which differs from a single
 * rounding only when the double lands exactly halfway, [model]). `.FTZ` flushes subnormal inputs
 * and results to zero. MUFU's approximations are within 1-2 ulp on the hardware; here they are
 * correctly rounded ([model]: a branch on such a value could go the other way within an ulp).
 * Forms with a directed rounding (.RZ, .RM, .RP) are not followed: their results are unknown.
 */

const MUFU_FUNCTIONS: ReadonlySet<string> = new Set(["RSQ", "SQRT", "EX2", "LG2", "SIN", "COS", "RCP"]);

const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);
const bitsOf = (x: number): number => ((f32[0] = x), i32[0]);
const floatOf = (bits: number): number => ((i32[0] = bits), f32[0]);
const SMALLEST_NORMAL = 1.1754943508222875e-38; // 2^-126
const flush = (x: number): number => (x !== 0 && Math.abs(x) < SMALLEST_NORMAL ? (x < 0 ? -0 : 0) : x);

/** True when executeFloat follows `d` (the opcode is float arithmetic in a form it knows); decided once per instruction. */
export function followsFloat(d: Decoded): boolean {
  return planOf(d).follows;
}

function follows(d: Decoded): boolean {
  // decode.ts gives FADD..FCHK the code FLOAT; MUFU keeps its own (RCP is lane-ops.ts's).
  if ((d.code !== FLOAT && d.code !== Op.MUFU) || d.mods.has("RZ") || d.mods.has("RM") || d.mods.has("RP")) return false;
  if (d.code === Op.MUFU) return d.ins.modifiers.some((m) => MUFU_FUNCTIONS.has(m)) && !d.f.RCP;
  return true;
}

/**
 * How an instruction's float operands are read, decided once per instruction: a plain register
 * (its index), an immediate (its bits: an FP instruction's `1`, `-2`, `2.5` are floats, a hex one
 * is the bits) or anything else (read() per lane), with - and |.| as sign-bit masks.
 */
interface FloatPlan {
  readonly follows: boolean;
  readonly reg: Int32Array;
  readonly bits: Int32Array;
  readonly negate: Int32Array;
  readonly abs: Int32Array;
  readonly ftz: boolean;
  readonly sat: boolean;
  readonly how: string;
  readonly bop: string;
  readonly fn: string;
}
const IMMEDIATE = -2;
const GENERAL = -3;
const PLANS = new WeakMap<Decoded, FloatPlan>();

function planOf(d: Decoded): FloatPlan {
  const known = PLANS.get(d);
  if (known !== undefined) return known;
  const n = d.ops.length;
  const plan: FloatPlan = {
    follows: follows(d),
    reg: new Int32Array(n).fill(GENERAL),
    bits: new Int32Array(n),
    negate: new Int32Array(n),
    abs: new Int32Array(n),
    ftz: d.mods.has("FTZ"),
    sat: d.mods.has("SAT"),
    how: d.ins.modifiers.find((m) => FCOMPARES.has(m)) ?? "EQ",
    bop: d.ins.modifiers.find((m) => m === "AND" || m === "OR" || m === "XOR") ?? "AND",
    fn: d.ins.modifiers.find((m) => MUFU_FUNCTIONS.has(m)) ?? "",
  };
  d.ops.forEach((op, i) => {
    if (op.kind === "imm") {
      plan.reg[i] = IMMEDIATE;
      plan.bits[i] = op.float || !/^-?0x/i.test(d.ins.operands[i]) ? bitsOf(op.value) : op.value;
    } else if (op.kind === "reg") {
      plan.reg[i] = op.index;
      plan.negate[i] = op.negate ? 0x80000000 | 0 : 0;
      plan.abs[i] = op.abs ? 1 : 0;
    }
  });
  PLANS.set(d, plan);
  return plan;
}

/** The float operand `i` holds for lane `l` (a register's bits, an immediate, a constant), with - and |.| applied. */
function operand(d: Decoded, plan: FloatPlan, i: number, regs: WarpRegisters, l: number, ctx: ExecContext): number {
  const r = plan.reg[i];
  let bits: number;
  if (r === IMMEDIATE) bits = plan.bits[i];
  else if (r >= 0) {
    bits = r === RZ ? 0 : regs.get(r, l);
    if (plan.abs[i] !== 0) bits &= 0x7fffffff;
    bits ^= plan.negate[i];
  } else {
    // A constant or uniform register: read() negates as an integer; undo that, flip the sign bit.
    const op: Operand = d.ops[i];
    bits = read(op, regs, l, ctx);
    if ((op.kind === "const" || op.kind === "ureg") && op.negate) bits = (-bits | 0) ^ 0x80000000;
  }
  const x = floatOf(bits);
  return plan.ftz ? flush(x) : x;
}

function known(d: Decoded, from: number, to: number, regs: WarpRegisters, l: number, ctx: ExecContext): boolean {
  for (let i = from; i <= to && i < d.ops.length; i++) {
    const op = d.ops[i];
    if (op.kind === "imm") continue;
    if (op.kind === "reg" ? op.index !== RZ && ((regs.known[op.index] >>> l) & 1) === 0 : !isKnown(op, regs, l, ctx)) return false;
  }
  return true;
}

/** A float result as a register's bits, with .SAT and .FTZ applied. */
function result(plan: FloatPlan, x: number): number {
  let r = Math.fround(x);
  if (plan.sat) r = Number.isNaN(r) ? 0 : Math.min(1, Math.max(0, r));
  if (plan.ftz) r = flush(r);
  return bitsOf(r);
}

/** FSETP's comparisons: the ordered ones are false on NaN, the unordered (…U) true. */
function fcompare(a: number, b: number, how: string): boolean {
  const nan = Number.isNaN(a) || Number.isNaN(b);
  switch (how) {
    case "F": return false;
    case "T": return true;
    case "LT": return a < b;
    case "EQ": return a === b;
    case "LE": return a <= b;
    case "GT": return a > b;
    case "NE": return !nan && a !== b;
    case "GE": return a >= b;
    case "NUM": return !nan;
    case "NAN": return nan;
    case "LTU": return nan || a < b;
    case "EQU": return nan || a === b;
    case "LEU": return nan || a <= b;
    case "GTU": return nan || a > b;
    case "NEU": return nan || a !== b;
    case "GEU": return nan || a >= b;
    default: return false;
  }
}
const FCOMPARES = new Set(["F", "T", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN", "LTU", "EQU", "LEU", "GTU", "NEU", "GEU"]);

function combine(x: boolean, p: boolean, how: string): boolean {
  return how === "OR" ? x || p : how === "XOR" ? x !== p : x && p;
}

/**
 * FCHK P, a, b: whether a / b needs the division's slow path (the compiler's subroutine for
 * operands the fast reciprocal sequence cannot take): either operand zero, subnormal, infinite
 * or NaN (an exponent field of 0 or 255), or a quotient whose exponent leaves the normal range.
 * A zero dividend goes the slow way too: the H100 issues about 33 instructions more per warp
 * whose lanes divide 0 (validation/corpus's mandelbrot: 72 such warps of 512 at 128 x 128, 576
 * of 32,768 at 1024 x 1024, account for ncu's count above warpsim's: 2,373 and 18,846).
 */
function fchk(a: number, b: number): boolean {
  const ea = (bitsOf(a) >>> 23) & 0xff;
  const eb = (bitsOf(b) >>> 23) & 0xff;
  if (ea === 0 || ea === 0xff || eb === 0 || eb === 0xff) return true;
  const spread = ea - eb;
  return spread >= 126 || spread <= -126;
}

function mufu(fn: string, x: number): number {
  switch (fn) {
    case "RSQ": return 1 / Math.sqrt(x);
    case "SQRT": return Math.sqrt(x);
    case "EX2": return 2 ** x;
    case "LG2": return Math.log2(x);
    case "SIN": return Math.sin(x);
    case "COS": return Math.cos(x);
    default: return NaN;
  }
}

const BASE = new Int32Array(4);
const IMM = new Float64Array(4);
const SIGN = new Float64Array(4);
const ABS = new Uint8Array(4);

/**
 * FADD, FMUL and FFMA whose sources are registers and immediates, without .SAT or .FTZ: the
 * common case, over the lanes in one loop on the registers' float view (a store into a
 * Float32Array rounds to float32 as Math.fround does). False when the case is not this one.
 */
function fastArithmetic(d: Decoded, plan: FloatPlan, regs: WarpRegisters, lanes: number): boolean {
  const op = d.ins.opcode;
  const sources = op === "FFMA" ? 3 : op === "FADD" || op === "FMUL" ? 2 : 0;
  const dst = d.ops[0];
  if (sources === 0 || plan.sat || plan.ftz || dst.kind !== "reg") return false;
  let known = lanes;
  for (let i = 1; i <= sources; i++) {
    const r = plan.reg[i];
    if (r === GENERAL) return false;
    BASE[i] = r === IMMEDIATE ? -1 : r * LANES;
    IMM[i] = r === IMMEDIATE ? floatOf(plan.bits[i]) : 0;
    SIGN[i] = plan.negate[i] !== 0 ? -1 : 1;
    ABS[i] = plan.abs[i];
    if (r >= 0 && r !== RZ) known &= regs.known[r];
  }
  if (dst.index === RZ) return true;
  // Floats of loaded data, the usual case: nothing to compute.
  if (known === 0) {
    regs.setKnown(dst.index, lanes, 0);
    return true;
  }
  const f = regs.floats;
  const out = dst.index * LANES;
  const fma = sources === 3;
  const mul = op === "FMUL";
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    let a = BASE[1] < 0 ? IMM[1] : f[BASE[1] + l];
    if (ABS[1] !== 0) a = Math.abs(a);
    a *= SIGN[1];
    let b = BASE[2] < 0 ? IMM[2] : f[BASE[2] + l];
    if (ABS[2] !== 0) b = Math.abs(b);
    b *= SIGN[2];
    if (fma) {
      let c = BASE[3] < 0 ? IMM[3] : f[BASE[3] + l];
      if (ABS[3] !== 0) c = Math.abs(c);
      f[out + l] = a * b + c * SIGN[3];
    } else f[out + l] = mul ? a * b : a + b;
  }
  regs.setKnown(dst.index, lanes, known);
  return true;
}

/** Runs a float instruction (followsFloat) on `lanes`, lane by lane. */
export function executeFloat(d: Decoded, regs: WarpRegisters, lanes: number, ctx: ExecContext): void {
  const opcode = d.ins.opcode;
  const dst = d.ops[0];
  const plan = planOf(d);
  if (fastArithmetic(d, plan, regs, lanes)) return;
  const { how, bop, fn } = plan;
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    if (opcode === "FSETP") {
      // FSETP.cmp.bop Pd, Pq, a, b, Pc
      const x = fcompare(operand(d, plan, 2, regs, l, ctx), operand(d, plan, 3, regs, l, ctx), how);
      const p = d.ops[4] === undefined || read(d.ops[4], regs, l, ctx) === 1;
      const k = known(d, 2, 4, regs, l, ctx);
      const [pd, pq] = d.ops;
      if (pd.kind === "pred" && !pd.uniform) regs.setPred(pd.index, l, combine(x, p, bop), k);
      if (pq?.kind === "pred" && !pq.uniform) regs.setPred(pq.index, l, combine(!x, p, bop), k);
      continue;
    }
    if (opcode === "FCHK") {
      if (dst.kind === "pred") regs.setPred(dst.index, l, fchk(operand(d, plan, 1, regs, l, ctx), operand(d, plan, 2, regs, l, ctx)), known(d, 1, 2, regs, l, ctx));
      continue;
    }
    if (dst.kind !== "reg") continue;
    let x: number;
    let k: boolean;
    if (opcode === "FFMA") {
      x = operand(d, plan, 1, regs, l, ctx) * operand(d, plan, 2, regs, l, ctx) + operand(d, plan, 3, regs, l, ctx);
      k = known(d, 1, 3, regs, l, ctx);
    } else if (opcode === "FMUL") {
      x = operand(d, plan, 1, regs, l, ctx) * operand(d, plan, 2, regs, l, ctx);
      k = known(d, 1, 2, regs, l, ctx);
    } else if (opcode === "FADD") {
      x = operand(d, plan, 1, regs, l, ctx) + operand(d, plan, 2, regs, l, ctx);
      k = known(d, 1, 2, regs, l, ctx);
    } else if (opcode === "FMNMX") {
      // FMNMX d, a, b, P: the minimum when P is false, the maximum when true; a NaN loses to a number.
      const a = operand(d, plan, 1, regs, l, ctx);
      const b = operand(d, plan, 2, regs, l, ctx);
      const max = d.ops[3] !== undefined && read(d.ops[3], regs, l, ctx) === 1;
      x = Number.isNaN(a) ? b : Number.isNaN(b) ? a : max ? Math.max(a, b) : Math.min(a, b);
      k = known(d, 1, 3, regs, l, ctx);
    } else {
      x = mufu(fn, operand(d, plan, 1, regs, l, ctx));
      k = known(d, 1, 1, regs, l, ctx);
    }
    regs.set(dst.index, l, result(plan, x), k);
  }
}
