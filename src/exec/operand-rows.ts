import * as alu from "./alu.js";
import { type Decoded, SOURCE_CONSTANT, SOURCE_NONE, SOURCE_ROW } from "./decode.js";
import { GLOBALS_BANK, type Launch, blockIndex, globalsBankWord, threadIndex } from "./launch.js";
import { type Operand, PT } from "./operands.js";
import type { BlockSharedMemory } from "./shared-memory.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * An instruction's source operands as 32-lane rows with a known-mask each, read once per issue
 * (fillOperands), and the reads of a single operand in a single lane (read, isKnown) for the
 * instructions that need them: registers, uniform registers, predicates, immediates, constant
 * bank 0 (the launch's parameters) and special registers (the thread's place in the launch).
 */

/** Where a warp runs: the launch, its block (linear index) and its place in the block. */
export interface ExecContext {
  readonly launch: Launch;
  readonly block: number;
  readonly warpInBlock: number;
  /** The block's shared memory, when its warps run together (run-block.ts); else loads from it are unknown. */
  readonly shared?: BlockSharedMemory;
}

/** An operand's value in a lane (32 bits). */
export function read(op: Operand, regs: WarpRegisters, lane: number, ctx: ExecContext): number {
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
      const v = constValue(op, regs, lane, ctx);
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

export function isKnown(op: Operand, regs: WarpRegisters, lane: number, ctx: ExecContext): boolean {
  switch (op.kind) {
    case "reg":
      return regs.isKnown(op.index, lane);
    case "ureg":
      return regs.isUniformKnown(op.index);
    case "imm":
      return true;
    case "const":
      return (
        (op.reg < 0 || regs.isKnown(op.reg, lane)) &&
        (op.ureg < 0 || regs.isUniformKnown(op.ureg)) &&
        (op.bank === GLOBALS_BANK || (op.bank === 0 && ctx.launch.bank0[constByte(op, regs, lane) >>> 2] !== undefined))
      );
    case "special":
      return SPECIAL_KNOWN.test(op.name);
    case "pred":
      return op.uniform ? regs.isUniformPredKnown(op.index) : regs.isPredKnown(op.index, lane);
    default:
      return false;
  }
}

/**
 * Operands read once per instruction as 32-lane rows, with a mask of the lanes where each is
 * known. A plain register operand is its own row of the register file (no copy: every
 * instruction reads lane l of its sources before it writes lane l, so a destination that is also
 * a source is safe); anything else is computed into a scratch row.
 */
const MAX_OPERANDS = 10;
const SCRATCH: Int32Array[] = Array.from({ length: MAX_OPERANDS }, () => new Int32Array(LANES));
export const VALS: Int32Array[] = SCRATCH.slice();
export const KNOWNS = new Int32Array(MAX_OPERANDS);

/** Reads operands 1.. for every lane of `lanes` (one switch per operand, a tight loop per lane); operand 0 is the destination. */
export function fillOperands(d: Decoded, regs: WarpRegisters, ctx: ExecContext, lanes: number): void {
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
export function copyLanes(out: Int32Array, a: Int32Array, lanes: number): void {
  if (lanes === -1) out.set(a);
  else for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = a[l];
}

/** out[l] = a[l] * b[l] + c[l] (32 bits) on the lanes of `lanes`. */
export function imadLanes(out: Int32Array, a: Int32Array, b: Int32Array, c: Int32Array, lanes: number): void {
  for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = (Math.imul(a[l], b[l]) + c[l]) | 0;
}

/** out[l] = a[l] + b[l] + c[l] (32 bits) on the lanes of `lanes`. */
export function add3Lanes(out: Int32Array, a: Int32Array, b: Int32Array, c: Int32Array, lanes: number): void {
  for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) out[l] = (a[l] + b[l] + c[l]) | 0;
}

/** Whether the operands at indices a..e (those present; -1 for none) are known in lane l. */
export function knAt(ops: readonly Operand[], l: number, a: number, b = -1, c = -1, d = -1, e = -1): boolean {
  return knownIn(ops, l, a) && knownIn(ops, l, b) && knownIn(ops, l, c) && knownIn(ops, l, d) && knownIn(ops, l, e);
}

function knownIn(ops: readonly Operand[], l: number, i: number): boolean {
  return i < 0 || i >= MAX_OPERANDS || ops[i] === undefined || ((KNOWNS[i] >>> l) & 1) === 1;
}

function constByte(op: Extract<Operand, { kind: "const" }>, regs: WarpRegisters, lane: number): number {
  let byte = op.offset;
  if (op.reg >= 0) byte += regs.get(op.reg, lane);
  if (op.ureg >= 0) byte += regs.getUniform(op.ureg);
  return byte;
}

/**
 * A constant-bank word: bank 0 is the launch's (shapes and parameters), bank 4 holds the
 * addresses of the module's `__device__` variables (launch.ts GLOBALS_BASE); any other bank
 * (c[0x3], a module's `__constant__` data) is unknown to warpsim and reads 0, never known.
 */
function constValue(op: Extract<Operand, { kind: "const" }>, regs: WarpRegisters, lane: number, ctx: ExecContext): number {
  const byte = constByte(op, regs, lane);
  if (op.bank === GLOBALS_BANK) return globalsBankWord(byte >>> 0);
  return op.bank === 0 ? (ctx.launch.bank0[byte >>> 2] ?? 0) : 0;
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

export const pair = new Int32Array(2);

export function firstLane(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** 1 when `op` is written negated (-R3) and its value is 0: ~0 + 1 carries out of bit 31. */
export function negatedZero(op: Operand | undefined, value: number): number {
  return op !== undefined && "negate" in op && op.negate === true && value === 0 ? 1 : 0;
}
