import { wordAt } from "./buffer-contents.js";
import { accessWidth, laneAddresses } from "./lane-addresses.js";
import type { SassInstruction } from "../sass/read-sass.js";
import * as alu from "./alu.js";
import { type Launch, blockIndex, threadIndex } from "./launch.js";
import { type Operand, PT, RZ, URZ, parseOperand } from "./operands.js";
import { LANES, type WarpRegisters, ZERO_ROW } from "./warp-registers.js";

const COMPARES: Readonly<Record<string, alu.Compare>> = { F: 0, LT: 1, EQ: 2, LE: 3, GT: 4, NE: 5, GE: 6, T: 7 };
const COMBINES: Readonly<Record<string, alu.Combine>> = { AND: 0, OR: 1, XOR: 2 };

const Op = { BMSK: 0, BREV: 1, CS2R: 2, F2I: 3, FLO: 4, FSEL: 5, HFMA2: 6, I2F: 7, I2FP: 8, IABS: 9, IADD3: 10, IMAD: 11, IMNMX: 12, ISETP: 13, LDC: 14, LEA: 15, LOP3: 16, MOV: 17, MUFU: 18, PLOP3: 19, POPC: 20, R2UR: 21, S2R: 22, SEL: 23, SHF: 24, SHFL: 25, VIADD: 26, VIMNMX: 27, VOTE: 28 } as const;
/** Uniform-datapath opcodes (executed once per warp), and everything else. */
const UNIFORM = 29;
const OTHER = 30;
const OPCODE_CODES = new Map<string, number>([...Object.entries(Op), ...["UMOV", "UIADD3", "ULEA", "ULOP3", "UISETP", "USEL", "USHF", "UIMAD", "ULDC", "LDCU", "S2UR", "UPLOP3", "UFLO", "UPOPC", "UBMSK", "USGXT", "UBREV", "VOTEU"].map((u) => [u, UNIFORM] as [string, number])]);

/** Opcodes that write no register or predicate of their own: their first operand is read, not written. */
const STORES: ReadonlySet<string> = new Set(["STG", "STS", "STL", "ST", "RED", "REDG", "STSM", "BAR", "BSSY", "BSYNC", "BRA", "EXIT", "WARPSYNC", "NOP", "DEPBAR", "MEMBAR", "CCTL", "ERRBAR", "CALL", "RET", "YIELD"]);

/** The modifiers the executor reads, as booleans (read once per instruction, not per lane). */
export interface Flags {
  readonly M128: boolean;
  readonly M32: boolean;
  readonly M64: boolean;
  readonly EX: boolean;
  readonly HI: boolean;
  readonly L: boolean;
  readonly RCP: boolean;
  readonly RP: boolean;
  readonly S32: boolean;
  readonly S64: boolean;
  readonly SH: boolean;
  readonly SX32: boolean;
  readonly U16: boolean;
  readonly U32: boolean;
  readonly U64: boolean;
  readonly U8: boolean;
  readonly W: boolean;
  readonly WIDE: boolean;
  readonly X: boolean;
}

function flagsOf(modifiers: readonly string[]): Flags {
  const has = new Set(modifiers);
  return { M128: has.has("128"), M32: has.has("32"), M64: has.has("64"), EX: has.has("EX"), HI: has.has("HI"), L: has.has("L"), RCP: has.has("RCP"), RP: has.has("RP"), S32: has.has("S32"), S64: has.has("S64"), SH: has.has("SH"), SX32: has.has("SX32"), U16: has.has("U16"), U32: has.has("U32"), U64: has.has("U64"), U8: has.has("U8"), W: has.has("W"), WIDE: has.has("WIDE"), X: has.has("X") };
}

/** An instruction with its operands decoded once. */
export interface Decoded {
  readonly ins: SassInstruction;
  readonly ops: readonly Operand[];
  /** The guard predicate (`@!P0`), if any. */
  readonly guard: Extract<Operand, { kind: "pred" }> | undefined;
  readonly mods: ReadonlySet<string>;
  readonly f: Flags;
  /** The opcode as a small number (OPCODE_CODES), for the per-lane switch. */
  readonly code: number;
  /** ISETP's comparison and how it combines with the predicate operand (read once from the modifiers). */
  readonly cmp: alu.Compare;
  readonly combine: alu.Combine;
  /** An instruction that writes no register or predicate of its own (a store, a branch, a barrier: STORES). */
  readonly store: boolean;
  /**
   * How fillOperands reads each operand, decided once: SOURCE_ROW (a plain register: its row of
   * the register file, `sourceIndex` the register), SOURCE_CONSTANT (an immediate: the row in
   * `sourceRow`), SOURCE_NONE (nothing to read), SOURCE_GENERAL (anything else).
   */
  readonly sourceKind: Uint8Array;
  readonly sourceIndex: Int32Array;
  readonly sourceRow: readonly (Int32Array | undefined)[];
}

