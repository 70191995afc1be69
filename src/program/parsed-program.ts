import type { LatencyDistribution } from "../arch/latency-distribution.js";
import { stripComments } from "./source-line.js";

/** One instruction as written, before it is decoded against an architecture. */
export interface ParsedInstruction {
  /** Base opcode, e.g. "LDG" for `LDG.E.STRONG.GPU`. */
  readonly base: string;
  readonly modifiers: readonly string[];
  /** Registers written (scoreboard indices, see Reg). */
  readonly dsts: readonly number[];
  /** Registers read, including a guard predicate. */
  readonly srcs: readonly number[];
  /** Line in the file (1-based). */
  readonly line: number;
  readonly text: string;
  /** For the BRA that closes a `.loop`: index of the loop's first instruction and its trips. */
  readonly loop?: { readonly start: number; readonly trips: number; readonly slot: number };
  /** For BAR: barrier id and the thread count it waits for (undefined: all live threads). */
  readonly barrier?: { readonly id: number; readonly threads?: number };
  /**
   * The control code's stall count (`[S4] ...`): the warp issues its next instruction no sooner
   * than this many cycles later, whatever its operands. Undefined: 1.
   */
  readonly stall?: number;
  /**
   * SASS: a forward branch or a guarded EXIT: the pc it goes to when taken (-1 for EXIT), the
   * share of its executions that are taken (docs/sass.md, "Control flow"), and its counter slot
   * (-1 when the share is 0 or 1 and nothing needs counting).
   */
  readonly jump?: { readonly target: number; readonly takenFraction: number; readonly slot: number };
  /** SASS: the dependency barrier (Reg.SB0 + n) released once the instruction has read its operands. */
  readonly readBarrier?: number;
  /** SASS: n-way bank conflict of a shared-memory access (its wavefronts are multiplied by n). */
  readonly conflicts?: number;
  /**
   * SASS: the wavefronts a shared-memory access takes, derived from the listing's address
   * arithmetic (src/sass/bank-conflicts.ts); `conflicts`, given by the user, wins over it.
   */
  readonly wavefronts?: number;
  /** SASS: this global load's latency distribution, instead of the scenario's memory.latency. */
  readonly loadLatency?: LatencyDistribution;
  /**
   * SASS: the general registers this instruction reads from the register file, each once, less
   * those the operand-reuse cache serves (src/sass/register-reads.ts); their banks decide how
   * long reading them holds dispatch (ArchSpec.registerFile).
   */
  readonly registerReads?: readonly number[];
}

/** A forward branch or guarded EXIT as parsed (ParsedInstruction.jump) at `pc`. */
export interface ParsedJump {
  readonly pc: number;
  readonly target: number;
  readonly takenFraction: number;
  readonly slot: number;
}

/** A `.loop` as parsed: its closing BRA at `pc`, first instruction `start`, trips, counter slot. */
export interface ParsedLoop {
  readonly pc: number;
  readonly start: number;
  readonly trips: number;
  readonly slot: number;
}

/**
 * A parsed program as columns indexed by pc (no object per instruction), so a program of a
 * million lines costs tens of megabytes, not a gigabyte. `instructionAt` rebuilds one
 * instruction as an object for the cold paths (messages, tests).
 */
