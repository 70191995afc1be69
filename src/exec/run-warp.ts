import type { SassKernel } from "../sass/read-sass.js";
import { ASYNC_OPCODES, SyncRecorder, executeAsync } from "./async-ops.js";
import { type Decoded, type ExecContext, branchLanes, decode, execute, guardLanes, guardUnknown } from "./execute.js";
import type { PathSyncs } from "../sm/async/sync-ops.js";
import { ACCESS_BYPASS_L1, ACCESS_CACHED, ACCESS_CONSTANT, ACCESS_LOCAL, ACCESS_SHARED, ACCESS_UNKNOWN, type PathAccesses } from "../sm/warp-paths.js";
import { GLOBAL_ACCESSES, GLOBAL_ATOMICS, LOCAL_ACCESSES, accessSectors, accessWidth, bypassesL1, globalOperand, sharedAccessWavefronts } from "./lane-addresses.js";
import { type BarrierState, moveBarrier } from "./barrier-moves.js";
import { WarpLocalMemory } from "./local-memory.js";
import { LANES, WarpRegisters } from "./warp-registers.js";
import { RZ } from "./operands.js";
import { atomicRounds, partialLines } from "../sm/memory/coalescer.js";
import { delayOf, l1Stages, passesOf, stages } from "../sm/memory/l1-passes.js";

/** A kernel decoded once for functional runs: its instructions and where each address is. */
export interface ExecutableKernel {
  readonly kernel: SassKernel;
  readonly decoded: readonly Decoded[];
  readonly indexOf: ReadonlyMap<number, number>;
  /** What runWarp does with each instruction (a FLOW_ code), decided once instead of per issue. */
  readonly flow: Uint8Array;
  /** Each BRA's target as an instruction index (-1: none or outside the kernel). */
  readonly targetIndex: Int32Array;
  /** 1 where a BRA jumps forward over a CALL (the compiler's `@P0 BRA fast` around a slow path). */
  readonly skipsCall: Uint8Array;
}

const FLOW_COMPUTE = 0;
const FLOW_BRA = 1;
const FLOW_EXIT = 2;
const FLOW_BSSY = 3;
const FLOW_BSYNC = 4;
const FLOW_BREAK = 5;
const FLOW_ASYNC = 6;
const FLOW_GLOBAL = 7;
const FLOW_LOCAL = 8;
const FLOW_SHARED = 9;
const FLOW_CALL = 10;
const FLOW_RET = 11;
const FLOW_BARRIER = 12;
/** LDC with a register in its offset (`c[0x3][R8+0x30]`): each lane may ask for its own word (memory-paths.ts times it). */
const FLOW_CONSTANT = 13;
/** WARPSYNC.EXCLUSIVE Rmask (cooperative groups' tiles): lanes naming different masks run apart. */
const FLOW_WARPSYNC = 14;
/** CCTL.E.PF2: a prefetch into the L2, recorded as an access, never bounds-checked (a prefetch does not fault). */
const FLOW_PREFETCH = 15;
/** BMOV between a convergence barrier and a register: a called function saves its caller's barrier and restores it before RET. */
const FLOW_BMOV = 16;
const FLOWS: Readonly<Record<string, number>> = { BMOV: FLOW_BMOV, BRA: FLOW_BRA, EXIT: FLOW_EXIT, BSSY: FLOW_BSSY, BSYNC: FLOW_BSYNC, BREAK: FLOW_BREAK, CALL: FLOW_CALL, RET: FLOW_RET, LDS: FLOW_SHARED, STS: FLOW_SHARED, LDSM: FLOW_SHARED };

function flowOf(opcode: string, modifiers: readonly string[]): number {
  // A block-wide barrier that waits (BAR.SYNC, BAR.RED; not BAR.ARV): where the block's warps meet (run-block.ts).
  if (opcode === "BAR" && !modifiers.includes("ARV")) return FLOW_BARRIER;
  if (opcode === "WARPSYNC" && modifiers.includes("EXCLUSIVE")) return FLOW_WARPSYNC;
  if (Object.hasOwn(FLOWS, opcode)) return FLOWS[opcode];
  if (ASYNC_OPCODES.has(opcode)) return FLOW_ASYNC;
  if (GLOBAL_ACCESSES.has(opcode)) return FLOW_GLOBAL;
  // A prefetch into the L2 (CCTL.E.PF2): its sectors are recorded (memory-paths.ts moves them).
  if (opcode === "CCTL" && modifiers.includes("PF2")) return FLOW_PREFETCH;
  if (LOCAL_ACCESSES.has(opcode)) return FLOW_LOCAL;
  return FLOW_COMPUTE;
}