const SOURCE_GENERAL = 0;
const SOURCE_ROW = 1;
const SOURCE_CONSTANT = 2;
const SOURCE_NONE = 3;

function sourceKindOf(op: Operand): number {
  if (op.kind === "mem" || op.kind === "barrier" || op.kind === "other") return SOURCE_NONE;
  if (op.kind === "reg" && !op.abs && !op.not && !op.negate) return SOURCE_ROW;
  if (op.kind === "imm") return SOURCE_CONSTANT;
  return SOURCE_GENERAL;
}

export function decode(ins: SassInstruction): Decoded {
  const guard = ins.guard === undefined ? undefined : parseOperand(ins.guard.slice(1));
  const ops = ins.operands.map(parseOperand);
  return {
    ins,
    ops,
    sourceKind: Uint8Array.from(ops, sourceKindOf),
    sourceIndex: Int32Array.from(ops, (o) => (o.kind === "reg" ? o.index : -1)),
    sourceRow: ops.map((o) => (o.kind === "imm" ? new Int32Array(LANES).fill(o.float ? alu.floatBits(o.value) : o.value) : undefined)),
    guard: guard?.kind === "pred" ? { ...guard, not: ins.guard!.startsWith("@!") } : undefined,
    mods: new Set(ins.modifiers),
    f: flagsOf(ins.modifiers),
    code: OPCODE_CODES.get(ins.opcode) ?? OTHER,
    cmp: COMPARES[ins.modifiers.find((m) => m in COMPARES) ?? "EQ"],
    combine: COMBINES[ins.modifiers.find((m) => m in COMBINES) ?? "AND"],
    store: STORES.has(ins.opcode),
  };
}

/** Where a warp runs: the launch, its block (linear index) and its place in the block. */
export interface ExecContext {
  readonly launch: Launch;
  readonly block: number;
  readonly warpInBlock: number;
}

/**
 * The lanes of `active` on which the instruction's guard holds; `guardUnknown` is set when the
 * guard of some active lane is not known (a predicate computed from loaded data).
 */
export function guardLanes(d: Decoded, regs: WarpRegisters, active: number): number {
  guardUnknown = false;
  const g = d.guard;
  if (g === undefined) return active;
  if (g.uniform) {
    if (!regs.isUniformPredKnown(g.index) && active !== 0) guardUnknown = true;
    return regs.getUniformPred(g.index) !== g.not ? active : 0;
  }
  if ((active & ~regs.predKnown[g.index]) !== 0) guardUnknown = true;
  const holds = regs.pred[g.index];
  return active & (g.not ? ~holds : holds);
}
export let guardUnknown = false;

/** An operand's value in a lane (32 bits). */
function read(op: Operand, regs: WarpRegisters, lane: number, ctx: ExecContext): number {
  switch (op.kind) {
    case "reg": {
      let v = regs.get(op.index, lane);
      if (op.abs) v = alu.iabs(v);
      if (op.not) v = ~v;
      return op.negate ? -v | 0 : v;
    }
    case "ureg": {
      let v = regs.getUniform(op.index);
      if (op.not) v = ~v;
      return op.negate ? -v | 0 : v;
    }
    case "imm":
      return op.float ? alu.floatBits(op.value) : op.value;
    case "const": {
      const v = ctx.launch.bank0[constWord(op, regs, lane)] ?? 0;
      return op.negate ? -v | 0 : v;
    }
    case "special":
      return special(op.name, lane, ctx);
    case "pred":
      return (op.uniform ? regs.getUniformPred(op.index) : regs.getPred(op.index, lane)) !== op.not ? 1 : 0;
    default:
      return 0;
  }
}