export class ParsedProgram {
  readonly length: number;
  /** Base opcode and modifiers as written (`LDG`, [`E`, `64`]). */
  readonly base: readonly string[];
  readonly modifiers: readonly (readonly string[])[];
  /** Register pool, and each instruction's sources and destinations in it. */
  readonly regs: Int16Array;
  readonly srcStart: Int32Array;
  readonly srcCount: Uint8Array;
  readonly dstStart: Int32Array;
  readonly dstCount: Uint8Array;
  /** Control-code stall count; 0 where none was written. */
  readonly stall: Uint8Array;
  readonly line: Int32Array;
  readonly loops: readonly ParsedLoop[];
  /** BAR instructions by pc: barrier id and thread count (undefined: all live threads). */
  readonly barriers: ReadonlyMap<number, { readonly id: number; readonly threads?: number }>;
  /** Forward branches and guarded EXITs (SASS). */
  readonly jumps: readonly ParsedJump[];
  /** Read dependency barriers by pc (SASS). */
  readonly readBarriers: ReadonlyMap<number, number>;
  /** Bank-conflict factors of shared-memory accesses by pc (SASS). */
  readonly conflicts: ReadonlyMap<number, number>;
  /** Wavefronts of shared-memory accesses by pc, derived from a SASS listing's addresses. */
  readonly wavefronts: ReadonlyMap<number, number>;
  /** Latency distributions of particular global loads by pc (SASS). */
  readonly loadLatencies: ReadonlyMap<number, LatencyDistribution>;
  /** Registers read from the register file by pc (SASS; absent: none modelled). */
  readonly registerReads: ReadonlyMap<number, readonly number[]>;
  /** Number of counters a warp needs: one per `.loop`, and per jump taken some of the time. */
  readonly loopSlots: number;

  constructor(builder: ParsedProgramBuilder) {
    this.length = builder.base.length;
    this.base = builder.base;
    this.modifiers = builder.modifiers;
    this.regs = Int16Array.from(builder.regs.toInt32());
    this.srcStart = builder.srcStart.toInt32();
    this.srcCount = Uint8Array.from(builder.srcCount.toInt32());
    this.dstStart = builder.dstStart.toInt32();
    this.dstCount = Uint8Array.from(builder.dstCount.toInt32());
    this.stall = Uint8Array.from(builder.stall.toInt32());
    this.line = builder.line.toInt32();
    this.builder = builder;
    this.loops = builder.loops;
    this.barriers = builder.barriers;
    this.jumps = builder.jumps;
    this.readBarriers = builder.readBarriers;
    this.conflicts = builder.conflicts;
    this.wavefronts = builder.wavefronts;
    this.loadLatencies = builder.loadLatencies;
    this.registerReads = builder.registerReads;
    let slots = 0;
    for (const l of builder.loops) slots = Math.max(slots, l.slot + 1);
    for (const j of builder.jumps) slots = Math.max(slots, j.slot + 1);
    this.loopSlots = slots;
  }

  private readonly builder: ParsedProgramBuilder;

  /** The instruction at `pc` as written (without comments), for messages and traces. */
  textAt(pc: number): string {
    return pc >= 0 && pc < this.length ? this.builder.textAt(pc) : "";
  }

  sources(pc: number): number[] {
    return Array.from(this.regs.subarray(this.srcStart[pc], this.srcStart[pc] + this.srcCount[pc]));
  }

  destinations(pc: number): number[] {
    return Array.from(this.regs.subarray(this.dstStart[pc], this.dstStart[pc] + this.dstCount[pc]));
  }

  /** The instruction at `pc` as an object. */
  instructionAt(pc: number): ParsedInstruction {
    const loop = this.loops.find((l) => l.pc === pc);
    const barrier = this.barriers.get(pc);
    const jump = this.jumps.find((j) => j.pc === pc);
    const readBarrier = this.readBarriers.get(pc);
    const conflicts = this.conflicts.get(pc);
    const wavefronts = this.wavefronts.get(pc);
    const loadLatency = this.loadLatencies.get(pc);
    const registerReads = this.registerReads.get(pc);
    return {
      base: this.base[pc],
      modifiers: this.modifiers[pc],
      dsts: this.destinations(pc),
      srcs: this.sources(pc),
      line: this.line[pc],
      text: this.textAt(pc),
      ...(loop ? { loop: { start: loop.start, trips: loop.trips, slot: loop.slot } } : {}),
      ...(barrier ? { barrier } : {}),
      ...(this.stall[pc] > 0 ? { stall: this.stall[pc] } : {}),
      ...(jump ? { jump: { target: jump.target, takenFraction: jump.takenFraction, slot: jump.slot } } : {}),
      ...(readBarrier !== undefined ? { readBarrier } : {}),
      ...(conflicts !== undefined ? { conflicts } : {}),
      ...(wavefronts !== undefined ? { wavefronts } : {}),
      ...(loadLatency !== undefined ? { loadLatency } : {}),
      ...(registerReads !== undefined ? { registerReads } : {}),
    };
  }

