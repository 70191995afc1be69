import type { ArchSpec } from "../arch/arch-spec.js";
import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import type { Program } from "../program/program.js";

/** A constant-bank operand as SASS writes it: `c[0x0][0x210]` (bank, byte offset). */
const CONSTANT_OPERAND = /c\[(0x[0-9a-fA-F]+|\d+)\]\[(0x[0-9a-fA-F]+|\d+)\]/;

/** A constant operand indexed by a register: `c[0x3][R8+0x30]` (each lane may name its own word). */
const INDEXED_OPERAND = /c\[[^\]]+\]\[[^\]]*\bR\d/;

/** Whether the instruction at `pc` is an LDC indexed by a register (memory-paths.ts times its lanes' words). */
export function isIndexedConstantLoad(program: Program, pc: number): boolean {
  return program.opcodeAt(pc) === "LDC" && INDEXED_OPERAND.test(program.textAt(pc));
}

/** Line size when the architecture has no constant cache (every line then hits anyway). */
const DEFAULT_LINE_BYTES = 64;

/** Which constant line each instruction reads, as a dense index, and which are LDCs. */
export interface ConstantLines {
  /** Per pc: the line's index 0 .. count - 1, or -1 for no constant operand. */
  readonly lineOf: Int32Array;
  /** Per pc: 1 for LDC, which reads its line through its own path (MIO), not the operand cache. */
  readonly isLoad: Uint8Array;
  readonly count: number;
}

/**
 * The constant lines a program's instructions read: the first `c[bank][offset]` of each
 * instruction's text, lines of `lineBytes` per bank, numbered in order of first appearance.
 */
export function constantLines(program: Program, lineBytes: number): ConstantLines {
  const lineOf = new Int32Array(program.length).fill(-1);
  const isLoad = new Uint8Array(program.length);
  const lines = new Map<number, number>();
  for (let pc = 0; pc < program.length; pc++) {
    const text = program.textAt(pc);
    if (!text.includes("c[")) continue;
    const m = CONSTANT_OPERAND.exec(text);
    if (m === null) continue;
    const key = Number(m[1]) * 65536 + Math.floor(Number(m[2]) / lineBytes);
    let line = lines.get(key);
    if (line === undefined) lines.set(key, (line = lines.size));
    lineOf[pc] = line;
    if (program.opcodeAt(pc) === "LDC") isLoad[pc] = 1;
  }
  return { lineOf, isLoad, count: lines.size };
}

/**
 * The SM's constant caches (ArchSpec.constantCache): the immediate constant cache that
 * instruction operands read (`c[0x0][0x210]`), and LDC's own path. A line's first touch on a
 * path misses and arrives `missCycles` later; every later touch finds it (or waits for the
 * same arrival). An LDC warms nothing for operands, nor they for it. Without a constant cache
 * every line is there from the start.
 */
export class ConstantCache {
  /** Per pc: its constant line, or -1 (constantLines). */
  readonly lineOf: Int32Array;
  /** Per pc: 1 for an LDC. */
  readonly isLoad: Uint8Array;
  /** Per line: the cycle it is in the operand cache, -1 untouched. */
  private readonly operandReadyAt: Float64Array;
  /** The same for LDC's path. */
  private readonly ldcReadyAt: Float64Array;
  private readonly missCycles: number;

  constructor(program: Program, arch: ArchSpec) {
    const lines = constantLines(program, arch.constantCache?.lineBytes ?? DEFAULT_LINE_BYTES);
    this.lineOf = lines.lineOf;
    this.isLoad = lines.isLoad;
    this.missCycles = arch.constantCache?.missCycles ?? 0;
    const untouched = this.missCycles === 0 ? 0 : -1;
    this.operandReadyAt = new Float64Array(lines.count).fill(untouched);
    this.ldcReadyAt = new Float64Array(lines.count).fill(untouched);
  }

  /**
   * When the constant operand of the instruction at `pc`, wanted from `cycle`, is in the operand
   * cache (a first touch starts its fetch); -1 when it has none (or is an LDC, whose result
   * waits instead: ldcLineAt).
   */
  operandLineAt(pc: number, cycle: number): number {
    const line = this.lineOf[pc];
    if (line < 0 || this.isLoad[pc] === 1) return -1;
    let arrives = this.operandReadyAt[line];
    if (arrives < 0) arrives = this.operandReadyAt[line] = cycle + this.missCycles;
    return arrives;
  }

  /** When the LDC at `pc`, issued at `now`, has its line: a first touch on LDC's path misses. */
  ldcLineAt(pc: number, now: number): number {
    const line = this.lineOf[pc];
    if (this.ldcReadyAt[line] < 0) this.ldcReadyAt[line] = now + this.missCycles;
    return this.ldcReadyAt[line];
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAt(this.operandReadyAt);
    reg.readyAt(this.ldcReadyAt);
  }
}
