import type { SassInstruction } from "../sass/read-sass.js";
import * as alu from "./alu.js";
import { type Operand, parseOperand } from "./operands.js";
import { LANES } from "./warp-registers.js";

/**
 * A SASS instruction decoded once for the executor (decode): its operands parsed, its modifiers
 * as booleans, its opcode as a small number for the per-lane switch, and how each operand is to
 * be read (operand-rows.ts). Nothing here runs per lane.
 */

export const COMPARES: Readonly<Record<string, alu.Compare>> = { F: 0, LT: 1, EQ: 2, LE: 3, GT: 4, NE: 5, GE: 6, T: 7 };
export const COMBINES: Readonly<Record<string, alu.Combine>> = { AND: 0, OR: 1, XOR: 2 };

/** Per-lane opcodes (29-35 are the classes below: UNIFORM, OTHER, FLOAT, ...). */
export const Op = { BMSK: 0, BREV: 1, CS2R: 2, F2I: 3, FLO: 4, FSEL: 5, HFMA2: 6, I2F: 7, I2FP: 8, IABS: 9, IADD3: 10, IMAD: 11, IMNMX: 12, ISETP: 13, LDC: 14, LEA: 15, LOP3: 16, MOV: 17, MUFU: 18, PLOP3: 19, POPC: 20, R2UR: 21, S2R: 22, SEL: 23, SHF: 24, SHFL: 25, VIADD: 26, VIMNMX: 27, VOTE: 28, VIADDMNMX: 36, PRMT: 37 } as const;
/** Uniform-datapath opcodes (executed once per warp), and everything else. */
export const UNIFORM = 29;
export const OTHER = 30;
/** Single-precision arithmetic (float-ops.ts) and MATCH: taken out of OTHER once, not by name per issue. */
export const FLOAT = 31;
export const MATCH = 32;
/** Shared memory as run-block.ts follows it (shared-memory.ts): LDS, STS, and writes whose values are not followed. */
export const SHARED_LOAD = 33;
export const SHARED_STORE = 34;
export const SHARED_WRITE = 35;
const OPCODE_CODES = new Map<string, number>([
  ...Object.entries(Op),
  ...["UMOV", "UIADD3", "ULEA", "ULOP3", "UISETP", "USEL", "USHF", "UPRMT", "UIMAD", "ULDC", "LDCU", "S2UR", "UPLOP3", "UFLO", "UPOPC", "UBMSK", "USGXT", "UBREV", "VOTEU"].map((u) => [u, UNIFORM] as [string, number]),
  ...["FADD", "FMUL", "FFMA", "FMNMX", "FSETP", "FCHK"].map((f) => [f, FLOAT] as [string, number]),
  ["MATCH", MATCH],
  ["LDS", SHARED_LOAD],
  ["STS", SHARED_STORE],
  ...["ATOMS", "LDGSTS", "STSM"].map((o) => [o, SHARED_WRITE] as [string, number]),
]);

/** Opcodes that write no register or predicate of their own: their first operand is read, not written. */
export const STORES: ReadonlySet<string> = new Set(["STG", "STS", "STL", "ST", "UTMASTG", "RED", "REDG", "STSM", "BAR", "BSSY", "BSYNC", "BRA", "EXIT", "WARPSYNC", "NOP", "DEPBAR", "MEMBAR", "CCTL", "ERRBAR", "CALL", "RET", "YIELD"]);

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

export const SOURCE_GENERAL = 0;
export const SOURCE_ROW = 1;
export const SOURCE_CONSTANT = 2;
export const SOURCE_NONE = 3;

function sourceKindOf(op: Operand): number {
  if (op.kind === "mem" || op.kind === "barrier" || op.kind === "other") return SOURCE_NONE;
  if (op.kind === "reg" && !op.abs && !op.not && !op.negate) return SOURCE_ROW;
  if (op.kind === "imm") return SOURCE_CONSTANT;
  return SOURCE_GENERAL;
}

/** Conversions the lane datapath follows only between 32-bit types (a double or a 64-bit integer is not). */
const WIDE_TYPES = ["F64", "S64", "U64", "F16"];

function codeOf(ins: SassInstruction): number {
  const code = OPCODE_CODES.get(ins.opcode) ?? OTHER;
  // PRMT's byte-select modes other than the default (.F4E, .B4E, .RC8, ...) are not followed.
  if (code === Op.PRMT && ins.modifiers.length > 0) return OTHER;
  if ((code === Op.I2F || code === Op.I2FP || code === Op.F2I) && ins.modifiers.some((m) => WIDE_TYPES.includes(m))) return OTHER;
  return code;
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
    code: codeOf(ins),
    cmp: COMPARES[ins.modifiers.find((m) => m in COMPARES) ?? "EQ"],
    combine: COMBINES[ins.modifiers.find((m) => m in COMBINES) ?? "AND"],
    store: STORES.has(ins.opcode),
  };
}

