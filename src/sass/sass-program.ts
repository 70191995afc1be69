import type { ScenarioIssue } from "../errors.js";
import { ParsedProgram, ParsedProgramBuilder, type ParsedInstruction } from "../program/parsed-program.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import { OPCODES, OpKind, Reg } from "../program/opcodes.js";
import { readSass, type SassInstruction, type SassKernel } from "./read-sass.js";
import { sharedWavefronts } from "./bank-conflicts.js";
import { registerReads } from "./register-reads.js";
import { addressKey, byAddress, isPadding, isTrap, jumpShare, neverTaken, overlappingLoops, reachable, waitedBarriers, warnConflicts } from "./control-flow.js";

export { addressKey } from "./control-flow.js";

/** How to run a kernel's SASS: which kernel, and what the text cannot say about control flow. */
export interface SassOptions {
  /** Kernel name; may be left out when the file holds one kernel. */
  readonly kernel?: string;
  /**
   * Trips per loop (executions of its body each time it is entered), keyed by the address of
   * the loop's backward branch or of its first instruction: { "0x01c0": 64 }.
   */
  readonly trips?: Readonly<Record<string, number>>;
  /** Trips of loops not named in `trips`; without it, such a loop is an error. */
  readonly defaultTrips?: number;
  /** Warps follow their own executed paths (a run from the arguments): the declared loops' and branches' warnings do not apply. */
  readonly executed?: boolean;
  /**
   * Share (0..1) of executions in which a guarded forward branch or guarded EXIT is taken,
   * keyed by its address. Default 0: bounds checks pass, early exits are not taken.
   */
  readonly taken?: Readonly<Record<string, number>>;
  /**
   * n-way bank conflict of a shared-memory access (LDS, STS, LDSM, ATOMS), keyed by its
   * address: its wavefronts are multiplied by n. Default 1 (conflict-free).
   */
  readonly conflicts?: Readonly<Record<string, number>>;
  /**
   * The block's shape as the kernel indexes it (threadIdx.x, .y, .z), for the bank conflicts
   * derived from the listing's address arithmetic. Default: the block's threads along x.
   */
  readonly blockDim?: readonly [number, number, number];
  /**
   * Latency distribution of particular global loads (LDG, LDL, LD, ATOMG), keyed by address:
   * { "0x0110": { kind: mix, levels: [...] } }. Others use the scenario's memory.latency.
   */
  readonly loads?: Readonly<Record<string, LatencyDistribution>>;
}

export type SassProgramResult =
  | { readonly ok: true; readonly program: ParsedProgram; readonly kernel: SassKernel; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

/**
 * Turns one kernel's SASS into the program the engine runs. Dependencies are the hardware's:
 * the control code's stall count for fixed-latency results, and its dependency barriers for
 * variable-latency ones (an instruction that sets SBn writes a pseudo-register SBn when its
 * result lands; one whose wait mask names SBn waits for it). Registers themselves carry no
 * dependency: the compiler encoded them all in the control codes. Control flow: backward
 * branches close loops (trips from the options), forward branches and guarded EXITs are taken
 * their share of the time, unreached code is left out with a warning.
 */
export function sassProgram(kernels: readonly SassKernel[], options: SassOptions, file: string): SassProgramResult {
  const issues: ScenarioIssue[] = [];
  const kernel = pickKernel(kernels, options, file, issues);
  if (kernel === undefined) return { ok: false, issues };
  checkInstructions(kernel, file, issues);
  if (issues.length > 0) return { ok: false, issues };
  const t = startTranslation(kernel, options, file, issues);
  warnNotSimulated(t);
  const builder = new ParsedProgramBuilder("");
  for (let pc = 0; pc < t.kept.length; pc++) builder.push(translate(t, pc));
  const overlap = overlappingLoops(t.loops, t.list, t.kept);
  if (overlap !== undefined && options.executed !== true) t.warnings.push(`${file}: kernel ${kernel.name}: loops ${overlap} overlap without nesting (code that handles divergence); each back edge counts its own trips.`);
  checkOverrides(t);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, program: new ParsedProgram(builder), kernel, warnings: t.warnings };
}

