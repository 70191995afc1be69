import { type ArchSpec, FMA_LITE, PIPE_NAMES, Pipe, type PipeName, UNIT_COUNT } from "../arch/arch-spec.js";
import { ConfigError } from "../errors.js";
import { WarpState } from "../stats/warp-state.js";
import { OPCODES, OpKind, isDependencyBarrier, isZeroRegister } from "./opcodes.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import type { ParsedProgram } from "./parse.js";

/** Issue class of a global load: it needs the LSU and room among the SM's loads in flight. */
export const LOAD_CLASS = UNIT_COUNT;
/** Issue class of FP32 arithmetic on a split FP32 pipe: either half will do. */
export const FP32_EITHER_CLASS = UNIT_COUNT + 1;
/** Issue class of BAR: it needs its unit and the SM's barrier unit (ArchSpec.barrier). */
export const BARRIER_CLASS = UNIT_COUNT + 2;
/** Issue class of LDS/STS on an SM with a shared-memory path: its LSU and its MIO queue's room. */
export const SHARED_CLASS = UNIT_COUNT + 3;
/** Issue classes: one per unit, then the four above. */
export const CLASS_COUNT = UNIT_COUNT + 4;

/** Program.path: no SM-wide path, the shared-memory pipe, the L2 atomic units. */
export const PATH_NONE = 0;
export const PATH_SHARED = 1;
export const PATH_ATOMIC = 2;

/** Program.asyncCopy: an asynchronous copy (LDGSTS), and the commit of a group of them (LDGDEPBAR). */
export const ASYNC_COPY = 1;
export const ASYNC_COMMIT = 2;

/**
 * A program decoded once against an architecture into parallel columns indexed by pc, so the
 * simulation loop reads numbers, never strings or objects (in the spirit of jsnes' opdata).
 */
export class Program {
  readonly length: number;
  readonly kind: Uint8Array;
  /** The Nsight Compute pipe the instruction executes on (for statistics and names). */
  readonly pipe: Uint8Array;
  /**
   * The unit the instruction occupies when it issues (arch-spec UNIT_COUNT): its pipe, or with
   * a split FP32 pipe, for FP32 arithmetic, the half it prefers.
   */
  readonly unit: Uint8Array;
  /** The unit it takes when `unit` is busy (the other FP32 half), or -1. */
  readonly altUnit: Int8Array;

  /** What the scheduler checks before issue: `unit`, LOAD_CLASS, FP32_EITHER_CLASS or BARRIER_CLASS. */
  readonly pipeClass: Uint8Array;
  /** Fixed latency of the result (math, MIO, shared stores); 0 where memory decides. */
  readonly latencyCycles: Float64Array;
  /** Cycles the unit stays busy after this instruction issues. */
  readonly issueCycles: Float64Array;
  /** Cycles until its scheduler may issue again (1 but for instructions that hold dispatch). */
  readonly dispatchCycles: Float64Array;
  /** Control-code stall count: cycles from this issue to the same warp's next (`[S4]`; default 1). */
  readonly stallCycles: Float64Array;
  /** State of a consumer waiting for this instruction's result. */
  readonly resultState: Uint8Array;
  /** State of this warp while the instruction's pipe is busy. */
  readonly throttleState: Uint8Array;
  /**
   * The SM-wide path the instruction queues for before its latency starts (PATH_*): the
   * shared-memory pipe (LDS, STS, SHFL) or the atomic units (RED, ATOM), or none.
   */
  readonly path: Uint8Array;
  /**
   * Wavefronts of a shared-memory access: 128 bytes each, so 1 for 32-bit words, 2 for .64,
   * 4 for .128, times the n-way bank conflict a SASS program gives (`conflicts`); or, for a
   * SASS program, as many as its lanes' addresses take (derived from the listing).
   */
  readonly wavefronts: Uint8Array;
  /** ASYNC_COPY for LDGSTS, ASYNC_COMMIT for LDGDEPBAR, 0 otherwise (OpcodeInfo.asyncCopy). */
  readonly asyncCopy: Uint8Array;
  /** Index into `loadLatencies` of a global load with its own latency distribution, or -1. */
  readonly loadModel: Int16Array;
  /** The distinct per-load latency distributions (SASS `loads`), in order of first use. */
  readonly loadLatencies: readonly LatencyDistribution[];