function isKnown(op: Operand, regs: WarpRegisters, lane: number, ctx: ExecContext): boolean {
  switch (op.kind) {
    case "reg":
      return regs.isKnown(op.index, lane);
    case "ureg":
      return regs.isUniformKnown(op.index);
    case "imm":
      return true;
    case "const":
      return (op.reg < 0 || regs.isKnown(op.reg, lane)) && (op.ureg < 0 || regs.isUniformKnown(op.ureg)) && ctx.launch.bank0[constWord(op, regs, lane)] !== undefined;
    case "special":
      return SPECIAL_KNOWN.test(op.name);
    case "pred":
      return op.uniform ? regs.isUniformPredKnown(op.index) : regs.isPredKnown(op.index, lane);
    default:
      return false;
  }
}

/**
 * The most frequent operations over all lanes at once (their plain forms: no .WIDE/.HI/.X, no
 * carry or predicate outputs): MOV, IMAD, IADD3, VIADD, SEL, LOP3, ISETP. Returns false for
 * anything else (the per-lane path takes it).
 */
function vectorOp(d: Decoded, code: number, ops: readonly Operand[], f: Flags, regs: WarpRegisters, lanes: number): boolean {
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

/**
 * An instruction the executor does not follow (a load, floating-point arithmetic and comparisons:
 * data, not control): its destinations, registers or predicates, become unknown.
 */
function unknownResults(d: Decoded, regs: WarpRegisters, lanes: number): void {
  const dst = d.ops[0];
  if (d.store) return;
  if (dst?.kind === "pred") {
    // A comparison the executor does not follow (FSETP, DSETP, ...): its predicates are unknown.
    for (let i = 0; i < 2 && i < d.ops.length; i++) {
      const p = d.ops[i];
      if (p.kind === "pred" && !p.uniform) regs.setPredLanes(p.index, lanes, 0, 0);
    }
    return;
  }
  if (dst?.kind !== "reg" || dst.index === RZ) return;
  const count = d.f.M128 ? 4 : d.f.M64 || d.f.WIDE ? 2 : 1;
  for (let i = 0; i < count && dst.index + i < RZ; i++) {
    const row = regs.rows[dst.index + i];
    for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) row[l] = 0;
    regs.setKnown(dst.index + i, lanes, 0);
  }
}

/** Global loads that read a buffer's given contents. */
const CONTENT_LOADS: ReadonlySet<string> = new Set(["LDG", "LD"]);
const ADDRESSES = new Float64Array(LANES);

/**
 * A global load whose lanes' addresses are known: each lane gets the words of the buffer's
 * contents at its address (LDG.E.64 and .128: 2 and 4 consecutive words; .U8/.S8/.U16/.S16:
 * the bytes of the word, little-endian); a lane whose buffer has no contents gets unknown
 * values. False (nothing written) when the addresses are not known or no buffer has contents.
 */
function loadContents(d: Decoded, regs: WarpRegisters, lanes: number, buffers: NonNullable<ExecContext["launch"]["buffers"]>): boolean {
  if (!buffers.some((b) => b.contents !== undefined)) return false;
  const dst = d.ops[0];
  if (dst?.kind !== "reg" || !laneAddresses(d, regs, lanes, ADDRESSES)) return false;
  const width = accessWidth(d);
  const words = Math.max(1, width / 4);
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const a = ADDRESSES[l];
    const b = buffers.find((x) => a >= x.base && a < x.base + x.bytes);
    for (let i = 0; i < words && dst.index + i < RZ; i++) {
      if (b?.contents === undefined) {
        regs.set(dst.index + i, l, 0, false);
        continue;
      }
      const offset = a - b.base + 4 * i;
      let v = wordAt(b.contents, Math.floor(offset / 4));
      if (width < 4) {
        const shifted = v >>> (8 * (offset % 4));
        const signed = d.mods.has("S8") || d.mods.has("S16");
        v = width === 1 ? (signed ? (shifted << 24) >> 24 : shifted & 0xff) : signed ? (shifted << 16) >> 16 : shifted & 0xffff;
      }
      regs.set(dst.index + i, l, v, true);
    }
  }
  return true;
}

/**
 * Operands read once per instruction as 32-lane rows, with a mask of the lanes where each is
 * known. A plain register operand is its own row of the register file (no copy: every
 * instruction reads lane l of its sources before it writes lane l, so a destination that is also
 * a source is safe); anything else is computed into a scratch row.
 */
