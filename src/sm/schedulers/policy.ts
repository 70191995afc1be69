import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";
/**
 * A warp-scheduling policy is only an ordering of the eligible warps (GPGPU-Sim's one good
 * idea). Each sub-partition owns one instance; `pick` is called once per cycle in which at
 * least one warp is eligible, with the eligible warp slots in a caller-owned buffer.
 */
export interface SchedulerPolicy {
  /** Returns the warp slot to issue, one of eligible[0 .. count). count >= 1. */
  pick(eligible: Int32Array, count: number): number;
  /**
   * Optional: told what happened to a warp of its sub-partition (PolicyEvent), for policies with
   * state of their own (two-level's active set). Policies without it cost nothing.
   */
  notify?(event: PolicyEvent, warp: number): void;
  /**
   * Optional shortcut: the choice when the eligible warps are exactly those of the previous
   * call (the caller knows); must equal what `pick` would return.
   */
  repick?(): number;
  /**
   * Optional, for candidates kept as masks (src/sm/candidate-masks.ts): the same choice as `pick`
   * from the eligible warps as a mask whose bit r is the r-th oldest resident warp (`slotAt[r]`);
   * `bitOf(w)` is a warp's bit (0 if it is not resident).
   */
  pickMask?(eligible: number, slotAt: Int32Array, bitOf: (warp: number) => number): number;
  /**
   * Optional: registers the policy's own state for the steady-state fast-forward
   * (src/sm/steady-state.ts). A policy without it (random) turns the fast-forward off.
   */
  registerSteadyState?(reg: SteadyStateRegistry): void;
}


/** What a policy may be told about a warp (SchedulerPolicy.notify). */
export const PolicyEvent = {
  /** The warp arrived on the sub-partition. */
  arrive: 0,
  /** The warp waits for a long-latency result (global memory: long_scoreboard). */
  longStall: 1,
  /** The warp waits at a barrier. */
  barrier: 2,
  /** The warp left the SM. */
  exit: 3,
} as const;
export type PolicyEvent = (typeof PolicyEvent)[keyof typeof PolicyEvent];

/** What a policy may read about warps: their age and their block's (launch order; lower is older), and their progress. */
export interface WarpAges {
  readonly age: Float64Array;
  readonly blockAge: Float64Array;
  /** Cycle of each warp's last issue (-1 before its first). */
  readonly lastIssueCycle: Float64Array;
}

/** Index in eligible[0..count) of the oldest warp. */
export function oldestOf(eligible: Int32Array, count: number, warps: WarpAges): number {
  let best = eligible[0];
  let bestAge = warps.age[best];
  for (let i = 1; i < count; i++) {
    const w = eligible[i];
    const a = warps.age[w];
    if (a < bestAge) {
      best = w;
      bestAge = a;
    }
  }
  return best;
}