export function executableKernel(kernel: SassKernel): ExecutableKernel {
  const indexOf = new Map<number, number>();
  kernel.instructions.forEach((ins, i) => indexOf.set(ins.address, i));
  const decoded = kernel.instructions.map(decode);
  const flow = Uint8Array.from(kernel.instructions, (ins, i) => (ins.opcode === "LDC" && indexedConstant(decoded[i]) ? FLOW_CONSTANT : flowOf(ins.opcode, ins.modifiers)));
  const targetIndex = Int32Array.from(kernel.instructions, (ins) => (ins.target === undefined ? -1 : (indexOf.get(ins.target) ?? -1)));
  const skipsCall = Uint8Array.from(flow, (kind, i) => (kind === FLOW_BRA && targetIndex[i] > i && flow.subarray(i + 1, targetIndex[i]).includes(FLOW_CALL) ? 1 : 0));
  return { kernel, decoded, indexOf, flow, targetIndex, skipsCall };
}

/**
 * The lanes of `mask` whose WARPSYNC mask register holds the same known value as the lowest
 * lane's; 0 when the operand is not a register or that lane's value is unknown.
 */
function sameMaskLanes(d: Decoded, regs: WarpRegisters, mask: number): number {
  const m = d.ops[0];
  if (m?.kind !== "reg" || m.index === RZ || mask === 0) return 0;
  const first = 31 - Math.clz32(mask & -mask);
  if (!regs.isKnown(m.index, first)) return 0;
  const value = regs.get(m.index, first);
  let group = 0;
  for (let l = 0; l < LANES; l++) if (((mask >>> l) & 1) !== 0 && regs.isKnown(m.index, l) && regs.get(m.index, l) === value) group |= 1 << l;
  return group;
}

/** Whether an LDC's constant operand is indexed by a per-lane register. */
function indexedConstant(d: Decoded): boolean {
  const c = d.ops[1];
  return c?.kind === "const" && c.reg >= 0 && c.reg !== RZ;
}

/** What one warp did, run functionally from its entry to the exit of its last lane. */
export interface WarpRun {
  /** Warp-level instructions issued (ncu's inst_executed counts these, predicated-off ones included). */
  readonly instructions: number;
  /** Issues of each instruction (by index in the kernel). */
  readonly executions: Float64Array;
  /** For each branch (by index): issues in which every running lane took it, and in which only some did (the warp split). */
  readonly taken: Float64Array;
  readonly split: Float64Array;
  /** Branches whose direction depended on values the executor does not know, by address: times decided as not taken. */
  readonly unknownBranches: ReadonlyMap<number, number>;
  /** True when the run stopped at the instruction limit instead of every lane exiting. */
  readonly runaway: boolean;
  /**
   * The warp's path, when asked for (`record`): each issue whose instruction does not follow the
   * one before (a branch taken, a group resumed) as its issue number (0-based) and the
   * instruction's index; every other issue is the next instruction.
   */
  readonly path?: { readonly jumpAt: Float64Array; readonly jumpTo: Int32Array; readonly accesses: WarpAccesses; readonly syncs?: PathSyncs; readonly barrierSkips?: Float64Array };
  /** The first global access outside every buffer of the launch (Launch.buffers), if any. */
  readonly outOfBounds?: OutOfBounds;
}

/**
 * The accesses of a warp's path (with `record`), in issue order, in the model's form
 * (sm/warp-paths.ts PathAccesses: issue numbers, instructions, kinds, sectors, wavefronts).
 */
export type WarpAccesses = PathAccesses;

/** A global access outside every buffer: which instruction, lane and address. */
export interface OutOfBounds {
  readonly address: number;
  readonly instruction: number;
  readonly lane: number;
}

/** Stores whose lines the L2 takes (a line written in part costs it more): global and local, not reductions. */
const PLAIN_STORES: ReadonlySet<string> = new Set(["STG", "ST", "STL"]);