/** What translating one kernel works with: the listing, what is kept of it, the user's overrides, and what it has used and said so far. */
interface Translation {
  readonly kernel: SassKernel;
  readonly options: SassOptions;
  readonly file: string;
  readonly issues: ScenarioIssue[];
  readonly warnings: string[];
  readonly list: readonly SassInstruction[];
  /** Which instructions are reachable, and the indices of those kept (the program's pcs). */
  readonly reached: readonly boolean[];
  readonly kept: readonly number[];
  /** Each kept instruction's pc, by address. */
  readonly pcOf: ReadonlyMap<number, number>;
  readonly trips: Map<number, { key: string; value: number }>;
  readonly taken: Map<number, { key: string; value: number }>;
  readonly conflicts: Map<number, { key: string; value: number }>;
  readonly loads: Map<number, { key: string; value: LatencyDistribution }>;
  /** Bank conflicts derived from the listing's address arithmetic (with blockDim). */
  readonly derived: ReadonlyMap<number, number>;
  readonly usedTrips: Set<number>;
  readonly usedTaken: Set<number>;
  readonly loops: { start: number; end: number }[];
  /** Counter slots: loops take the first ones, in program order of their branches; jumps with a share the rest. */
  loopSlot: number;
  jumpSlot: number;
  /** The kernel's DEPBAR.LE SB0, n waits for cp.async groups (it has LDGSTS): waitedBarriers. */
  readonly cpAsync: boolean;
}

function fail(t: Pick<Translation, "issues" | "file">, path: readonly (string | number)[], line: number | undefined, expected: string, found: string): void {
  t.issues.push({ code: "bad_program", file: t.file, path, ...(line !== undefined ? { line } : {}), expected, found });
}

/** The kernel the options name, or the file's only one. */
function pickKernel(kernels: readonly SassKernel[], options: SassOptions, file: string, issues: ScenarioIssue[]): SassKernel | undefined {
  const kernel = options.kernel === undefined ? (kernels.length === 1 ? kernels[0] : undefined) : kernels.find((k) => k.name === options.kernel);
  const same = kernel === undefined ? [] : kernels.filter((k) => k.name === kernel.name);
  if (same.length > 1) {
    fail({ issues, file }, ["program", "kernel"], same[1].line, `one kernel named ${kernel!.name} (cut the listing to one architecture's code)`, `${same.length}, at lines ${same.map((k) => k.line).join(", ")}`);
    return undefined;
  }
  if (kernel === undefined) {
    const names = kernels.map((k) => k.name).join(", ");
    fail({ issues, file }, ["program", "kernel"], undefined, `${options.kernel === undefined ? "a kernel name (the file holds several)" : "the name of a kernel in the file"}: ${names}`, options.kernel ?? "no kernel named");
  }
  return kernel;
}

/** Every opcode known, no absolute jumps, every branch to an instruction of the kernel. */
function checkInstructions(kernel: SassKernel, file: string, issues: ScenarioIssue[]): void {
  const addresses = new Set(kernel.instructions.map((ins) => ins.address));
  for (const ins of kernel.instructions) {
    if (OPCODES[ins.opcode] === undefined) {
      issues.push({ code: "unknown_opcode", file, path: ["program", "sass"], line: ins.line, expected: "an opcode warpsim knows (docs/sass.md, \"Opcodes\")", found: `"${ins.opcode}" in "${ins.text}"` });
    } else if (ins.opcode === "JMX" || ins.opcode === "JMP") {
      fail({ issues, file }, ["program", "sass"], ins.line, "direct branches (BRA, EXIT), calls and BRX; absolute jumps (JMP, JMX) are not modelled", `"${ins.text}"`);
    } else if (ins.target !== undefined && ins.opcode === "BRA" && !addresses.has(ins.target)) {
      fail({ issues, file }, ["program", "sass"], ins.line, `a branch to an instruction of kernel ${kernel.name}`, `"${ins.text}": no instruction at ${addressKey(ins.target)}`);
    }
  }
}