  /** Every instruction as an object (for tests and small programs). */
  get instructions(): ParsedInstruction[] {
    return Array.from({ length: this.length }, (_, pc) => this.instructionAt(pc));
  }
}

const NO_MODIFIERS: readonly string[] = Object.freeze([]);

/** A growable column of 32-bit integers: one buffer, no per-element boxes for the GC to visit. */
class IntColumn {
  private data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  at(i: number): number {
    return this.data[i];
  }

  /** A right-sized copy. */
  toInt32(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Collects instructions into columns while parsing. */
export class ParsedProgramBuilder {
  readonly base: string[] = [];
  readonly modifiers: (readonly string[])[] = [];
  readonly regs = new IntColumn();
  readonly srcStart = new IntColumn();
  readonly srcCount = new IntColumn();
  readonly dstStart = new IntColumn();
  readonly dstCount = new IntColumn();
  readonly stall = new IntColumn();
  readonly line = new IntColumn();
  /** Where each instruction's line lies in the program text (-1: generated, see `generated`). */
  private readonly lineStart = new IntColumn();
  private readonly lineEnd = new IntColumn();
  private readonly generated = new Map<number, string>();
  readonly loops: ParsedLoop[] = [];
  readonly barriers = new Map<number, { readonly id: number; readonly threads?: number }>();
  readonly jumps: ParsedJump[] = [];
  readonly readBarriers = new Map<number, number>();
  readonly conflicts = new Map<number, number>();
  readonly wavefronts = new Map<number, number>();
  readonly loadLatencies = new Map<number, LatencyDistribution>();
  readonly registerReads = new Map<number, readonly number[]>();
  /** Modifier lists are shared between instructions that write the same ones. */
  private readonly modifierLists = new Map<string, readonly string[]>();

  constructor(private readonly source: string) {}

  get length(): number {
    return this.base.length;
  }

  /** Adds an instruction read from source[lineStart, lineEnd), or made up (a loop's BRA). */
  push(ins: ParsedInstruction, lineStart = -1, lineEnd = -1): void {
    const pc = this.base.length;
    this.base.push(ins.base);
    this.modifiers.push(this.internModifiers(ins.modifiers));
    this.srcStart.push(this.regs.length);
    this.srcCount.push(ins.srcs.length);
    for (const r of ins.srcs) this.regs.push(r);
    this.dstStart.push(this.regs.length);
    this.dstCount.push(ins.dsts.length);
    for (const r of ins.dsts) this.regs.push(r);
    this.stall.push(ins.stall ?? 0);
    this.line.push(ins.line);
    this.lineStart.push(lineStart);
    this.lineEnd.push(lineEnd);
    if (lineStart < 0) this.generated.set(pc, ins.text);
    if (ins.loop) this.loops.push({ pc, ...ins.loop });
    if (ins.barrier) this.barriers.set(pc, ins.barrier);
    if (ins.jump) this.jumps.push({ pc, ...ins.jump });
    if (ins.readBarrier !== undefined) this.readBarriers.set(pc, ins.readBarrier);
    if (ins.conflicts !== undefined) this.conflicts.set(pc, ins.conflicts);
    if (ins.wavefronts !== undefined) this.wavefronts.set(pc, ins.wavefronts);
    if (ins.loadLatency !== undefined) this.loadLatencies.set(pc, ins.loadLatency);
    if (ins.registerReads !== undefined && ins.registerReads.length > 0) this.registerReads.set(pc, ins.registerReads);
  }

  textAt(pc: number): string {
    if (this.lineStart.at(pc) < 0) return this.generated.get(pc) ?? "";
    return stripComments(this.source.slice(this.lineStart.at(pc), this.lineEnd.at(pc)));
  }

  private internModifiers(modifiers: readonly string[]): readonly string[] {
    if (modifiers.length === 0) return NO_MODIFIERS;
    const key = modifiers.join(".");
    let list = this.modifierLists.get(key);
    if (list === undefined) this.modifierLists.set(key, (list = Object.freeze([...modifiers])));
    return list;
  }
}
