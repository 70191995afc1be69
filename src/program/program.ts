import type { ArchSpec } from "../arch/arch-spec.js";
import { WarpState } from "../stats/warp-state.js";
import { ASYNC_COMMIT, ASYNC_COPY, PATH_ATOMIC, PATH_NONE, PATH_SHARED, PATH_SPECIAL, accessWords, decode, type Decoded } from "./decode-opcode.js";
import { countDynamic, executionsOf, type Loop } from "./executions.js";
import { OPCODES, OpKind, isDependencyBarrier, isZeroRegister } from "./opcodes.js";

export { ASYNC_COMMIT, ASYNC_COPY, BARRIER_CLASS, CLASS_COUNT, FP32_EITHER_CLASS, LOAD_CLASS, PATH_ATOMIC, PATH_NONE, PATH_SHARED, PATH_SPECIAL, SHARED_CLASS, SPECIAL_CLASS, accessWords } from "./decode-opcode.js";
export { dynamicLengthOf, executionsOf, loadShareOf } from "./executions.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import type { ParsedProgram } from "./parse.js";

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
  /** Register-file banks (ArchSpec.registerFile; 0: reads are not timed). */
  readonly registerBanks: number;
  /** Registers each instruction reads from each bank: bankReads[pc * registerBanks + bank] (SASS). */
  readonly bankReads: Uint8Array;
  /** Control-code stall count: cycles from this issue to the same warp's next (`[S4]`; default 1). */
  readonly stallCycles: Float64Array;
  /** State of a consumer waiting for this instruction's result. */
  readonly resultState: Uint8Array;
  /** State of this warp while the instruction's pipe is busy. */
  readonly throttleState: Uint8Array;
  /**
   * The SM-wide path the instruction queues for before its latency starts (PATH_*): the
   * shared-memory pipe (LDS, STS, SHFL), the atomic units (RED, ATOM), the special-register unit
   * (S2R, S2UR, REDUX), or none.
   */
  readonly path: Uint8Array;
  /**
   * Wavefronts of a shared-memory access: 128 bytes each, so 1 for 32-bit words, 2 for .64,
   * 4 for .128, times the n-way bank conflict a SASS program gives (`conflicts`); or, for a
   * SASS program, as many as its lanes' addresses take (derived from the listing).
   */
  readonly wavefronts: Uint8Array;
  /** 1 where the program gives the access's bank conflict by hand (`conflicts`): it overrides what execution finds. */
  readonly conflictsDeclared: Uint8Array;
  /** ASYNC_COPY for LDGSTS, ASYNC_COMMIT for LDGDEPBAR, 0 otherwise (OpcodeInfo.asyncCopy). */
  readonly asyncCopy: Uint8Array;
  /** A memory fence's wait after it issues (ArchSpec.memoryFence: MEMBAR.SC.GPU, .SYS); 0 for any other instruction. */
  readonly fenceCycles: Float64Array;
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
   * 1 for a BAR that arrives without waiting (`BAR.ARV id, threads`; PTX bar.arrive: a
   * warp-specialized kernel's producer signalling its consumers, or ping-pong consumers ordering
   * each other): it counts toward the barrier's release, and the warp never waits for it.
   */
  readonly barrierArrivesOnly: Uint8Array;
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

  /**
   * Decodes in steps, each filling its columns: the opcodes (pipe, unit, latencies, states,
   * paths), the registers each instruction waits for and writes, the per-load latency models,
   * the loops and jumps, the SASS read barriers, the block barriers, and which instructions a
   * pending deferred barrier holds back.
   */
  constructor(parsed: ParsedProgram, arch: ArchSpec) {
    const n = parsed.length;
    this.length = n;
    this.parsed = parsed;
    this.kind = new Uint8Array(n);
    this.pipe = new Uint8Array(n);
    this.unit = new Uint8Array(n);
    this.altUnit = new Int8Array(n).fill(-1);
    this.pipeClass = new Uint8Array(n);
    this.latencyCycles = new Float64Array(n);
    this.issueCycles = new Float64Array(n);
    this.dispatchCycles = new Float64Array(n);
    this.registerBanks = arch.registerFile?.banks ?? 0;
    this.bankReads = new Uint8Array(n * this.registerBanks);
    this.stallCycles = new Float64Array(n);
    this.resultState = new Uint8Array(n);
    this.throttleState = new Uint8Array(n);
    this.path = new Uint8Array(n);
    this.asyncCopy = new Uint8Array(n);
    this.fenceCycles = new Float64Array(n);
    this.loadModel = new Int16Array(n).fill(-1);
    this.wavefronts = new Uint8Array(n);
    this.conflictsDeclared = new Uint8Array(n);
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
    this.barrierArrivesOnly = new Uint8Array(n);
    this.waitsForBarrier = new Uint8Array(n);
    this.line = new Int32Array(n);
    this.decodeOpcodes(arch);
    this.regs = this.decodeRegisters();
    this.loadLatencies = this.numberLoadLatencies();
    this.placeLoopsAndJumps();
    this.placeReadBarriers();
    this.placeBarriers();
  }

  /** Each instruction's opcode form against the architecture, decoded once per distinct form (a million-line program has a handful). */
  private decodeOpcodes(arch: ArchSpec): void {
    const { parsed } = this;
    const decoded = new Map<string, Decoded>();
    for (let pc = 0; pc < this.length; pc++) {
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
      // Its reads per register-file bank (ArchSpec.registerFile; the sub-partition times them).
      const reads = parsed.registerReads.get(pc);
      if (reads !== undefined && this.registerBanks > 0) for (const r of reads) this.bankReads[pc * this.registerBanks + (r % this.registerBanks)]++;
      this.resultState[pc] = d.resultState;
      this.throttleState[pc] = d.throttleState;
      const async = OPCODES[base].asyncCopy;
      // A cp.async copy writes shared memory too: it takes its wavefronts of the SM's pipe.
      const sharedWrite = async === "copy" && arch.sharedMemoryPath !== undefined;
      this.path[pc] = d.sharedPath || sharedWrite ? PATH_SHARED : d.specialPath ? PATH_SPECIAL : OPCODES[base].globalAtomic === true ? PATH_ATOMIC : PATH_NONE;
      this.asyncCopy[pc] = async === "copy" ? ASYNC_COPY : async === "commit" ? ASYNC_COMMIT : 0;
      this.fenceCycles[pc] = base === "MEMBAR" ? fenceCycles(modifiers, arch) : 0;
      const conflicts = parsed.conflicts.get(pc);
      this.conflictsDeclared[pc] = conflicts === undefined ? 0 : 1;
      this.wavefronts[pc] = Math.min(255, conflicts === undefined ? (parsed.wavefronts.get(pc) ?? accessWords(modifiers)) : accessWords(modifiers) * conflicts);
      this.stallCycles[pc] = parsed.stall[pc] > 0 ? parsed.stall[pc] : 1;
      this.line[pc] = parsed.line[pc];
      // A math instruction (MIO without a path or copy included) issues past a pending deferred barrier.
      const kind = this.kind[pc];
      const math = kind === OpKind.math || (kind === OpKind.mio && this.path[pc] === PATH_NONE && this.asyncCopy[pc] === 0);
      this.waitsForBarrier[pc] = math ? 0 : 1;
    }
  }

  /**
   * The registers each instruction waits for (sources and destinations, for WAW, each once) and
   * those it writes, as ranges of one pool (waitStart/waitCount, writeStart/writeCount).
   */
  private decodeRegisters(): Int16Array {
    const { parsed } = this;
    const { regs } = parsed;
    const pool: number[] = [];
    for (let pc = 0; pc < this.length; pc++) {
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
    }
    return Int16Array.from(pool);
  }

  /** The distinct latency distributions loads declare for themselves, numbered; loadModel points each load at its own. */
  private numberLoadLatencies(): LatencyDistribution[] {
    const distributions: LatencyDistribution[] = [];
    for (const [pc, d] of this.parsed.loadLatencies) {
      const key = JSON.stringify(d);
      let i = distributions.findIndex((x) => JSON.stringify(x) === key);
      if (i < 0) i = distributions.push(d) - 1;
      this.loadModel[pc] = i;
    }
    return distributions;
  }

  /** Loops (back-edges with their trips) and jumps (forward, with their taken share), each with its counter slot. */
  private placeLoopsAndJumps(): void {
    for (const loop of this.parsed.loops) {
      this.loopTarget[loop.pc] = loop.start;
      this.loopTrips[loop.pc] = loop.trips;
      this.loopSlot[loop.pc] = loop.slot;
    }
    for (const jump of this.parsed.jumps) {
      this.loopTarget[jump.pc] = jump.target;
      this.takenFraction[jump.pc] = jump.takenFraction;
      this.loopSlot[jump.pc] = jump.slot;
    }
  }

  /** SASS read barriers: released when the unit has read the operands; a warp waiting on one waits in its producer's scoreboard state. */
  private placeReadBarriers(): void {
    for (const [pc, barrier] of this.parsed.readBarriers) {
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
  }

  /** Block barriers: id, the warps they wait for (0: every live warp), and whether they defer blocking. */
  private placeBarriers(): void {
    for (const [pc, barrier] of this.parsed.barriers) {
      this.barrierId[pc] = barrier.id;
      this.barrierWarps[pc] = barrier.threads === undefined ? 0 : barrier.threads / 32;
      const arrivesOnly = this.parsed.modifiers[pc].includes("ARV");
      this.barrierDefers[pc] = arrivesOnly || this.parsed.modifiers[pc].includes("DEFER_BLOCKING") ? 1 : 0;
      this.barrierArrivesOnly[pc] = arrivesOnly ? 1 : 0;
    }
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

/** Appends register `r` to pool[from..] unless it is a zero register or already there. */
function addOnce(pool: number[], from: number, r: number): void {
  if (isZeroRegister(r)) return;
  for (let k = from; k < pool.length; k++) if (pool[k] === r) return;
  pool.push(r);
}

/** A MEMBAR's wait on this architecture: .GPU and .SYS scopes (ArchSpec.memoryFence), else 0. */
function fenceCycles(modifiers: readonly string[], arch: ArchSpec): number {
  const fence = arch.memoryFence;
  if (fence === undefined) return 0;
  if (modifiers.includes("SYS")) return fence.systemCycles;
  return modifiers.includes("GPU") ? fence.gpuCycles : 0;
}
