import { guarded, isTrap, neverTaken } from "./control-flow.js";
import type { SassInstruction } from "./read-sass.js";

/** What a profile's per-instruction issue counts say of a kernel's control flow. */
export interface CountedControl {
  /** Per loop (by its backward branch's address): trips per entry, rounded to a whole number >= 1. */
  readonly trips: Map<number, number>;
  /** Per guarded forward BRA or EXIT (by address): the share of its executions taken. */
  readonly taken: Map<number, number>;
  /** Guarded branches the counts could not decide (left to the defaults), by address. */
  readonly unresolved: number[];
}

/**
 * Each guarded branch's taken count from the issue counts of every instruction (ncu's Source
 * page: Instructions Executed), by flow conservation: an instruction runs as often as its
 * predecessor falls through to it plus the jumps to it. Each such equation with a single
 * unknown taken count settles it; repeated until none does. An unconditional BRA is always
 * taken, an unconditional EXIT never falls through. A loop's trips are its back edge's
 * executions over its exits (executions not taken); a forward branch's share is taken over
 * executions. Warps that split at a branch run both sides, which flow does not conserve: such
 * counts give approximate shares (the values are clamped to what the counts allow).
 */
export function controlFromCounts(list: readonly SassInstruction[], executedAt: (address: number) => number): CountedControl {
  const n = list.length;
  const count = list.map((ins) => executedAt(ins.address));
  const indexOf = new Map(list.map((ins, i) => [ins.address, i]));
  const conditional = list.map((ins) => (ins.opcode === "BRA" || ins.opcode === "EXIT") && guarded(ins) && !neverTaken(ins));
  // Taken counts: known for unconditional branches, unknown (undefined) for conditional ones.
  const taken: (number | undefined)[] = list.map((ins, i) => (conditional[i] ? undefined : ins.opcode === "BRA" && !neverTaken(ins) ? count[i] : 0));
  const jumpsInto = new Map<number, number[]>();
  list.forEach((ins, j) => {
    if (ins.opcode !== "BRA" || ins.target === undefined || neverTaken(ins) || isTrap(ins)) return;
    const t = indexOf.get(ins.target);
    if (t !== undefined) jumpsInto.set(t, [...(jumpsInto.get(t) ?? []), j]);
  });
  const fallsThrough = (i: number) => !(list[i].opcode === "EXIT" && !conditional[i]) && !(list[i].opcode === "BRA" && !conditional[i] && !neverTaken(list[i]));
  for (let progress = true; progress; ) {
    progress = false;
    for (let i = 1; i < n; i++) {
      // count(i) = [count(i-1) - taken(i-1) if i-1 falls through] + sum of taken(j) over jumps j into i
      const from = i - 1;
      const terms: { j: number; sign: number }[] = [];
      let rest = count[i];
      if (fallsThrough(from)) {
        rest -= count[from];
        if (conditional[from]) terms.push({ j: from, sign: -1 });
      }
      for (const j of jumpsInto.get(i) ?? []) terms.push({ j, sign: 1 });
      const unknown = terms.filter((t) => taken[t.j] === undefined);
      if (unknown.length !== 1) continue;
      for (const t of terms) if (taken[t.j] !== undefined) rest -= t.sign * taken[t.j]!;
      const { j, sign } = unknown[0];
      taken[j] = Math.min(count[j], Math.max(0, rest * sign));
      progress = true;
    }
  }
  const trips = new Map<number, number>();
  const shares = new Map<number, number>();
  const unresolved: number[] = [];
  list.forEach((ins, j) => {
    if (!conditional[j]) return;
    const backward = ins.opcode === "BRA" && ins.target !== undefined && ins.target <= ins.address;
    // A loop that never ran still needs a trip count in the declared model: 1 (it is not reached).
    if (count[j] === 0) return void (backward && trips.set(ins.address, 1));
    const t = taken[j];
    if (t === undefined) return void unresolved.push(ins.address);
    if (backward) trips.set(ins.address, Math.max(1, Math.round(count[j] / Math.max(1, count[j] - t))));
    else shares.set(ins.address, t / count[j]);
  });
  return { trips, taken: shares, unresolved };
}
