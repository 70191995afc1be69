import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";

/**
 * A scheduler's candidates (warps whose next instruction has its operands ready) and its
 * decision among them, in one of two books with the same meaning (src/sm/subpartition.ts says
 * how a cycle's decision flows):
 * - CandidateList (candidate-list.ts): a list scanned when it or the free pipe classes change;
 *   each warp's state is written on its own (needed when hooks observe state changes).
 * - CandidateMasks (candidate-masks.ts): bit masks by pipe class in age order; the candidates'
 *   states are accounted together per look (the default: cheaper from one warp per scheduler).
 * test/candidate-masks.test.ts and the fuzz test check that both give the same runs.
 */
export interface CandidateSet {
  /** Bit c set: pipe class c (Program.pipeClass) has candidates. */
  readonly classes: number;
  readonly hasCandidates: boolean;
  /** Eligible warps at the last decision that selected one. */
  readonly eligibleCount: number;
  /** The warp the last decision selected (-1 before any). */
  readonly lastChosen: number;
  /** A warp arrives on the scheduler (the youngest resident). */
  arrive(warp: number): void;
  /** A warp (not a candidate) leaves the SM. */
  leave(warp: number): void;
  /** The warp is a candidate for an instruction of `pipeClass`, throttled in state `throttle`; re-adding refreshes it. */
  add(warp: number, pipeClass: number, throttle: number): void;
  remove(warp: number): void;
  /**
   * What pipe class c adds to the eligible set when it is free; the scheduler ORs these over the
   * free classes in the one loop that checks them (a second loop cost 1% per instruction,
   * bench/RESULTS.md). The masks give the class's warps (bits by age); the list gives the
   * class's own bit and sorts its warps itself.
   */
  eligibleBits(c: number): number;
  /**
   * The decision for `now`, given the union of eligibleBits over the classes free now: the
   * eligible warps are the candidates of free classes; the policy picks one (returned; -1 when
   * none is eligible). Every candidate's state follows: selected, not_selected (eligible), or
   * its throttle state.
   */
  decide(now: number, eligible: number): number;
  /**
   * A dispatch hold from cycle `from`: the eligible warps other than the last chosen wait in
   * dispatch_stall instead of not_selected.
   */
  hold(from: number): void;
  /** The warp's own accounted state is brought up to date, if this book keeps it elsewhere. */
  detachIfAggregated(warp: number): void;
  /** Every candidate's own state brought up to date (the run stops). */
  detachAll(): void;
  /** Whether the warp's own accounted state is stale (kept in an aggregate). */
  aggregated(warp: number): boolean;
  registerSteadyState(reg: SteadyStateRegistry): void;
}