/** The reachable instructions and the user's overrides, read once; loops counted for their slots. */
function startTranslation(kernel: SassKernel, options: SassOptions, file: string, issues: ScenarioIssue[]): Translation {
  const list = kernel.instructions;
  const index = new Map<number, number>();
  list.forEach((ins, i) => index.set(ins.address, i));
  const reached = reachable(list, index, options.executed === true);
  const kept: number[] = [];
  for (let i = 0; i < list.length; i++) if (reached[i]) kept.push(i);
  const pcOf = new Map<number, number>();
  kept.forEach((i, pc) => pcOf.set(list[i].address, pc));
  const keptIns = kept.map((i) => list[i]);
  const derived = options.blockDim === undefined ? new Map<number, number>() : sharedWavefronts(keptIns, { blockDim: options.blockDim });
  let loopSlots = 0;
  for (const ins of keptIns) if (ins.opcode === "BRA" && ins.target !== undefined && ins.target <= ins.address && !neverTaken(ins) && !isTrap(ins)) loopSlots++;
  return {
    kernel,
    options,
    file,
    issues,
    warnings: [],
    list,
    reached,
    kept,
    pcOf,
    trips: byAddress(options.trips),
    taken: byAddress(options.taken),
    conflicts: byAddress(options.conflicts),
    loads: byAddress<LatencyDistribution>(options.loads),
    derived,
    usedTrips: new Set(),
    usedTaken: new Set(),
    loops: [],
    loopSlot: 0,
    jumpSlot: loopSlots,
    // SB0 counts cp.async groups where the kernel has LDGSTS (bulk stores' groups are the async unit's).
    cpAsync: keptIns.some((i) => i.opcode === "LDGSTS") && !keptIns.some((i) => i.opcode === "UTMACMDFLUSH"),
  };
}

/** What is not simulated as written, said once per kind: unreached code, BRX, CALL, bank conflicts, a reached trap. */
function warnNotSimulated(t: Translation): void {
  const { list, reached, kept } = t;
  const warn = (items: readonly SassInstruction[], what: (n: number, where: string) => string) => {
    if (items.length === 0) return;
    const where = items.slice(0, 5).map((i) => `${addressKey(i.address)} line ${i.line}`).join(", ") + (items.length > 5 ? ", ..." : "");
    t.warnings.push(`${t.file}: kernel ${t.kernel.name}: ${what(items.length, where)}`);
  };
  const s = (n: number, one: string, many: string) => (n === 1 ? one : many);
  warn(
    list.filter((_, i) => !reached[i] && !isPadding(list, i, reached)),
    (n, where) => `${n} unreached ${s(n, "instruction", "instructions")} left out (${where}).`,
  );
  const keptIns = kept.map((i) => list[i]);
  warn(
    keptIns.filter((i) => i.opcode === "BRX"),
    (n, where) => `${n} indirect ${s(n, "branch", "branches")} (BRX, a switch's jump table: ${where}) taken as falling through to the next instruction (its table is not in the listing).`,
  );
  // A run from the arguments runs the functions called from the listing (run-warp.ts).
  warn(
    keptIns.filter((i) => i.opcode === "CALL" && (t.options.executed !== true || i.target === undefined || !t.pcOf.has(i.target))),
    (n, where) => `${n} ${s(n, "CALL", "CALLs")} (${where}) issue as one instruction each; the functions they call are not simulated (usually slow paths, such as division's).`,
  );
  warnConflicts(keptIns, t.derived, t.conflicts, (text) => t.warnings.push(`${t.file}: kernel ${t.kernel.name}: ${text}`));
  // A run from the arguments takes each warp's own path: the trap is reached only if the kernel does.
  warn(
    t.options.executed === true ? [] : keptIns.filter(isTrap),
    (_n, where) =>
      `the end-of-kernel trap (BRA to itself) is reached (${where}): a path runs on past its loops, probably where the real loop exits through a guarded EXIT or branch whose share was left at 0; the warp ends there.`,
  );
}