/** Opcodes that address global memory explicitly (generic LD/ST may reach shared or local memory: not checked). */

/**
 * Runs one warp of a launch functionally, as the hardware's SIMT model of sm_70 and later
 * executes it: the active lanes run together; a branch some lanes take and some do not splits
 * them, one group at a time (the rest wait on a stack); BSSY Bx, addr records which lanes must
 * meet again at BSYNC Bx, where a group waits until every such lane (not exited) has arrived;
 * BRA.DIV is taken when the warp is split; EXIT retires the lanes it runs on. Every issue of an
 * instruction counts once for the warp, whatever lanes run it, as ncu counts inst_executed (so a
 * BSYNC reached by two groups counts twice, ncu's "once per path").
 *
 * A guard that depends on loaded data (unknown) is taken as false, and the branch is reported;
 * a forward branch over a CALL (around a slow path) is taken instead.
 */
export function runWarp(exe: ExecutableKernel, ctx: ExecContext, threadsPerBlock: number, maxInstructions: number, record = false): WarpRun {
  const steps = warpSteps(exe, ctx, threadsPerBlock, maxInstructions, record);
  let step = steps.next();
  while (step.done !== true) step = steps.next();
  return step.value;
}

/**
 * runWarp as a generator that pauses at each block-wide barrier it reaches (BAR.SYNC,
 * BAR.RED), so that a block's warps can run phase by phase with their shared memory
 * (run-block.ts); its value, once done, is the warp's run.
 */
