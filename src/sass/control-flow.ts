import { CP_ASYNC_THRESHOLDS, OPCODES, Reg } from "../program/opcodes.js";
import { accessWords } from "../program/program.js";
import type { SassInstruction } from "./read-sass.js";

/**
 * The control flow of a listing as the compiler writes it: which instructions are reached,
 * the trap and padding after the last EXIT, guards, loops that overlap, the dependency
 * barriers an instruction waits on, and the addresses the user keys overrides by. Read by
 * sass-program.ts when it turns a kernel into the engine's program.
 */

/** The address as the keys of SassOptions and the listing write it: `0x01c0`. */
export function addressKey(address: number): string {
  return `0x${address.toString(16).padStart(4, "0")}`;
}

/** Keys are matched as numbers, so "0x1c0", "0x01c0" and "0x01C0" are one address. */
export function byAddress<T>(record: Readonly<Record<string, T>> | undefined): Map<number, { key: string; value: T }> {
  const out = new Map<number, { key: string; value: T }>();
  for (const [key, value] of Object.entries(record ?? {})) out.set(/^0x[0-9a-f]+$/i.test(key) ? parseInt(key, 16) : NaN, { key, value });
  return out;
}

/**
 * Says which accesses the listing's addresses show to conflict (more wavefronts than the
 * conflict-free access of that width), so a user sees what the derivation assumed.
 */
export function warnConflicts(list: readonly SassInstruction[], derived: ReadonlyMap<number, number>, given: ReadonlyMap<number, unknown>, say: (text: string) => void): void {
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
export function isTrap(ins: SassInstruction): boolean {
  return ins.opcode === "BRA" && ins.target === ins.address && !guarded(ins) && !neverTaken(ins);
}

/** `@!PT BRA` never branches; `@PT BRA` always does (no guard is read either way). */
export function neverTaken(ins: SassInstruction): boolean {
  return ins.guard === "@!PT" || ins.guard === "@!UPT";
}

/**
 * A branch or EXIT that may or may not be taken: it has a guard predicate, or it is BRA.DIV
 * (taken only when the warp has diverged, which warpsim's warps never do: default share 0).
 */
export function guarded(ins: SassInstruction): boolean {
  return (ins.guard !== undefined && ins.guard !== "@PT" && ins.guard !== "@UPT") || (ins.opcode === "BRA" && ins.modifiers.includes("DIV"));
}

export function jumpShare(ins: SassInstruction, taken: Map<number, { value: number }>, used: Set<number>): number {
  if (!guarded(ins)) return 1;
  const given = taken.get(ins.address);
  if (given === undefined) return 0;
  used.add(ins.address);
  return given.value;
}

/**
 * The pseudo-registers of the barriers in the wait mask; `DEPBAR.LE SB0, n` waits on SB0, or,
 * in a kernel whose SB0 counts cp.async groups (`cpAsync`: it has LDGSTS), on the entry that
 * says when at most n of them are in flight (Reg.CP_ASYNC_LE0 + n, n up to 7).
 */
export function waitedBarriers(ins: SassInstruction, cpAsync = false): number[] {
  const out: number[] = [];
  for (let b = 0; b < 6; b++) if ((ins.control.waitMask >> b) & 1) out.push(Reg.SB0 + b);
  const groups = cpAsync && ins.opcode === "DEPBAR" ? /^SB0$/.test(ins.operands[0] ?? "") && /^(0x[0-9a-fA-F]+|\d+)$/.exec(ins.operands[1] ?? "") : null;
  if (groups && Number(groups[1]) < CP_ASYNC_THRESHOLDS) {
    out.push(Reg.CP_ASYNC_LE0 + Number(groups[1]));
    return out;
  }
  if (ins.opcode === "DEPBAR") {
    // [model] DEPBAR.LE SBn, k waits until at most k producers of SBn are in flight; warpsim
    // waits for all of them (docs/sass.md), but for cp.async groups (above).
    const m = /^SB([0-5])$/.exec(ins.operands[0] ?? "");
    if (m && !out.includes(Reg.SB0 + Number(m[1]))) out.push(Reg.SB0 + Number(m[1]));
  }
  return out;
}

/** Instructions reachable from the kernel's entry, following fall-through and branch targets. */
export function reachable(list: readonly SassInstruction[], index: ReadonlyMap<number, number>, followCalls = false): boolean[] {
  const seen = new Array<boolean>(list.length).fill(false);
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (i >= list.length || seen[i]) continue;
    seen[i] = true;
    const ins = list[i];
    const branches = ins.opcode === "BRA" && ins.target !== undefined && !neverTaken(ins);
    if (branches) stack.push(index.get(ins.target!)!);
    // A run from the arguments follows a call into its function (run-warp.ts); RET goes back.
    if (followCalls && ins.opcode === "CALL" && ins.target !== undefined && index.has(ins.target)) stack.push(index.get(ins.target)!);
    if (followCalls && ins.opcode === "RET" && !guarded(ins)) continue;
    // A loop's branch falls through after its trips, guarded or not; an unguarded forward BRA
    // never does, nor does EXIT or the end-of-kernel trap.
    const loop = branches && ins.target! < ins.address;
    const fallsThrough = !(ins.opcode === "EXIT" && !guarded(ins)) && !(branches && !guarded(ins) && !loop) && !isTrap(ins);
    if (fallsThrough) stack.push(i + 1);
  }
  return seen;
}

/** The compiler's tail after the last EXIT: a BRA to itself and NOPs up to the alignment. */
export function isPadding(list: readonly SassInstruction[], i: number, reached: readonly boolean[]): boolean {
  for (let j = i + 1; j < list.length; j++) if (reached[j]) return false;
  const ins = list[i];
  return ins.opcode === "NOP" || (ins.opcode === "BRA" && ins.target === ins.address);
}

/** The first two loops whose [start, end] ranges overlap without one holding the other, as text. */
export function overlappingLoops(loops: readonly { start: number; end: number }[], list: readonly SassInstruction[], kept: readonly number[]): string | undefined {
  const at = (pc: number) => addressKey(list[kept[pc]].address);
  for (const a of loops) {
    for (const b of loops) {
      if (a.start < b.start && b.start <= a.end && a.end < b.end) return `${at(a.start)}..${at(a.end)} and ${at(b.start)}..${at(b.end)}`;
    }
  }
  return undefined;
}