/** The program's instruction at `pc`: its opcode and dependency barriers, with its loop, jump or barrier and what the user declared for it. */
function translate(t: Translation, pc: number): ParsedInstruction {
  const ins = t.list[t.kept[pc]];
  // The compiler's trap after the last EXIT (an unguarded BRA to itself), reached: a path that
  // runs past its loops' trips into it (a loop that really exits through a guarded EXIT whose
  // share is 0). The warp ends there, as at an EXIT.
  const trap = isTrap(ins);
  const { conflicts, derived, loads } = t;
  // The operand-reuse cache holds what the instruction before it in the listing marked.
  const reads = trap ? [] : registerReads(ins, t.kept[pc] > 0 ? t.list[t.kept[pc] - 1] : undefined);
  return {
    base: trap ? "EXIT" : ins.opcode,
    modifiers: trap ? [] : ins.modifiers,
    dsts: ins.control.writeBarrier >= 0 ? [Reg.SB0 + ins.control.writeBarrier] : [],
    srcs: waitedBarriers(ins, t.cpAsync),
    line: ins.line,
    text: `/*${ins.address.toString(16).padStart(4, "0")}*/ ${ins.text}`,
    stall: ins.control.stall,
    ...(ins.control.readBarrier >= 0 ? { readBarrier: Reg.SB0 + ins.control.readBarrier } : {}),
    ...(conflicts.has(ins.address) && OPCODES[ins.opcode].sharedMemory === true ? { conflicts: conflicts.get(ins.address)!.value } : {}),
    ...(derived.has(ins.address) ? { wavefronts: derived.get(ins.address)! } : {}),
    ...(loads.has(ins.address) && OPCODES[ins.opcode].kind === OpKind.loadGlobal ? { loadLatency: loads.get(ins.address)!.value } : {}),
    ...(reads.length > 0 ? { registerReads: reads } : {}),
    ...(trap ? {} : controlOf(t, ins, pc)),
  };
}

/**
 * A branch's place in the control flow: a backward BRA closes a loop (its trips from the
 * options), a forward BRA or guarded EXIT is a jump taken its share of the time, a BAR a block
 * barrier.
 */
function controlOf(t: Translation, ins: SassInstruction, pc: number): Pick<ParsedInstruction, "loop" | "jump" | "barrier"> {
  if (ins.opcode === "BRA" && ins.target !== undefined && !neverTaken(ins)) {
    const target = t.pcOf.get(ins.target)!;
    if (ins.target > ins.address) {
      const share = jumpShare(ins, t.taken, t.usedTaken);
      return { jump: { target, takenFraction: share, slot: share > 0 && share < 1 ? t.jumpSlot++ : -1 } };
    }
    const given = t.trips.get(ins.address) ?? t.trips.get(ins.target);
    if (given !== undefined) t.usedTrips.add(t.trips.get(ins.address) !== undefined ? ins.address : ins.target);
    const n = given?.value ?? t.options.defaultTrips;
    if (n === undefined || !Number.isInteger(n) || n < 1) {
      fail(
        t,
        ["program", "trips"],
        ins.line,
        `a whole number of trips >= 1 for the loop ${addressKey(ins.target)}..${addressKey(ins.address)} of kernel ${t.kernel.name} (trips: { "${addressKey(ins.address)}": N } in the scenario, --trip ${addressKey(ins.address)}=N, or a default)`,
        n === undefined ? "none given" : String(n),
      );
      return {};
    }
    t.loops.push({ start: target, end: pc });
    return { loop: { start: target, trips: n, slot: t.loopSlot++ } };
  }
  if (ins.opcode === "BRA" && neverTaken(ins)) return { jump: { target: pc + 1, takenFraction: 0, slot: -1 } };
  if (ins.opcode === "EXIT" && ins.guard !== undefined) {
    const share = jumpShare(ins, t.taken, t.usedTaken);
    return { jump: { target: -1, takenFraction: share, slot: share > 0 && share < 1 ? t.jumpSlot++ : -1 } };
  }
  if (ins.opcode === "BAR") return { barrier: barrierOf(t, ins) };
  return {};
}