export function* warpSteps(exe: ExecutableKernel, ctx: ExecContext, threadsPerBlock: number, maxInstructions: number, record = false): Generator<void, WarpRun, void> {
  const { decoded, flow, targetIndex } = exe;
  const regs = WarpRegisters.acquire();
  const executions = new Float64Array(decoded.length);
  const takenAll = new Float64Array(decoded.length);
  const split = new Float64Array(decoded.length);
  const unknownBranches = new Map<number, number>();
  const first = ctx.warpInBlock * LANES;
  const live = first + LANES <= threadsPerBlock ? -1 : (1 << Math.max(0, threadsPerBlock - first)) - 1;
  let exited = 0;
  // Convergence barriers B0..B15: the lanes that must meet, those arrived, and where the waiting groups resume.
  const expected = new Int32Array(16);
  const arrived = new Int32Array(16);
  const resumeAt = new Int32Array(16).fill(-1);
  const stack: [number, number][] = [];
  // Barriers saved by BMOV (a recursive call's frames), restored last-saved first.
  const saved: BarrierState[] = [];
  const local = new WarpLocalMemory();
  // Where each CALL in progress returns to (the compiler's RET.REL names the same place in a register).
  const calls: number[] = [];
  // Whether the last branch was decided without knowing its guard.
  let guessed = false;
  let pc = 0;
  let mask = live;
  let instructions = 0;
  const jumpAt: number[] = [];
  // Issues (1-based) of a BAR whose guard held for no lane: the warp neither arrives nor waits.
  const barrierSkips: number[] = [];
  const jumpTo: number[] = [];
  let lastPc = -1;
  let outOfBounds: OutOfBounds | undefined;
  const access = record ? new AccessRecorder() : undefined;
  const syncs = record ? new SyncRecorder() : undefined;
  const next = (): boolean => {
    // Resume a barrier whose lanes have all arrived (exits count), else the next waiting group.
    for (let b = 0; b < 16; b++) {
      const need = expected[b] & ~exited;
      if (resumeAt[b] >= 0 && (arrived[b] & need) === need) {
        pc = resumeAt[b];
        mask = need;
        resumeAt[b] = -1;
        arrived[b] = 0;
        if (mask !== 0) return true;
      }
    }
    const g = stack.pop();
    if (g === undefined) return false;
    [pc, mask] = g;
    return true;
  };
  while (instructions < maxInstructions) {
    if ((mask & ~exited) === 0 || pc >= decoded.length) {
      if (!next()) break;
      continue;
    }
    mask &= ~exited;
    const d = decoded[pc];
    if (record && pc !== lastPc + 1) {
      jumpAt.push(instructions);
      jumpTo.push(pc);
    }
    lastPc = pc;
    executions[pc]++;
    instructions++;
    const kind = flow[pc];
    const lanes = kind === FLOW_BRA ? branchLanes(d, regs, mask) : guardLanes(d, regs, mask);
    if (record && lanes === 0 && d.ins.opcode === "BAR") barrierSkips.push(instructions);
    if (guardUnknown && (kind === FLOW_BRA || kind === FLOW_EXIT)) unknownBranches.set(d.ins.address, (unknownBranches.get(d.ins.address) ?? 0) + 1);
    if (kind === FLOW_BRA) guessed = guardUnknown;
    if (kind === FLOW_BRA) {
      const target = targetIndex[pc];
      let taken = d.mods.has("DIV") ? (mask !== (live & ~exited) ? lanes : 0) : lanes;
      // BRA.U.ANY (the compiler's ELECT loop around a TMA copy): every lane goes when any lane's guard holds.
      if (d.mods.has("ANY")) taken = lanes !== 0 ? mask : 0;
      // Decided on unknown data, a branch around a slow path (division's, square root's, a
      // printf) goes around it: real data rarely needs it (dnorm: 16% too many instructions else).
      if (guardUnknown && exe.skipsCall[pc] === 1) taken = mask;
      if (target < 0) taken = 0;
      if (target === pc && d.ins.guard === undefined) {
        // The compiler's trap after the last EXIT: a path that reaches it ends there.
        exited |= mask;
        continue;
      }
      if (taken === mask) {
        takenAll[pc]++;
        pc = target;
      } else if (taken === 0) pc++;
      else {
        split[pc]++;
        stack.push([pc + 1, mask & ~taken]);
        pc = target;
        mask = taken;
      }
      continue;
    }
    if (kind === FLOW_EXIT) {
      if (lanes === mask) takenAll[pc]++;
      else if (lanes !== 0) split[pc]++;
      exited |= lanes;
      pc++;
      continue;
    }
    if (kind === FLOW_BSSY) {
      const b = barrierIndex(d);
      expected[b] = mask;
      arrived[b] = 0;
      resumeAt[b] = -1;
      pc++;
      continue;
    }
    if (kind === FLOW_BSYNC) {
      const b = barrierIndex(d);
      arrived[b] |= mask;
      resumeAt[b] = pc + 1;
      mask = 0; // wait: next() resumes the barrier once every expected lane is there
      continue;
    }
    if (kind === FLOW_CALL) {
      // CALL.REL to a function of the listing (division's slow path, a __noinline__ function):
      // its body runs, and RET comes back after the CALL. A call outside the listing (CALL.ABS
      // to vprintf) issues alone, and so does one reached because the branch before it was
      // decided on unknown data: the slow paths sit behind `@P0 BRA fast`, which data that is
      // not known takes as not taken, where real data rarely goes (dnorm: 44% slow otherwise).
      if (lanes !== 0 && targetIndex[pc] >= 0 && !guessed) {
        calls.push(pc + 1);
        pc = targetIndex[pc];
      } else pc++;
      continue;
    }
    if (kind === FLOW_RET) {
      pc = lanes !== 0 && calls.length > 0 ? calls.pop()! : pc + 1;
      continue;
    }
    if (kind === FLOW_BMOV) {
      moveBarrier(d, regs, lanes, { expected, arrived, resumeAt }, saved);
      pc++;
      continue;
    }
    if (kind === FLOW_WARPSYNC) {
      // `WARPSYNC.EXCLUSIVE R7` with R7 = 0xffff << (laneid & ~15) (a cg::tiled_partition<16>
      // reduce): each group of lanes naming one mask runs the region up to the BSYNC on its own,
      // the others from this WARPSYNC again, as ncu counts (cg_tile_reduce: 4 more instructions
      // per warp than one pass, its WARPSYNC, REDUX, IMAD and BSYNC twice).
      const group = sameMaskLanes(d, regs, mask);
      if (group !== 0 && group !== mask) {
        stack.push([pc, mask & ~group]);
        mask = group;
      }
      pc++;
      continue;
    }
    if (kind === FLOW_BREAK) {
      const b = barrierIndex(d);
      expected[b] &= ~lanes;
      pc++;
      continue;
    }
    if (kind === FLOW_BARRIER) {
      // The other warps of the block run up to this barrier before this one goes on.
      if (lanes !== 0) yield;
      execute(d, regs, lanes, ctx);
      pc++;
      continue;
    }
    if (kind === FLOW_ASYNC) {
      // Copies into shared memory and mbarrier updates write words the executor does not follow.
      if (d.ins.opcode !== "ELECT" && d.ins.opcode !== "USETMAXREG") ctx.shared?.clear();
      executeAsync(d, regs, lanes, ctx, instructions, pc, syncs, access);
      pc++;
      continue;
    }
    const global = kind === FLOW_GLOBAL;
    if (outOfBounds === undefined && ctx.launch.buffers !== undefined && global) outOfBounds = checkAddresses(d, regs, lanes, ctx.launch.buffers, pc);
    if (access !== undefined && (global || kind === FLOW_LOCAL || kind === FLOW_PREFETCH)) access.add(instructions, pc, d, regs, lanes, ctx);
    else if (access !== undefined && kind === FLOW_SHARED) access.addShared(instructions, pc, d, regs, lanes);
    else if (access !== undefined && kind === FLOW_CONSTANT) access.addConstant(instructions, pc, d, regs, lanes);
    if (kind === FLOW_LOCAL && lanes !== 0) {
      if (d.ins.opcode === "LDL") local.load(d, regs, lanes);
      else local.store(d, regs, lanes);
    } else execute(d, regs, lanes, ctx);
    pc++;
  }
  const path = record ? { jumpAt: Float64Array.from(jumpAt), jumpTo: Int32Array.from(jumpTo), accesses: access!.done(), ...(syncs!.empty ? {} : { syncs: syncs!.done() }), ...(barrierSkips.length > 0 ? { barrierSkips: Float64Array.from(barrierSkips) } : {}) } : undefined;
  WarpRegisters.release(regs);
  return { instructions, executions, taken: takenAll, split, unknownBranches, runaway: instructions >= maxInstructions, ...(path ? { path } : {}), ...(outOfBounds ? { outOfBounds } : {}) };
}

