import type { ArchSpec } from "../arch/arch-spec.js";
import type { WheelEventQueue } from "../engine/wheel-event-queue.js";
import type { Program } from "../program/program.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import type { Barriers } from "./barriers.js";
import { BRANCH_PHASES, branchPhaseEnds } from "./branch-timing.js";
import { SmEvent } from "./sm-events.js";
import type { SteadyState } from "./steady-state.js";
import type { Subpartition } from "./subpartition.js";
import type { WarpPaths } from "./warp-paths.js";
import type { WarpTable } from "./warp-table.js";

/** What the branch unit works with: the program, the SM's warp table, accounting and events. */
export interface BranchParts {
  readonly arch: ArchSpec;
  readonly program: Program;
  readonly warps: WarpTable;
  readonly accounting: StateAccounting;
  readonly events: WheelEventQueue;
  readonly barriers: Barriers;
  /** The fast-forward, when the run uses it: loop back-edges mark where it compares the state. */
  readonly steady: SteadyState | undefined;
  /** Each warp's own path, when the kernel was run: it decides every branch (warp-paths.ts). */
  readonly paths?: WarpPaths;
}

/**
 * Branches: where a warp goes next, and what it waits for before it issues there. A loop's
 * branch (`.endloop`, or a backward SASS BRA) counts its trips and jumps back or falls through;
 * a forward jump (SASS BRA, a guarded EXIT) is taken its declared share of the time. Then the
 * phases of docs/timing.md (src/sm/branch-timing.ts), booked ahead of time.
 */
export class BranchUnit {
  private readonly branch: ArchSpec["branch"];
  private readonly program: Program;
  private readonly warps: WarpTable;
  private readonly accounting: StateAccounting;
  private readonly events: WheelEventQueue;
  private readonly barriers: Barriers;
  private readonly steady: SteadyState | undefined;
  private readonly paths: WarpPaths | undefined;
  /** Scratch for branchPhaseEnds. */
  private readonly ends = new Float64Array(BRANCH_PHASES.length);

  constructor(parts: BranchParts) {
    this.branch = parts.arch.branch;
    this.program = parts.program;
    this.warps = parts.warps;
    this.accounting = parts.accounting;
    this.events = parts.events;
    this.barriers = parts.barriers;
    this.steady = parts.steady;
    this.paths = parts.paths;
  }

  /**
   * The branch at the warp's pc, issued at `now`: moves the pc and books the warp's states
   * until it may issue again. Returns true when it may issue from the next cycle (the caller
   * wakes it); otherwise an event does.
   */
  issue(warp: number, now: number, sp: Subpartition): boolean {
    const { program, warps, accounting, ends } = this;
    const pc = warps.pc[warp];
    const paths = this.paths;
    // On its own path the warp goes where the path says (SM.issue has advanced it); else the
    // loop's declared trips or the jump's share decide.
    const taken = paths !== undefined ? paths.nextPc[warp] !== pc + 1 : program.loopTrips[pc] > 0 ? this.loopTaken(warp, pc) : this.jumpTaken(warp, pc);
    warps.pc[warp] = paths !== undefined ? paths.nextPc[warp] : taken ? program.loopTarget[pc] : pc + 1;
    const stall = program.stallCycles[pc];
    if (stall > 1 && !taken) {
      // SASS: a branch that falls through waits out its stall count like any instruction.
      sp.removeCandidate(warp);
      this.barriers.enterWait(warp, now + 1);
      this.events.push(now + stall, SmEvent.ready, warp);
      return false;
    }
    branchPhaseEnds(program.latencyCycles[pc], stall, taken, this.branch, ends);
    const waitEnd = ends[0];
    const resolveEnd = ends[1];
    const readyAt = ends[2];
    if (readyAt <= 1) return true;
    sp.removeCandidate(warp);
    warps.branchIssueCycle[warp] = now;
    warps.branchPc[warp] = pc;
    warps.branchTaken[warp] = taken ? 1 : 0;
    // BRANCH_PHASES in order, each from where the last ends; an empty one is skipped.
    if (waitEnd > 1) accounting.enter(warp, WarpState.wait, now + 1);
    if (resolveEnd > waitEnd) accounting.enter(warp, WarpState.branch_resolving, now + waitEnd);
    if (readyAt > resolveEnd) accounting.enter(warp, WarpState.no_instruction, now + resolveEnd);
    this.events.push(now + readyAt, SmEvent.ready, warp);
    return false;
  }

  /**
   * A branch's phases are the only states booked more than a cycle ahead. When a run stops at
   * `cycle` inside them, the part booked past `cycle` is taken back, so the warp states still
   * sum to the active warp-cycles.
   */
  rewind(warp: number, cycle: number): void {
    const { program, warps, ends } = this;
    const issued = warps.branchIssueCycle[warp];
    const pc = warps.branchPc[warp];
    branchPhaseEnds(program.latencyCycles[pc], program.stallCycles[pc], warps.branchTaken[warp] === 1, this.branch, ends);
    const chain: [WarpState, number, number][] = [];
    let start = 1;
    for (let i = 0; i < BRANCH_PHASES.length; i++) {
      chain.push([BRANCH_PHASES[i], issued + start, issued + Math.max(start, ends[i])]);
      start = ends[i];
    }
    this.accounting.rewind(warp, cycle, chain);
  }

  /** A loop's back-edge: taken until the warp has run the loop's trips, then the counter restarts. */
  private loopTaken(warp: number, pc: number): boolean {
    const { program, warps, steady } = this;
    const counter = warp * warps.loopSlots + program.loopSlot[pc];
    const taken = ++warps.loopCount[counter] < program.loopTrips[pc];
    if (!taken) {
      warps.loopCount[counter] = 0;
      warps.loopExits[counter]++;
    } else if (steady !== undefined) {
      // The reference warp's back-edges mark where the state is compared.
      if (steady.referenceWarp < 0) steady.referenceWarp = warp;
      if (steady.referenceWarp === warp) steady.mark = true;
    }
    return taken;
  }

  /**
   * Whether this execution of the jump at `pc` (forward BRA, guarded EXIT) is taken. A share f
   * of 0 or 1 needs no state; in between, the warp's k-th execution is taken when
   * floor((k + 1) f + phase) > floor(k f + phase): exactly f of every warp's executions in the
   * long run, spread evenly, with a phase per warp (golden-ratio steps over its place in the
   * grid) so that the warps of a block do not all take it together. No random draw: the same
   * program gives the same paths whatever the seed.
   */
  jumpTaken(warp: number, pc: number): boolean {
    const { program, warps } = this;
    const f = program.takenFraction[pc];
    if (f >= 1) return true;
    if (f <= 0) return false;
    if (this.steady !== undefined) this.steady.aperiodic++;
    const counter = warp * warps.loopSlots + program.loopSlot[pc];
    const k = warps.loopCount[counter]++;
    const place = warps.blockAge[warp] * 1024 + warps.warpInBlock[warp] + 1;
    const phase = (place * 0.6180339887498949) % 1;
    return Math.floor((k + 1) * f + phase) > Math.floor(k * f + phase);
  }
}