  /** Registers that must be ready before issue (sources, guard, and destinations for WAW). */
  readonly waitStart: Int32Array;
  readonly waitCount: Uint16Array;
  /** Registers written. */
  readonly writeStart: Int32Array;
  readonly writeCount: Uint16Array;
  /** Register pool the start/count columns point into. */
  readonly regs: Int16Array;
  /** For loop branches: pc of the loop's first instruction, trips and counter slot; -1 otherwise. */
  readonly loopTarget: Int32Array;
  readonly loopTrips: Float64Array;
  readonly loopSlot: Int32Array;
  readonly loopSlots: number;
  /** Share of a jump's executions that are taken (forward BRA, guarded EXIT); 1 elsewhere. */
  readonly takenFraction: Float64Array;
  /** Dependency barrier (Reg.SB0 + n) released when the operands are read, or -1. */
  readonly readBarrier: Int16Array;
  /** Cycles from issue to the operand read that releases `readBarrier`. */
  readonly readCycles: Float64Array;
  /** State of a warp waiting on this instruction's read barrier. */
  readonly readState: Uint8Array;
  /** For BAR: barrier id, and warps it waits for (0: every live warp of the block). */
  readonly barrierId: Int8Array;
  readonly barrierWarps: Int32Array;
  /**
   * 1 for a BAR that defers blocking (`BAR.SYNC.DEFER_BLOCKING`, what sm_80+ compile
   * `__syncthreads()` to): the warp arrives and goes on issuing; it waits for the release only
   * at its next instruction with `waitsForBarrier` (docs/timing.md).
   */
  readonly barrierDefers: Uint8Array;
  /**
   * 1 for an instruction a pending deferred barrier holds back: memory accesses, barriers,
   * branches, EXIT. Fixed-latency math and MUFU issue past it.
   * [bar] validation/microbench/defer-probe, branch-probe: 8 FFMAs after the BAR cost nothing
   * at 1-8 warps, an LDS after it waits, and the branch after it must wait (docs/validation.md).
   */
  readonly waitsForBarrier: Uint8Array;
  readonly line: Int32Array;
  private readonly parsed: ParsedProgram;

  /** The instruction at `pc` as written, for messages and traces. */
  textAt(pc: number): string {
    return pc >= 0 && pc < this.length ? this.parsed.textAt(pc) : "";
  }

  /** The opcode at `pc` without modifiers (`LDC` for `LDC.64`). */
  opcodeAt(pc: number): string {
    return this.parsed.base[pc];
  }