/**
 * The first lane of `lanes` whose address (its 64-bit base register pair plus the offset, when
 * known) falls outside every buffer; undefined when all do or none is known.
 */
function checkAddresses(d: Decoded, regs: WarpRegisters, lanes: number, buffers: NonNullable<ExecContext["launch"]["buffers"]>, instruction: number): OutOfBounds | undefined {
  const mem = globalOperand(d);
  if (mem?.kind !== "mem" || !mem.wide) return undefined;
  const lo = regs.rows[mem.reg];
  const hi = mem.reg === RZ ? lo : regs.rows[mem.reg + 1];
  const known = mem.reg === RZ ? -1 : regs.known[mem.reg] & regs.known[mem.reg + 1];
  // Lanes of a warp mostly fall in one buffer: try the last lane's first.
  let last = buffers[0];
  for (let l = 0; l < LANES; l++) {
    if (((lanes & known) >>> l) & 1) {
      const address = (lo[l] >>> 0) + (hi[l] >>> 0) * 4294967296 + mem.offset;
      if (last !== undefined && address >= last.base && address < last.base + last.bytes) continue;
      const inside = buffers.find((b) => address >= b.base && address < b.base + b.bytes);
      if (inside === undefined) return { address, instruction, lane: l };
      last = inside;
    }
  }
  return undefined;
}

function barrierIndex(d: Decoded): number {
  const b = d.ops.find((o) => o.kind === "barrier");
  return b?.kind === "barrier" ? b.index : 0;
}

/** Collects a warp's accesses (WarpAccesses) as it runs. */
class AccessRecorder {
  private readonly at: number[] = [];
  private readonly instruction: number[] = [];
  private readonly kind: number[] = [];
  private readonly start: number[] = [0];
  /** The sectors, growing by doubling (a GEMM block's TMA copies record tens of thousands). */
  private sectors = new Float64Array(64);
  private sectorCount = 0;
  private readonly passes: number[] = [];
  private readonly delay: number[] = [];
  private readonly partial: number[] = [];
  private readonly masks = new Int32Array(2 * LANES);
  private readonly scratch = new Float64Array(LANES);
  private readonly touched = new Float64Array(2 * LANES);