const MAX_OPERANDS = 10;
const SCRATCH: Int32Array[] = Array.from({ length: MAX_OPERANDS }, () => new Int32Array(LANES));
const VALS: Int32Array[] = SCRATCH.slice();
const KNOWNS = new Int32Array(MAX_OPERANDS);

/** Reads operands 1.. for every lane of `lanes` (one switch per operand, a tight loop per lane); operand 0 is the destination. */
function fillOperands(d: Decoded, regs: WarpRegisters, ctx: ExecContext, lanes: number): void {
  const { ops, sourceKind, sourceIndex, sourceRow } = d;
  const n = Math.min(ops.length, MAX_OPERANDS);
  for (let i = 1; i < n; i++) {
    const kind = sourceKind[i];
    if (kind === SOURCE_ROW) {
      const r = sourceIndex[i];
      VALS[i] = regs.rows[r];
      KNOWNS[i] = regs.known[r];
      continue;
    }
    if (kind === SOURCE_CONSTANT) {
      VALS[i] = sourceRow[i]!;
      KNOWNS[i] = -1;
      continue;
    }
    if (kind === SOURCE_NONE) {
      KNOWNS[i] = 0;
      continue;
    }
    const op = ops[i];
    const out = SCRATCH[i];
    VALS[i] = out;
    let known = 0;
    if (op.kind === "reg" && !op.abs && !op.not) {
      const row = regs.rows[op.index];
      for (let l = 0; l < LANES; l++) out[l] = -row[l] | 0;
      known = regs.known[op.index];
    } else if (op.kind === "pred" && !op.uniform && op.index !== PT) {
      const bits = op.not ? ~regs.pred[op.index] : regs.pred[op.index];
      for (let l = 0; l < LANES; l++) out[l] = (bits >>> l) & 1;
      known = regs.predKnown[op.index];
    } else if (op.kind === "ureg" || op.kind === "pred" || (op.kind === "const" && op.reg < 0)) {
      const v = read(op, regs, 0, ctx);
      out.fill(v);
      known = isKnown(op, regs, 0, ctx) ? -1 : 0;
    } else {
      for (let l = 0; l < LANES; l++) {
        if (((lanes >>> l) & 1) === 0) continue;
        out[l] = read(op, regs, l, ctx);
        if (isKnown(op, regs, l, ctx)) known |= 1 << l;
      }
    }
    KNOWNS[i] = known;
  }
}

/** out[l] = a[l] on the lanes of `lanes`. */
function copyLanes(out: Int32Array, a: Int32Array, lanes: number): void {
  if (lanes === -1) out.set(a);
  else for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = a[l];
}

/** out[l] = a[l] * b[l] + c[l] (32 bits) on the lanes of `lanes`. */
function imadLanes(out: Int32Array, a: Int32Array, b: Int32Array, c: Int32Array, lanes: number): void {
  for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = (Math.imul(a[l], b[l]) + c[l]) | 0;
}

/** out[l] = a[l] + b[l] + c[l] (32 bits) on the lanes of `lanes`. */
function add3Lanes(out: Int32Array, a: Int32Array, b: Int32Array, c: Int32Array, lanes: number): void {
  for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = (a[l] + b[l] + c[l]) | 0;
}

/** Whether the operands at indices a..e (those present; -1 for none) are known in lane l. */
function knAt(ops: readonly Operand[], l: number, a: number, b = -1, c = -1, d = -1, e = -1): boolean {
  return knownIn(ops, l, a) && knownIn(ops, l, b) && knownIn(ops, l, c) && knownIn(ops, l, d) && knownIn(ops, l, e);
}

function knownIn(ops: readonly Operand[], l: number, i: number): boolean {
  return i < 0 || i >= MAX_OPERANDS || ops[i] === undefined || ((KNOWNS[i] >>> l) & 1) === 1;
}

function constWord(op: Extract<Operand, { kind: "const" }>, regs: WarpRegisters, lane: number): number {
  let byte = op.offset;
  if (op.reg >= 0) byte += regs.get(op.reg, lane);
  if (op.ureg >= 0) byte += regs.getUniform(op.ureg);
  return byte >>> 2;
}

const SPECIAL_KNOWN = /^(SR_TID|SR_CTAID|SR_NTID|SR_NCTAID|SR_LANEID|SR_EQMASK|SR_LTMASK|SR_LEMASK|SR_GTMASK|SR_GEMASK|SR_CgaCtaId|SRZ)/;