  constructor(parsed: ParsedProgram, arch: ArchSpec) {
    const n = parsed.length;
    this.length = n;
    this.kind = new Uint8Array(n);
    this.pipe = new Uint8Array(n);
    this.unit = new Uint8Array(n);
    this.altUnit = new Int8Array(n).fill(-1);
    this.pipeClass = new Uint8Array(n);
    this.latencyCycles = new Float64Array(n);
    this.issueCycles = new Float64Array(n);
    this.dispatchCycles = new Float64Array(n);
    this.stallCycles = new Float64Array(n);
    this.resultState = new Uint8Array(n);
    this.throttleState = new Uint8Array(n);
    this.path = new Uint8Array(n);
    this.asyncCopy = new Uint8Array(n);
    this.loadModel = new Int16Array(n).fill(-1);
    const distributions: LatencyDistribution[] = [];
    for (const [pc, d] of parsed.loadLatencies) {
      const key = JSON.stringify(d);
      let i = distributions.findIndex((x) => JSON.stringify(x) === key);
      if (i < 0) i = distributions.push(d) - 1;
      this.loadModel[pc] = i;
    }
    this.loadLatencies = distributions;
    this.wavefronts = new Uint8Array(n);
    this.waitStart = new Int32Array(n);
    this.waitCount = new Uint16Array(n);
    this.writeStart = new Int32Array(n);
    this.writeCount = new Uint16Array(n);
    this.loopTarget = new Int32Array(n).fill(-1);
    this.loopTrips = new Float64Array(n);
    this.loopSlot = new Int32Array(n).fill(-1);
    this.loopSlots = parsed.loopSlots;
    this.takenFraction = new Float64Array(n).fill(1);
    this.readBarrier = new Int16Array(n).fill(-1);
    this.readCycles = new Float64Array(n);
    this.readState = new Uint8Array(n);
    this.barrierId = new Int8Array(n).fill(-1);
    this.barrierWarps = new Int32Array(n);
    this.barrierDefers = new Uint8Array(n);
    this.waitsForBarrier = new Uint8Array(n);
    this.line = new Int32Array(n);
    const pool: number[] = [];
    const { regs } = parsed;
    // Decode each distinct opcode form once: a million-line program has a handful of them.
    const decoded = new Map<string, Decoded>();

    for (let pc = 0; pc < n; pc++) {
      const base = parsed.base[pc];
      const modifiers = parsed.modifiers[pc];
      const key = modifiers.length > 0 ? `${base}.${modifiers[0]}` : base;
      let d = decoded.get(key);
      if (d === undefined) decoded.set(key, (d = decode(base, modifiers, arch, parsed.line[pc])));
      this.kind[pc] = d.kind;
      this.pipe[pc] = d.pipe;
      this.unit[pc] = d.unit;
      this.altUnit[pc] = d.alt;
      this.pipeClass[pc] = d.pipeClass;
      this.latencyCycles[pc] = d.latencyCycles;
      this.issueCycles[pc] = d.issueCycles;
      this.dispatchCycles[pc] = d.dispatchCycles;
      this.resultState[pc] = d.resultState;
      this.throttleState[pc] = d.throttleState;
      const async = OPCODES[base].asyncCopy;
      // A cp.async copy writes shared memory too: it takes its wavefronts of the SM's pipe.
      const sharedWrite = async === "copy" && arch.sharedMemoryPath !== undefined;
      this.path[pc] = d.sharedPath || sharedWrite ? PATH_SHARED : OPCODES[base].globalAtomic === true ? PATH_ATOMIC : PATH_NONE;
      this.asyncCopy[pc] = async === "copy" ? ASYNC_COPY : async === "commit" ? ASYNC_COMMIT : 0;
      const conflicts = parsed.conflicts.get(pc);
      this.wavefronts[pc] = Math.min(255, conflicts === undefined ? (parsed.wavefronts.get(pc) ?? accessWords(modifiers)) : accessWords(modifiers) * conflicts);

      // Registers to wait for: sources and destinations (WAW), each once; then those written.
      const waitStart = pool.length;
      const srcEnd = parsed.srcStart[pc] + parsed.srcCount[pc];
      const dstEnd = parsed.dstStart[pc] + parsed.dstCount[pc];
      for (let i = parsed.srcStart[pc]; i < srcEnd; i++) addOnce(pool, waitStart, regs[i]);
      // Dependency barriers are not waited on as destinations: several producers may set one.
      for (let i = parsed.dstStart[pc]; i < dstEnd; i++) if (!isDependencyBarrier(regs[i])) addOnce(pool, waitStart, regs[i]);
      this.waitStart[pc] = waitStart;
      this.waitCount[pc] = pool.length - waitStart;
      this.writeStart[pc] = pool.length;
      for (let i = parsed.dstStart[pc]; i < dstEnd; i++) if (!isZeroRegister(regs[i])) pool.push(regs[i]);
      this.writeCount[pc] = pool.length - this.writeStart[pc];

      this.stallCycles[pc] = parsed.stall[pc] > 0 ? parsed.stall[pc] : 1;
      this.line[pc] = parsed.line[pc];
    }
    for (const loop of parsed.loops) {
      this.loopTarget[loop.pc] = loop.start;
      this.loopTrips[loop.pc] = loop.trips;
      this.loopSlot[loop.pc] = loop.slot;
    }
    for (const jump of parsed.jumps) {
      this.loopTarget[jump.pc] = jump.target;
      this.takenFraction[jump.pc] = jump.takenFraction;
      this.loopSlot[jump.pc] = jump.slot;
    }
    for (const [pc, barrier] of parsed.readBarriers) {
      this.readBarrier[pc] = barrier;
      // [model] operands are read as the unit takes the instruction (docs/sass.md).
      this.readCycles[pc] = this.issueCycles[pc];
      const kind = this.kind[pc];
      this.readState[pc] =
        kind === OpKind.loadGlobal || kind === OpKind.storeGlobal
          ? WarpState.long_scoreboard
          : kind === OpKind.mio || kind === OpKind.storeShared
            ? WarpState.short_scoreboard
            : WarpState.wait;
    }
    for (const [pc, barrier] of parsed.barriers) {
      this.barrierId[pc] = barrier.id;
      this.barrierWarps[pc] = barrier.threads === undefined ? 0 : barrier.threads / 32;
      this.barrierDefers[pc] = parsed.modifiers[pc].includes("DEFER_BLOCKING") ? 1 : 0;
    }
    for (let pc = 0; pc < n; pc++) {
      const kind = this.kind[pc];
      const math = kind === OpKind.math || (kind === OpKind.mio && this.path[pc] === PATH_NONE && this.asyncCopy[pc] === 0);
      this.waitsForBarrier[pc] = math ? 0 : 1;
    }
    this.regs = Int16Array.from(pool);
    this.parsed = parsed;
  }