  add(issue: number, instruction: number, d: Decoded, regs: WarpRegisters, lanes: number, ctx: ExecContext): void {
    const n = accessSectors(d, regs, lanes, ctx, this.scratch, this.touched);
    this.at.push(issue);
    this.instruction.push(instruction);
    this.kind.push(n < 0 ? ACCESS_UNKNOWN : LOCAL_ACCESSES.has(d.ins.opcode) ? ACCESS_LOCAL : bypassesL1(d) ? ACCESS_BYPASS_L1 : ACCESS_CACHED);
    for (let i = 0; i < n; i++) this.pushSector(this.touched[i]);
    this.start.push(this.sectorCount);
    // Passes: an atomic's rounds at the L2; a load's or store's cycles of the L1's pipe (l1-passes.ts).
    const atomic = GLOBAL_ATOMICS.has(d.ins.opcode);
    if (n <= 0 || atomic) {
      this.passes.push(n <= 0 ? 0 : Math.min(atomicRounds(this.scratch, lanes, accessWidth(d)), 65535));
      this.delay.push(0);
    } else {
      l1Stages(this.scratch, lanes, accessWidth(d), this.touched, n);
      this.passes.push(Math.min(passesOf(stages), 65535));
      this.delay.push(Math.min(delayOf(stages), 65535));
    }
    this.partial.push(n > 0 && PLAIN_STORES.has(d.ins.opcode) ? partialLines(this.scratch, lanes, accessWidth(d), this.touched, n, this.masks) : 0);
  }

  /** An asynchronous copy (UTMALDG, UBLKCP): the global sectors it reads, past the L1; unknown when its tensor map or source is. */
  addCopy(issue: number, instruction: number, sectors: readonly number[] | undefined): void {
    this.at.push(issue);
    this.instruction.push(instruction);
    this.kind.push(sectors === undefined ? ACCESS_UNKNOWN : ACCESS_BYPASS_L1);
    if (sectors !== undefined) for (let i = 0; i < sectors.length; i++) this.pushSector(sectors[i]);
    this.start.push(this.sectorCount);
    this.passes.push(0);
    this.delay.push(0);
    this.partial.push(0);
  }

  /**
   * A register-indexed constant load whose lanes' offsets are known: the distinct words they
   * ask for, its passes (else nothing is recorded, and it is timed as one).
   */
  addConstant(issue: number, instruction: number, d: Decoded, regs: WarpRegisters, lanes: number): void {
    const c = d.ops[1];
    if (c?.kind !== "const") return;
    const words = this.scratch;
    let n = 0;
    for (let l = 0; l < LANES; l++) {
      if (((lanes >>> l) & 1) === 0) continue;
      if (!regs.isKnown(c.reg, l)) return;
      const word = Math.floor((regs.get(c.reg, l) + c.offset) / 4);
      let seen = false;
      for (let j = 0; j < n && !seen; j++) seen = words[j] === word;
      if (!seen) words[n++] = word;
    }
    if (n === 0) return;
    this.at.push(issue);
    this.instruction.push(instruction);
    this.kind.push(ACCESS_CONSTANT);
    this.start.push(this.sectorCount);
    this.passes.push(n);
    this.delay.push(0);
    this.partial.push(0);
  }

  /** A shared-memory access whose lanes' addresses are known: its wavefronts (else nothing is recorded). */
  addShared(issue: number, instruction: number, d: Decoded, regs: WarpRegisters, lanes: number): void {
    const n = sharedAccessWavefronts(d, regs, lanes);
    if (n === undefined) return;
    this.at.push(issue);
    this.instruction.push(instruction);
    this.kind.push(ACCESS_SHARED);
    this.start.push(this.sectorCount);
    this.passes.push(Math.min(n, 65535));
    this.delay.push(0);
    this.partial.push(0);
  }

  private pushSector(sector: number): void {
    if (this.sectorCount === this.sectors.length) {
      const grown = new Float64Array(this.sectors.length * 2);
      grown.set(this.sectors);
      this.sectors = grown;
    }
    this.sectors[this.sectorCount++] = sector;
  }

  done(): WarpAccesses {
    return { at: Float64Array.from(this.at), instruction: Int32Array.from(this.instruction), kind: Uint8Array.from(this.kind), start: Int32Array.from(this.start), sectors: this.sectors.slice(0, this.sectorCount), passes: Uint16Array.from(this.passes), delay: Uint16Array.from(this.delay), partialLines: Uint8Array.from(this.partial) };
  }
}
