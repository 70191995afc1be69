import { expect } from "vitest";
import { lowestBit } from "../src/engine/bits.js";
import type { Program } from "../src/program/program.js";
import type { CandidateSet } from "../src/sm/candidate-set.js";
import type { SchedulerPolicy } from "../src/sm/schedulers/policy.js";
import { WarpTable } from "../src/sm/warp-table.js";
import { noHooks } from "../src/stats/hooks.js";
import { StateAccounting } from "../src/stats/state-accounting.js";
import { WARP_STATE_COUNT, WarpState } from "../src/stats/warp-state.js";
import { programOf } from "./sm-harness.js";

/** A policy that picks the lowest warp slot (so the expected picks are plain to see). */
export const lowestSlot: SchedulerPolicy = {
  pick: (eligible, count) => Math.min(...eligible.subarray(0, count)),
  pickMask: (eligible, slotAt) => slotAt[lowestBit(eligible)],
};

export interface Books {
  readonly set: CandidateSet;
  readonly program: Program;
  readonly warps: WarpTable;
  readonly accounting: StateAccounting;
}

export type MakeBooks = (program: Program, warps: WarpTable, accounting: StateAccounting, policy: SchedulerPolicy) => CandidateSet;

/** Three warps on sub-partition 0: warps 0 and 1 at an FFMA (pc 0), warp 2 at a MUFU (pc 1). */
export function threeWarps(make: MakeBooks): Books {
  const program = programOf("FFMA R1, R2, R3, R4\nMUFU.EX2 R5, R6\nEXIT");
  const warps = new WarpTable(4, 0);
  const accounting = new StateAccounting(4, 4, noHooks());
  const set = make(program, warps, accounting, lowestSlot);
  for (const w of [0, 1, 2]) {
    warps.reset(w, 0, 0, w, 0, w);
    warps.pc[w] = w === 2 ? 1 : 0;
    accounting.start(w, 0, WarpState.not_selected, 0);
    set.arrive(w);
  }
  for (const w of [0, 1, 2]) set.add(w, program.pipeClass[warps.pc[w]], program.throttleState[warps.pc[w]]);
  return { set, program, warps, accounting };
}

/** The FFMA's class free and the MUFU's busy: the union decide takes. */
export function ffmaFree(b: Books): number {
  return b.set.eligibleBits(b.program.pipeClass[0]);
}

/** Warp-cycles of sub-partition 0 per state, after closing every warp's state at `cycle`. */
export function closeAt(b: Books, cycle: number): Partial<Record<keyof typeof WarpState, number>> {
  b.set.detachAll();
  for (const w of [0, 1, 2]) if (b.accounting.isActive(w)) b.accounting.stop(w, cycle, false);
  const out: Partial<Record<keyof typeof WarpState, number>> = {};
  for (const [name, s] of Object.entries(WarpState)) {
    const v = b.accounting.warpCycles[0 * WARP_STATE_COUNT + s];
    if (v !== 0) out[name as keyof typeof WarpState] = v;
  }
  return out;
}

/**
 * The hand-derived decision sequence every book must reproduce. Cycle 0: the FFMA pipe is free
 * and the MUFU's busy, so warps 0 and 1 are eligible and the policy takes 0; warp 2 is
 * throttled. Cycle 1: the same. Cycle 2: warp 0 waits on a fixed latency (removed), warp 1 is
 * taken. At cycle 4: selected 2 (warp 0) + 2 (warp 1), not_selected 2 (warp 1, cycles 0-1),
 * mio_throttle 4 (warp 2), wait 2 (warp 0): 12 warp-cycles for 3 warps over 4 cycles.
 */
export function checkDecisions(make: MakeBooks): void {
  const b = threeWarps(make);
  expect(b.program.throttleState[1]).toBe(WarpState.mio_throttle);
  expect(b.set.decide(0, ffmaFree(b))).toBe(0);
  expect(b.set.eligibleCount).toBe(2);
  expect(b.set.lastChosen).toBe(0);
  expect(b.set.decide(1, ffmaFree(b))).toBe(0);
  b.set.remove(0);
  b.accounting.enter(0, WarpState.wait, 2);
  expect(b.set.decide(2, ffmaFree(b))).toBe(1);
  expect(b.set.eligibleCount).toBe(1);
  expect(closeAt(b, 4)).toEqual({ selected: 4, not_selected: 2, mio_throttle: 4, wait: 2 });
}

/**
 * A dispatch hold from cycle 1 (the instruction issued at 0 holds the scheduler 3 cycles):
 * warp 1, eligible and not selected, waits in dispatch_stall from 1; nothing is decided until
 * 3, when warp 0 issues again. At 4: selected 1 + 1 (warp 0 at 0 and 3), wait 2 (warp 0, 1-2,
 * waiting on its own issue: the scheduler does this on re-adding it), not_selected 1 + 1 and
 * dispatch_stall 2 (warp 1), mio_throttle 4 (warp 2).
 */
export function checkDispatchHold(make: MakeBooks): void {
  const b = threeWarps(make);
  expect(b.set.decide(0, ffmaFree(b))).toBe(0);
  b.set.hold(1);
  b.set.detachIfAggregated(0);
  b.accounting.enter(0, WarpState.wait, 1);
  expect(b.set.decide(3, ffmaFree(b))).toBe(0);
  expect(closeAt(b, 4)).toEqual({ selected: 2, wait: 2, not_selected: 2, dispatch_stall: 2, mio_throttle: 4 });
}