/**
 * Special registers: the thread's and block's place, lane masks; the block's place in its
 * cluster (SR_CgaCtaId), 0 since launches here have no clusters, which makes sm_90's shared
 * window base (ULEA UR4, SR_CgaCtaId, 0x400, 0x18) known; clocks and SM ids are unknown (0).
 */
function special(name: string, lane: number, ctx: ExecContext): number {
  const { launch } = ctx;
  const axis = name.endsWith(".Y") ? 1 : name.endsWith(".Z") ? 2 : 0;
  if (name.startsWith("SR_TID")) return threadIndex(ctx.warpInBlock * LANES + lane, launch.block, axis);
  if (name.startsWith("SR_CTAID")) return blockIndex(ctx.block, launch.grid, axis);
  if (name.startsWith("SR_NTID")) return launch.block[axis];
  if (name.startsWith("SR_NCTAID")) return launch.grid[axis];
  if (name === "SR_LANEID") return lane;
  if (name === "SR_EQMASK") return 1 << lane;
  if (name === "SR_LTMASK") return (1 << lane) - 1;
  if (name === "SR_LEMASK") return lane === 31 ? -1 : (1 << (lane + 1)) - 1;
  if (name === "SR_GTMASK") return lane === 31 ? 0 : ~((1 << (lane + 1)) - 1);
  if (name === "SR_GEMASK") return ~((1 << lane) - 1);
  return 0;
}

const pair = new Int32Array(2);

/**
 * Runs the instruction on `lanes` (the active lanes whose guard holds): writes its results
 * with their known flags. Control flow (BRA, EXIT, BSSY, BSYNC, ...) and memory contents are
 * the caller's; a load's destination becomes unknown here.
 */
export function execute(d: Decoded, regs: WarpRegisters, lanes: number, ctx: ExecContext): void {
  if (lanes === 0) return;
  const { ops, f, code } = d;
  if (d.ins.opcode === "VOTEU") return voteUniform(d, regs, lanes);
  if (code === UNIFORM) return executeUniform(d, regs, ctx, firstLane(lanes));
  if (code === Op.R2UR) return r2ur(d, regs, lanes);
  // A load from a buffer whose contents the user gave returns them (buffer-contents.ts).
  if (code === OTHER && ctx.launch.buffers !== undefined && CONTENT_LOADS.has(d.ins.opcode) && loadContents(d, regs, lanes, ctx.launch.buffers)) return;
  // Operand 0 is written, not read; instructions the executor does not follow read nothing.
  if (code === OTHER || (code === Op.MUFU && !f.RCP)) return unknownResults(d, regs, lanes);
  fillOperands(d, regs, ctx, lanes);
  if (vectorOp(d, code, ops, f, regs, lanes)) return;
  for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) lane(d, code, ops, f, regs, l, ctx, lanes);
}

function firstLane(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}


/** One lane of a per-thread instruction. */
function lane(d: Decoded, op: number, ops: readonly Operand[], f: Flags, regs: WarpRegisters, l: number, ctx: ExecContext, lanes: number): void {
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
        return regs.set(dst, l, alu.leaHi(VALS[o][l], VALS[o + 1][l], VALS[o + 2][l], VALS[o + 3][l]) + carry, knAt(ops, l, o, o + 1, o + 2, o + 3, o + 4));
      }
      const shifted = (VALS[o][l] << VALS[o + 2][l]) >>> 0;
      const sum = shifted + (VALS[o + 1][l] >>> 0) + (f.X && ops[o + 3] !== undefined ? VALS[o + 3][l] : 0);
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
    case Op.IMNMX:
    case Op.VIMNMX:
      return regs.set(dst, l, alu.minMax(VALS[1][l], VALS[2][l], ops[3] !== undefined && VALS[3][l] === 0, unsigned), knAt(ops, l, 1, 2, 3));
    case Op.FLO:
      return regs.set(dst, l, alu.flo(VALS[1][l], !unsigned, f.SH), knAt(ops, l, 1));
    case Op.POPC:
      return regs.set(dst, l, alu.popc(VALS[1][l]), knAt(ops, l, 1));
    case Op.BMSK:
      return regs.set(dst, l, alu.bmsk(VALS[1][l], VALS[2][l]), knAt(ops, l, 1, 2));
    case Op.BREV: {
      let x = VALS[1][l] >>> 0;
      let r = 0;
      for (let i = 0; i < 32; i++, x >>>= 1) r = (r << 1) | (x & 1);
      return regs.set(dst, l, r, knAt(ops, l, 1));
    }
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
      // The compiler's way to load a constant: HFMA2.MMA Rd, -RZ, RZ, lo, hi (0 * 0 + the pair).
      if (isZero(ops[1]) || isZero(ops[2])) return regs.set(dst, l, (halfBits(ops[3]) & 0xffff) | (halfBits(ops[4] ?? ops[3]) << 16), true);
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

