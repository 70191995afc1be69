import type { ScenarioIssue } from "../errors.js";
import { ParsedProgram, ParsedProgramBuilder, type ParsedInstruction } from "../program/parsed-program.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import { OPCODES, OpKind, Reg } from "../program/opcodes.js";
import { accessWords } from "../program/program.js";
import { readSass, type SassInstruction, type SassKernel } from "./read-sass.js";
import { sharedWavefronts } from "./bank-conflicts.js";

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

/** The address as the keys of SassOptions and the listing write it: `0x01c0`. */
export function addressKey(address: number): string {
  return `0x${address.toString(16).padStart(4, "0")}`;
}

/** Keys are matched as numbers, so "0x1c0", "0x01c0" and "0x01C0" are one address. */
function byAddress<T>(record: Readonly<Record<string, T>> | undefined): Map<number, { key: string; value: T }> {
  const out = new Map<number, { key: string; value: T }>();
  for (const [key, value] of Object.entries(record ?? {})) out.set(/^0x[0-9a-f]+$/i.test(key) ? parseInt(key, 16) : NaN, { key, value });
  return out;
}

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
  const fail = (path: readonly (string | number)[], line: number | undefined, expected: string, found: string) =>
    issues.push({ code: "bad_program", file, path, ...(line !== undefined ? { line } : {}), expected, found });
  const names = kernels.map((k) => k.name);
  const kernel = options.kernel === undefined ? (kernels.length === 1 ? kernels[0] : undefined) : kernels.find((k) => k.name === options.kernel);
  if (kernel === undefined) {
    fail(["program", "kernel"], undefined, `${options.kernel === undefined ? "a kernel name (the file holds several)" : "the name of a kernel in the file"}: ${names.join(", ")}`, options.kernel ?? "no kernel named");
    return { ok: false, issues };
  }
  const list = kernel.instructions;
  const index = new Map<number, number>();
  list.forEach((ins, i) => index.set(ins.address, i));
  for (const ins of list) {
    if (OPCODES[ins.opcode] === undefined) {
      issues.push({ code: "unknown_opcode", file, path: ["program", "sass"], line: ins.line, expected: "an opcode warpsim knows (docs/sass.md, \"Opcodes\")", found: `"${ins.opcode}" in "${ins.text}"` });
    } else if (ins.opcode === "JMX" || ins.opcode === "JMP") {
      fail(["program", "sass"], ins.line, "direct branches (BRA, EXIT), calls and BRX; absolute jumps (JMP, JMX) are not modelled", `"${ins.text}"`);
    } else if (ins.target !== undefined && ins.opcode === "BRA" && !index.has(ins.target)) {
      fail(["program", "sass"], ins.line, `a branch to an instruction of kernel ${kernel.name}`, `"${ins.text}": no instruction at ${addressKey(ins.target)}`);
    }
  }
  if (issues.length > 0) return { ok: false, issues };

  const reached = reachable(list, index);
  const kept: number[] = [];
  for (let i = 0; i < list.length; i++) if (reached[i]) kept.push(i);
  const warnings: string[] = [];
  // What is not simulated as written, said once per kind.
  const warn = (items: readonly SassInstruction[], what: (n: number, where: string) => string) => {
    if (items.length === 0) return;
    const where = items.slice(0, 5).map((i) => `${addressKey(i.address)} line ${i.line}`).join(", ") + (items.length > 5 ? ", ..." : "");
    warnings.push(`${file}: kernel ${kernel.name}: ${what(items.length, where)}`);
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
  warn(
    keptIns.filter((i) => i.opcode === "CALL"),
    (n, where) => `${n} ${s(n, "CALL", "CALLs")} (${where}) issue as one instruction each; the functions they call are not simulated (usually slow paths, such as division's).`,
  );
  const pcOf = new Map<number, number>();
  kept.forEach((i, pc) => pcOf.set(list[i].address, pc));

  const trips = byAddress(options.trips);
  const taken = byAddress(options.taken);
  const conflicts = byAddress(options.conflicts);
  const loads = byAddress<LatencyDistribution>(options.loads);
  const derived = options.blockDim === undefined ? new Map<number, number>() : sharedWavefronts(keptIns, { blockDim: options.blockDim });
  warnConflicts(keptIns, derived, conflicts, (text) => warnings.push(`${file}: kernel ${kernel.name}: ${text}`));
  const usedTrips = new Set<number>();
  const usedTaken = new Set<number>();
  const loops: { start: number; end: number }[] = [];
  const builder = new ParsedProgramBuilder("");
  let slots = 0;
  // Loops take the first counter slots, in program order of their branches.
  for (const i of kept) {
    const ins = list[i];
    if (ins.opcode === "BRA" && ins.target !== undefined && ins.target <= ins.address && !neverTaken(ins) && !isTrap(ins)) slots++;
  }
  warn(
    keptIns.filter(isTrap),
    (_n, where) =>
      `the end-of-kernel trap (BRA to itself) is reached (${where}): a path runs on past its loops, probably where the real loop exits through a guarded EXIT or branch whose share was left at 0; the warp ends there.`,
  );
  let jumpSlots = slots;
  let loopSlot = 0;
  for (let pc = 0; pc < kept.length; pc++) {
    const ins = list[kept[pc]];
    const extra: { loop?: ParsedInstruction["loop"]; jump?: ParsedInstruction["jump"]; barrier?: ParsedInstruction["barrier"] } = {};
    // The compiler's trap after the last EXIT (an unguarded BRA to itself), reached: a path
    // that runs past its loops' trips into it (a loop that really exits through a guarded EXIT
    // whose share is 0). The warp ends there, as at an EXIT.
    const trap = isTrap(ins);
    if (trap) {
      // Nothing to add: pushed as EXIT below.
    } else if (ins.opcode === "BRA" && ins.target !== undefined && !neverTaken(ins)) {
      const target = pcOf.get(ins.target)!;
      if (ins.target <= ins.address) {
        const given = trips.get(ins.address) ?? trips.get(ins.target);
        if (given !== undefined) usedTrips.add(trips.get(ins.address) !== undefined ? ins.address : ins.target);
        const n = given?.value ?? options.defaultTrips;
        if (n === undefined || !Number.isInteger(n) || n < 1) {
          fail(
            ["program", "trips"],
            ins.line,
            `a whole number of trips >= 1 for the loop ${addressKey(ins.target)}..${addressKey(ins.address)} of kernel ${kernel.name} (trips: { "${addressKey(ins.address)}": N } in the scenario, --trip ${addressKey(ins.address)}=N, or a default)`,
            n === undefined ? "none given" : String(n),
          );
        } else {
          extra.loop = { start: target, trips: n, slot: loopSlot++ };
          loops.push({ start: target, end: pc });
        }
      } else {
        const share = jumpShare(ins, taken, usedTaken);
        extra.jump = { target, takenFraction: share, slot: share > 0 && share < 1 ? jumpSlots++ : -1 };
      }
    } else if (ins.opcode === "BRA" && neverTaken(ins)) {
      extra.jump = { target: pc + 1, takenFraction: 0, slot: -1 };
    } else if (ins.opcode === "EXIT" && ins.guard !== undefined) {
      const share = jumpShare(ins, taken, usedTaken);
      extra.jump = { target: -1, takenFraction: share, slot: share > 0 && share < 1 ? jumpSlots++ : -1 };
    } else if (ins.opcode === "BAR") {
      if (ins.modifiers[0] !== undefined && ins.modifiers[0] !== "SYNC" && ins.modifiers[0] !== "SYNCALL") {
        fail(["program", "sass"], ins.line, "BAR.SYNC (BAR.ARV, BAR.RED and named-barrier producers are not modelled)", `"${ins.text}"`);
      }
      const id = ins.operands[0] === undefined ? 0 : Number(ins.operands[0]);
      const threads = ins.operands[1] === undefined ? undefined : Number(ins.operands[1]);
      if (!Number.isInteger(id) || id < 0 || id > 15 || (threads !== undefined && (!Number.isInteger(threads) || threads % 32 !== 0 || threads <= 0))) {
        fail(["program", "sass"], ins.line, "BAR.SYNC with an immediate barrier id 0..15 and an optional thread count that is a multiple of 32", `"${ins.text}"`);
      }
      extra.barrier = threads === undefined ? { id } : { id, threads };
    }
    builder.push({
      base: trap ? "EXIT" : ins.opcode,
      modifiers: trap ? [] : ins.modifiers,
      dsts: ins.control.writeBarrier >= 0 ? [Reg.SB0 + ins.control.writeBarrier] : [],
      srcs: waitedBarriers(ins),
      line: ins.line,
      text: `/*${ins.address.toString(16).padStart(4, "0")}*/ ${ins.text}`,
      stall: ins.control.stall,
      ...(ins.control.readBarrier >= 0 ? { readBarrier: Reg.SB0 + ins.control.readBarrier } : {}),
      ...(conflicts.has(ins.address) && OPCODES[ins.opcode].sharedMemory === true ? { conflicts: conflicts.get(ins.address)!.value } : {}),
      ...(derived.has(ins.address) ? { wavefronts: derived.get(ins.address)! } : {}),
      ...(loads.has(ins.address) && OPCODES[ins.opcode].kind === OpKind.loadGlobal ? { loadLatency: loads.get(ins.address)!.value } : {}),
      ...extra,
    });
  }
  const overlap = overlappingLoops(loops, list, kept);
  if (overlap !== undefined) warnings.push(`${file}: kernel ${kernel.name}: loops ${overlap} overlap without nesting (code that handles divergence); each back edge counts its own trips.`);
  for (const [address, { key }] of trips) {
    if (!usedTrips.has(address)) fail(["program", "trips", key], undefined, `the address of a loop's backward branch or first instruction in kernel ${kernel.name}`, key);
  }
  for (const [address, { key, value }] of taken) {
    if (!usedTaken.has(address)) fail(["program", "taken", key], undefined, `the address of a guarded forward BRA or guarded EXIT in kernel ${kernel.name}`, key);
    else if (!(value >= 0 && value <= 1)) fail(["program", "taken", key], undefined, "a share of executions taken, 0..1", String(value));
  }
  for (const [address, { key }] of loads) {
    const ins = list.find((i) => i.address === address);
    if (ins === undefined || OPCODES[ins.opcode].kind !== OpKind.loadGlobal) {
      fail(["program", "loads", key], undefined, `the address of a global or local load (LDG, LDL, LD, ATOMG, LDGSTS) in kernel ${kernel.name}`, key);
    }
  }
  for (const [address, { key, value }] of conflicts) {
    const ins = list.find((i) => i.address === address);
    if (ins === undefined || OPCODES[ins.opcode].sharedMemory !== true) {
      fail(["program", "conflicts", key], undefined, `the address of a shared-memory access (LDS, STS, LDSM, ATOMS) in kernel ${kernel.name}`, key);
    } else if (!Number.isInteger(value) || value < 1 || value > 32) {
      fail(["program", "conflicts", key], undefined, "an n-way bank conflict, a whole number 1..32", String(value));
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, program: new ParsedProgram(builder), kernel, warnings };
}

/**
 * Says which accesses the listing's addresses show to conflict (more wavefronts than the
 * conflict-free access of that width), so a user sees what the derivation assumed.
 */
function warnConflicts(list: readonly SassInstruction[], derived: ReadonlyMap<number, number>, given: ReadonlyMap<number, unknown>, say: (text: string) => void): void {
  const found: string[] = [];
  for (const ins of list) {
    const n = derived.get(ins.address);
    if (n === undefined || given.has(ins.address)) continue;
    const ideal = accessWords(ins.modifiers);
    if (n > ideal) found.push(`${addressKey(ins.address)} ${ins.opcode} ${n} (conflict-free ${ideal})`);
  }
  if (found.length === 0) return;
  const shown = found.slice(0, 8).join(", ") + (found.length > 8 ? `, and ${found.length - 8} more` : "");
  say(`bank conflicts derived from the listing's addresses (docs/sass.md, "Bank conflicts"), wavefronts per access: ${shown}; --conflicts ADDRESS=1 (or program.conflicts) overrides one.`);
}

/** An unguarded BRA to itself: the compiler's trap after the last EXIT. */
function isTrap(ins: SassInstruction): boolean {
  return ins.opcode === "BRA" && ins.target === ins.address && !guarded(ins) && !neverTaken(ins);
}

/** `@!PT BRA` never branches; `@PT BRA` always does (no guard is read either way). */
function neverTaken(ins: SassInstruction): boolean {
  return ins.guard === "@!PT" || ins.guard === "@!UPT";
}

/**
 * A branch or EXIT that may or may not be taken: it has a guard predicate, or it is BRA.DIV
 * (taken only when the warp has diverged, which warpsim's warps never do: default share 0).
 */
function guarded(ins: SassInstruction): boolean {
  return (ins.guard !== undefined && ins.guard !== "@PT" && ins.guard !== "@UPT") || (ins.opcode === "BRA" && ins.modifiers.includes("DIV"));
}

function jumpShare(ins: SassInstruction, taken: Map<number, { value: number }>, used: Set<number>): number {
  if (!guarded(ins)) return 1;
  const given = taken.get(ins.address);
  if (given === undefined) return 0;
  used.add(ins.address);
  return given.value;
}

/** The pseudo-registers of the barriers in the wait mask; `DEPBAR.LE SB0, n` waits on SB0. */
function waitedBarriers(ins: SassInstruction): number[] {
  const out: number[] = [];
  for (let b = 0; b < 6; b++) if ((ins.control.waitMask >> b) & 1) out.push(Reg.SB0 + b);
  if (ins.opcode === "DEPBAR") {
    // [model] DEPBAR.LE SBn, k waits until at most k producers of SBn are in flight; warpsim
    // waits for all of them (docs/sass.md).
    const m = /^SB([0-5])$/.exec(ins.operands[0] ?? "");
    if (m && !out.includes(Reg.SB0 + Number(m[1]))) out.push(Reg.SB0 + Number(m[1]));
  }
  return out;
}

/** Instructions reachable from the kernel's entry, following fall-through and branch targets. */
function reachable(list: readonly SassInstruction[], index: ReadonlyMap<number, number>): boolean[] {
  const seen = new Array<boolean>(list.length).fill(false);
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (i >= list.length || seen[i]) continue;
    seen[i] = true;
    const ins = list[i];
    const branches = ins.opcode === "BRA" && ins.target !== undefined && !neverTaken(ins);
    if (branches) stack.push(index.get(ins.target!)!);
    // A loop's branch falls through after its trips, guarded or not; an unguarded forward BRA
    // never does, nor does EXIT or the end-of-kernel trap.
    const loop = branches && ins.target! < ins.address;
    const fallsThrough = !(ins.opcode === "EXIT" && !guarded(ins)) && !(branches && !guarded(ins) && !loop) && !isTrap(ins);
    if (fallsThrough) stack.push(i + 1);
  }
  return seen;
}

