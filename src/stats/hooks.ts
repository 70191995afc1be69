import type { WarpState } from "./warp-state.js";

/**
 * Optional observers of a simulation (a trace writer, a debugger). The model passes primitives,
 * never fresh objects, and skips the call entirely when a list is empty, so unused hooks cost
 * one length check (akita's NumHooks() == 0).
 */
export interface Hooks {
  /** A warp issued the instruction at `pc` in `cycle`. */
  readonly issue: ((cycle: number, subpartition: number, warp: number, pc: number) => void)[];
  /**
   * From `cycle` on, `warp` is in `state` (-1: it left the SM). Cycles never decrease per warp.
   * `pc` is the instruction the state is about (the one issued when selected, the one waited on
   * when stalled, the BAR at a barrier) and `block` the warp's block in the grid.
   */
  readonly stateChange: ((cycle: number, subpartition: number, warp: number, state: WarpState | -1, pc: number, block: number) => void)[];
  /**
   * A scheduler looked at its warps in `cycle`: `eligible` could issue, `issued` says whether
   * one did. Cycles without a call had no eligible warp. Optional: omit when not needed.
   */
  readonly schedule?: ((cycle: number, subpartition: number, eligible: number, issued: boolean) => void)[];
  /**
   * A load of the instruction at `pc` went through the memory system from its addresses
   * (src/sm/memory/addressed-memory.ts): its sectors, those that hit in the L1, those it asked
   * of the L2 and those that hit there. Optional: omit when not needed.
   */
  readonly load?: ((pc: number, sectors: number, l1Hits: number, l2Sectors: number, l2Hits: number) => void)[];
}

export function noHooks(): Hooks {
  return { issue: [], stateChange: [], schedule: [] };
}