function lowLeft(lo: number, s: number, wrap: boolean): number {
  const n = wrap ? s & 31 : Math.min(s >>> 0, 32);
  return n >= 32 ? 0 : (lo << n) | 0;
}

/** IEEE half-precision bits of a float immediate. */
function halfBits(op: Operand | undefined): number {
  if (op === undefined || op.kind !== "imm") return 0;
  const x = op.value;
  if (x === 0) return Object.is(x, -0) ? 0x8000 : 0;
  const sign = x < 0 ? 0x8000 : 0;
  const a = Math.abs(x);
  const e = Math.floor(Math.log2(a));
  const mant = Math.round((a / 2 ** e - 1) * 1024);
  return sign | ((e + 15) << 10) | (mant & 0x3ff);
}

function iadd3(d: Decoded, regs: WarpRegisters, l: number, ctx: ExecContext): void {
  // IADD3 d, [carry-out P, [P],] a, b, c [, carry-in P, P] (.X)
  const { ops, f } = d;
  let o = 1;
  const outs: number[] = [];
  while (ops[o]?.kind === "pred") outs.push(o++);
  const carryIn = f.X ? (ops[o + 3] !== undefined ? VALS[o + 3][l] : 0) + (ops[o + 4] !== undefined ? VALS[o + 4][l] : 0) : 0;
  alu.iadd3(VALS[o][l], VALS[o + 1][l], VALS[o + 2][l], carryIn, pair);
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
function vote(d: Decoded, regs: WarpRegisters, l: number, ctx: ExecContext, lanes: number): void {
  const [dst, pd, pin] = d.ops;
  let ballot = 0;
  let known = true;
  for (let m = 0; m < LANES; m++) {
    if (((lanes >>> m) & 1) === 0) continue;
    if (read(pin, regs, m, ctx) === 1) ballot |= 1 << m;
    if (!isKnown(pin, regs, m, ctx)) known = false;
  }
  const mode = d.ins.modifiers[0];
  const result = mode === "ALL" ? ballot === lanes : mode === "EQ" ? ballot === 0 || ballot === lanes : ballot !== 0;
  if (dst.kind === "reg") regs.set(dst.index, l, ballot, known);
  if (pd?.kind === "pred") regs.setPred(pd.index, l, result, known);
}

/** A uniform-datapath instruction: once for the warp (lane `l` supplies R2UR's and VOTEU's per-lane sources). */
function executeUniform(d: Decoded, regs: WarpRegisters, ctx: ExecContext, l: number): void {
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
    case "ULEA":
      return void put(f.HI ? alu.leaHi(v(1), v(2), v(3), v(4)) : alu.lea(v(1), v(2), v(3)), k(1, 2, 3, 4));
    case "ULOP3": {
      const o = ops[0].kind === "pred" ? 1 : 0;
      const r = alu.lop3(v(o + 1), v(o + 2), v(o + 3), v(o + 4));
      if (ops[o].kind === "ureg") regs.setUniform(ops[o].index, r, k(o + 1, o + 2, o + 3));
      if (o === 1 && ops[0].kind === "pred") regs.setUniformPred(ops[0].index, r !== 0, k(o + 1, o + 2, o + 3));
      return;
    }
    case "USEL":
      return void put(v(3) === 1 ? v(1) : v(2), k(1, 2, 3));
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
    default:
      if (dst >= 0) put(0, false);
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
function voteUniform(d: Decoded, regs: WarpRegisters, lanes: number): void {
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
function r2ur(d: Decoded, regs: WarpRegisters, lanes: number): void {
  const [dst, src] = d.ops;
  if (dst.kind !== "ureg" || src.kind !== "reg" || lanes === 0) return;
  const l = firstLane(lanes);
  regs.setUniform(dst.index, regs.get(src.index, l), regs.isKnown(src.index, l));
}