/** The compiler's tail after the last EXIT: a BRA to itself and NOPs up to the alignment. */
function isPadding(list: readonly SassInstruction[], i: number, reached: readonly boolean[]): boolean {
  for (let j = i + 1; j < list.length; j++) if (reached[j]) return false;
  const ins = list[i];
  return ins.opcode === "NOP" || (ins.opcode === "BRA" && ins.target === ins.address);
}

/** The first two loops whose [start, end] ranges overlap without one holding the other, as text. */
function overlappingLoops(loops: readonly { start: number; end: number }[], list: readonly SassInstruction[], kept: readonly number[]): string | undefined {
  const at = (pc: number) => addressKey(list[kept[pc]].address);
  for (const a of loops) {
    for (const b of loops) {
      if (a.start < b.start && b.start <= a.end && a.end < b.end) return `${at(a.start)}..${at(a.end)} and ${at(b.start)}..${at(b.end)}`;
    }
  }
  return undefined;
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


/** Highest register of the named (or only) kernel of a listing; -1 if it cannot be read. */
export function highestRegisterIn(text: string, kernel: string | undefined): number {
  const listing = readSass(text, "");
  if (!listing.ok) return -1;
  const k = kernel === undefined ? (listing.kernels.length === 1 ? listing.kernels[0] : undefined) : listing.kernels.find((x) => x.name === kernel);
  return k === undefined ? -1 : highestRegister(k);
}