  /** Warp-instructions one warp executes from start to EXIT (loops unrolled). */
  dynamicLength(): number {
    const loops: Loop[] = [];
    for (let pc = 0; pc < this.length; pc++) {
      if (this.loopTrips[pc] > 0) loops.push({ start: this.loopTarget[pc], end: pc, trips: this.loopTrips[pc] });
    }
    return countDynamic(this.length, loops).reduce((a, b) => a + b, 0);
  }

  /**
   * Shared-memory wavefronts per instruction a warp executes: the accesses that go through the
   * SM's shared-memory pipe (LDS, STS, LDSM, cp.async's writes), each with its wavefronts (bank
   * conflicts included), over all instructions.
   */
  sharedWavefrontsPerInstruction(): number {
    const executions = executionsOf(this.parsed);
    let wavefronts = 0;
    let all = 0;
    for (let pc = 0; pc < this.length; pc++) {
      all += executions[pc];
      if (this.path[pc] === PATH_SHARED) wavefronts += executions[pc] * this.wavefronts[pc];
    }
    return all > 0 ? wavefronts / all : 0;
  }

  /** The registers (and dependency barriers) the program reads or writes, ascending. */
  usedRegisters(): number[] {
    const used = new Set<number>();
    for (let pc = 0; pc < this.length; pc++) {
      for (let i = this.waitStart[pc]; i < this.waitStart[pc] + this.waitCount[pc]; i++) used.add(this.regs[i]);
      for (let i = this.writeStart[pc]; i < this.writeStart[pc] + this.writeCount[pc]; i++) used.add(this.regs[i]);
      if (this.readBarrier[pc] >= 0) used.add(this.readBarrier[pc]);
    }
    return [...used].sort((a, b) => a - b);
  }
}

interface Loop {
  readonly start: number;
  readonly end: number;
  readonly trips: number;
}

/** Warp-instructions one warp executes, from the parsed program (no decoding needed). */
export function dynamicLengthOf(parsed: ParsedProgram): number {
  return executionsOf(parsed).reduce((a, b) => a + b, 0);
}

/** How many times one warp executes each instruction (by pc), loops unrolled. */
export function executionsOf(parsed: ParsedProgram): Float64Array {
  return countDynamic(
    parsed.length,
    parsed.loops.map((l) => ({ start: l.start, end: l.pc, trips: l.trips })),
  );
}

/** Share of a warp's executed instructions that are global or local loads (LDG, LDL). */
export function loadShareOf(parsed: ParsedProgram): number {
  const executions = executionsOf(parsed);
  let loads = 0;
  let all = 0;
  for (let pc = 0; pc < parsed.length; pc++) {
    all += executions[pc];
    if (OPCODES[parsed.base[pc]].kind === OpKind.loadGlobal) loads += executions[pc];
  }
  return all > 0 ? loads / all : 0;
}

/**
 * Each instruction executes once per trip of every loop around it. Loops are properly nested
 * (the parser pairs .loop/.endloop), so a stack of the enclosing loops' trip products, pushed
 * outermost first where several start at one pc, is enough: linear in the program length.
 */
function countDynamic(length: number, unsorted: readonly Loop[]): Float64Array {
  const loops = [...unsorted].sort((a, b) => a.start - b.start || b.end - a.end);
  const product: number[] = [1];
  const ends: number[] = [];
  const executions = new Float64Array(length);
  let next = 0;
  for (let pc = 0; pc < length; pc++) {
    for (; next < loops.length && loops[next].start === pc; next++) {
      product.push(product[product.length - 1] * loops[next].trips);
      ends.push(loops[next].end);
    }
    executions[pc] = product[product.length - 1];
    while (ends.length > 0 && ends[ends.length - 1] === pc) {
      ends.pop();
      product.pop();
    }
  }
  return executions;
}