/**
 * BAR.SYNC, BAR.ARV or BAR.RED id[, threads]: an immediate id 0..15 and a thread count that is a
 * multiple of 32. BAR.RED.POPC/AND/OR (`__syncthreads_count/and/or`) waits as BAR.SYNC does; its
 * predicate operand is the value reduced, which B2R.RESULT reads (unknown to the executor: the
 * block's other warps run apart from this one).
 */
function barrierOf(t: Translation, ins: SassInstruction): NonNullable<ParsedInstruction["barrier"]> {
  const kind = ins.modifiers[0];
  if (kind !== undefined && kind !== "SYNC" && kind !== "SYNCALL" && kind !== "ARV" && kind !== "RED") {
    fail(t, ["program", "sass"], ins.line, "BAR.SYNC, BAR.ARV or BAR.RED (BAR.SCAN is not modelled)", `"${ins.text}"`);
  }
  const numbers = kind === "RED" ? ins.operands.filter((o) => !/^!?P[0-6T]$/.test(o)) : ins.operands;
  const id = numbers[0] === undefined ? 0 : Number(numbers[0]);
  const threads = numbers[1] === undefined ? undefined : Number(numbers[1]);
  if (!Number.isInteger(id) || id < 0 || id > 15 || (threads !== undefined && (!Number.isInteger(threads) || threads % 32 !== 0 || threads <= 0))) {
    fail(t, ["program", "sass"], ins.line, "BAR.SYNC with an immediate barrier id 0..15 and an optional thread count that is a multiple of 32", `"${ins.text}"`);
  }
  return threads === undefined ? { id } : { id, threads };
}

/** Every override names an instruction it can apply to, with a value in range. */
function checkOverrides(t: Translation): void {
  const name = t.kernel.name;
  const at = (address: number) => t.list.find((i) => i.address === address);
  for (const [address, { key }] of t.trips) {
    if (!t.usedTrips.has(address)) fail(t, ["program", "trips", key], undefined, `the address of a loop's backward branch or first instruction in kernel ${name}`, key);
  }
  for (const [address, { key, value }] of t.taken) {
    if (!t.usedTaken.has(address)) fail(t, ["program", "taken", key], undefined, `the address of a guarded forward BRA or guarded EXIT in kernel ${name}`, key);
    else if (!(value >= 0 && value <= 1)) fail(t, ["program", "taken", key], undefined, "a share of executions taken, 0..1", String(value));
  }
  for (const [address, { key }] of t.loads) {
    const ins = at(address);
    if (ins === undefined || OPCODES[ins.opcode].kind !== OpKind.loadGlobal) {
      fail(t, ["program", "loads", key], undefined, `the address of a global or local load (LDG, LDL, LD, ATOMG, LDGSTS) in kernel ${name}`, key);
    }
  }
  for (const [address, { key, value }] of t.conflicts) {
    const ins = at(address);
    if (ins === undefined || OPCODES[ins.opcode].sharedMemory !== true) {
      fail(t, ["program", "conflicts", key], undefined, `the address of a shared-memory access (LDS, STS, LDSM, ATOMS) in kernel ${name}`, key);
    } else if (!Number.isInteger(value) || value < 1 || value > 32) {
      fail(t, ["program", "conflicts", key], undefined, "an n-way bank conflict, a whole number 1..32", String(value));
    }
  }
}

/** Highest general register the kernel names (R0..R254), or -1: for a registers-per-thread default. */
export function highestRegister(kernel: SassKernel): number {
  let highest = -1;
  for (const ins of kernel.instructions) {
    for (const operand of ins.operands) {
      for (const m of operand.matchAll(/(?<![A-Za-z])R(\d+)(\.64|\.128)?/g)) {
        const width = m[2] === ".128" ? 4 : m[2] === ".64" ? 2 : 1;
        highest = Math.max(highest, Number(m[1]) + width - 1);
      }
    }
  }
  return highest;
}