/** Appends register `r` to pool[from..] unless it is a zero register or already there. */
function addOnce(pool: number[], from: number, r: number): void {
  if (isZeroRegister(r)) return;
  for (let k = from; k < pool.length; k++) if (pool[k] === r) return;
  pool.push(r);
}

/** What the decoder derives from an opcode form (base and first modifier) on an architecture. */
interface Decoded {
  readonly kind: number;
  readonly pipe: number;
  readonly unit: number;
  readonly alt: number;
  readonly pipeClass: number;
  readonly latencyCycles: number;
  readonly issueCycles: number;
  readonly dispatchCycles: number;
  readonly resultState: number;
  readonly throttleState: number;
  readonly sharedPath: boolean;
}

function decode(base: string, modifiers: readonly string[], arch: ArchSpec, line: number): Decoded {
  const info = OPCODES[base];
  // A variant timed apart (IMAD.WIDE) wins over its base opcode.
  const timing =
    (modifiers.length > 0 ? arch.opcodes[`${base}.${modifiers[0]}`] : undefined) ??
    arch.opcodes[base] ??
    (info.timedAs !== undefined ? arch.opcodes[info.timedAs] : undefined);
  const pipeName = PIPE_NAMES[info.pipe] as PipeName;
  const halves = arch.fmaHalves;
  const lanes = halves !== undefined && info.pipe === Pipe.fma ? arch.pipes.fma.lanes / 2 : arch.pipes[pipeName].lanes;
  if (timing === undefined && info.kind !== OpKind.loadGlobal && info.kind !== OpKind.storeGlobal) {
    throw new ConfigError(`architecture ${arch.name} gives no latency for ${base} (line ${line}); add it under arch.opcodes.${base}.latencyCycles.`);
  }
  const placement = unitsOf(info.pipe, info.fp32 === true, halves);
  const sharedPath = info.sharedMemory === true && arch.sharedMemoryPath !== undefined;
  return {
    kind: info.kind,
    pipe: info.pipe,
    unit: placement.unit,
    alt: placement.alt,
    pipeClass:
      info.kind === OpKind.loadGlobal
        ? LOAD_CLASS
        : info.kind === OpKind.barrier
          ? BARRIER_CLASS
          : sharedPath
            ? SHARED_CLASS
            : placement.alt >= 0
              ? FP32_EITHER_CLASS
              : placement.unit,
    sharedPath,
    latencyCycles: timing?.latencyCycles ?? 0,
    issueCycles: timing?.issueCycles ?? Math.max(1, 32 / lanes),
    dispatchCycles: timing?.dispatchCycles ?? 1,
    resultState: info.kind === OpKind.loadGlobal ? WarpState.long_scoreboard : info.kind === OpKind.mio ? WarpState.short_scoreboard : WarpState.wait,
    throttleState: info.throttle,
  };
}

/** Which unit an instruction of `pipe` occupies, and its alternative, given the FP32 split. */
function unitsOf(pipe: Pipe, fp32: boolean, halves: ArchSpec["fmaHalves"]): { unit: number; alt: number } {
  if (halves === undefined) return { unit: pipe, alt: -1 };
  if (fp32) return halves.preferred === "lite" ? { unit: FMA_LITE, alt: Pipe.fma } : { unit: Pipe.fma, alt: FMA_LITE };
  return { unit: pipe, alt: -1 };
}

/**
 * 32-bit words per thread of a memory access, from its width modifier (`.64`, `.128`, LDSM's
 * `.x4`): also the wavefronts the access takes without bank conflicts.
 */
export function accessWords(modifiers: readonly string[]): number {
  for (const m of modifiers) {
    // LDSM.16.M88.2 / .4: two or four 8x8 matrices of 16-bit values (256, 512 bytes a warp).
    if (m === "64" || m === "U64" || m === "S64" || m === "X2" || m === "2") return 2;
    if (m === "128" || m === "U128" || m === "X4" || m === "4") return 4;
  }
  return 1;
}
