import type { ArchSpec } from "../arch/arch-spec.js";
import type { WheelEventQueue } from "../engine/wheel-event-queue.js";
import { OpKind } from "../program/opcodes.js";
import { PATH_ATOMIC, type Program } from "../program/program.js";
import type { ActiveCycles } from "../stats/counters.js";
import type { Hooks } from "../stats/hooks.js";
import type { StopReason } from "../stats/outcome.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import type { Barriers } from "./barriers.js";
import type { BlockAdmission } from "./block-admission.js";
import type { BlockTable } from "./block-table.js";
import type { BranchUnit } from "./branch-unit.js";
import type { ConstantCache } from "./constant-cache.js";
import type { InstructionFetch } from "./instruction-fetch.js";
import type { MemoryPaths } from "./memory/memory-paths.js";
import { PolicyEvent } from "./schedulers/policy.js";
import type { Scoreboard } from "./scoreboard.js";
import type { RunEnd, SmConfig } from "./sm-config.js";
import { SmEvent } from "./sm-events.js";
import { buildSmParts } from "./sm-parts.js";
import type { SteadyState } from "./steady-state.js";
import { stopWarps } from "./stuck-warps.js";
import type { Subpartition } from "./subpartition.js";
import type { WarpPaths } from "./warp-paths.js";
import type { WarpTable } from "./warp-table.js";
import { ASYNC_GO_ON, ASYNC_TOOK_WARP, type AsyncUnit } from "./async/async-unit.js";

/**
 * One streaming multiprocessor, driven by a discrete-event loop that visits only cycles in
 * which something can happen (docs/timing.md). Each visited cycle: the events due (a warp's
 * operands ready, a warp arriving or leaving, a barrier's display ending), then each
 * sub-partition's scheduler picks a warp (Subpartition.select) and the SM issues its
 * instruction; then the loop jumps to the next cycle with work. The SM is the glue: issue,
 * wake and exit are here; what an instruction does on its way lives in its unit (branches,
 * barriers, instruction fetch, constant cache, memory paths, block admission), scheduling in
 * Subpartition and ./schedulers, counting in ../stats.
 */
export class StreamingMultiprocessor {
  readonly warps: WarpTable;
  readonly accounting: StateAccounting;
  readonly subpartitions: readonly Subpartition[];
  /** Cycles with at least one warp on the SM. */
  readonly active: ActiveCycles;
  private readonly arch: ArchSpec;
  private readonly program: Program;
  private readonly scoreboard: Scoreboard;
  private readonly blocks: BlockTable;
  private readonly events: WheelEventQueue;
  private readonly admission: BlockAdmission;
  readonly memory: MemoryPaths;
  private readonly warpPaths: WarpPaths | undefined;
  private readonly constants: ConstantCache;
  private readonly fetch: InstructionFetch;
  private readonly barriers: Barriers;
  private readonly branches: BranchUnit;
  private readonly async: AsyncUnit | undefined;
  private readonly steady: SteadyState | undefined;
  private readonly aperiodicAt: Uint8Array;
  private readonly simpleAt: Uint8Array;
  private readonly issueHooks: Hooks["issue"] | undefined;
  private lastCycle = 0;
  private now = 0;

  /** The units come from sm-parts.ts, which says what each is and how they are wired. */
  constructor(config: SmConfig) {
    const parts = buildSmParts(config, (warp, cycle) => this.arrive(warp, cycle), (warp, cycle) => this.wake(warp, cycle));
    this.arch = config.arch;
    this.program = config.program;
    this.issueHooks = config.hooks.issue.length !== 0 ? config.hooks.issue : undefined;
    this.warps = parts.warps;
    this.accounting = parts.accounting;
    this.subpartitions = parts.subpartitions;
    this.active = parts.active;
    this.scoreboard = parts.scoreboard;
    this.blocks = parts.blocks;
    this.events = parts.events;
    this.admission = parts.admission;
    this.memory = parts.memory;
    this.warpPaths = parts.warpPaths;
    this.constants = parts.constants;
    this.fetch = parts.fetch;
    this.barriers = parts.barriers;
    this.branches = parts.branches;
    this.async = parts.async;
    this.steady = parts.steady;
    this.aperiodicAt = parts.aperiodicAt;
    this.simpleAt = parts.simpleAt;
    this.admission.admit(0);
  }

  /** Runs until every block has finished, nothing can progress, or `maxCycles` is reached. */
  run(maxCycles: number): RunEnd { return this.advance(maxCycles, Infinity) as RunEnd; } // prettier-ignore
  /**
   * Runs at most `steps` visited cycles, then returns undefined (call again to go on), or the
   * outcome once the run has ended. Instructions issue in cycles 0 .. maxCycles - 1; a run that
   * still has work at `maxCycles` stops there with "cycle_limit", so its metrics cover exactly
   * `maxCycles` cycles. Warps may still leave in cycle `maxCycles` itself (a run of exactly that
   * length completes).
   */
  advance(maxCycles: number, steps: number): RunEnd | undefined {
    const { events, subpartitions } = this;
    let now = this.now;
    for (let step = 0; step < steps; step++) {
      if (this.steady !== undefined && this.steady.mark) now += this.steady.observe(now, maxCycles);
      while (events.peekCycle() <= now) {
        const kind = events.peekKind();
        const warp = events.peekArg();
        events.pop();
        if (kind === SmEvent.ready) this.wake(warp, now);
        else if (kind === SmEvent.exit) this.exitWarp(warp, now);
        else if (kind === SmEvent.arrive) this.arrive(warp, now);
        else if (kind === SmEvent.copyLanded) this.async!.copyLanded(warp, now);
        else this.barriers.unbar(warp, now);
      }
      if (now >= maxCycles) {
        if (this.admission.finished) return { cycle: this.lastCycle, outcome: { status: "completed" } };
        return this.stop("cycle_limit", maxCycles);
      }
      for (let s = 0; s < subpartitions.length; s++) {
        const sp = subpartitions[s];
        if (sp.nextWakeAt <= now) {
          const warp = sp.select(now);
          if (warp >= 0) this.issue(warp, now, sp);
          if (!sp.hasCandidates) sp.nextWakeAt = Infinity;
        }
      }
      // Jump to the next cycle in which anything can change (issue may have pushed events).
      let next = events.peekCycle();
      for (let s = 0; s < subpartitions.length; s++) {
        if (subpartitions[s].nextWakeAt < next) next = subpartitions[s].nextWakeAt;
      }
      if (next === Infinity) {
        if (this.admission.finished) return { cycle: this.lastCycle, outcome: { status: "completed" } };
        return this.stop("deadlock", now + 1);
      }
      now = Math.min(next, maxCycles);
    }
    this.now = now;
    return undefined;
  }

  /** Ends a run that `advance` left unfinished (Ctrl-C): a partial outcome at the cycle reached. */
  interrupt(): RunEnd { return this.stop("interrupted", this.now); } // prettier-ignore
  /** Cycles the steady-state fast-forward skipped, and the cycle the run has reached. */
  get skippedCycles(): number { return this.steady?.skippedCycles ?? 0; } // prettier-ignore
  get cycle(): number { return this.now; } // prettier-ignore

  /** Issues the instruction at the warp's pc in cycle `now` (the warp was selected). */
  private issue(warp: number, now: number, sp: Subpartition): void {
    const { program, warps, scoreboard } = this;
    const pc = warps.pc[warp];
    const kind = program.kind[pc];
    const delay = this.arch.resultDelayCycles;
    warps.lastIssueCycle[warp] = now;
    if (this.issueHooks !== undefined) for (const hook of this.issueHooks) hook(now, sp.index, warp, pc);
    const hold = sp.dispatch(pc, now);
    const path = this.warpPaths; // on its own path (warp-paths.ts): where it goes next, whether it leaves
    const leaves = path !== undefined && path.advance(warp, pc);
    if (this.simpleAt[pc] === 1) {
      // The plain case (simplePcs): what the general path below would do, without its checks.
      if (hold > 1) sp.holdDispatch(now, hold);
      scoreboard.writeResults(warp, program, pc, now + program.latencyCycles[pc] + delay);
      warps.pc[warp] = path === undefined ? pc + 1 : path.nextPc[warp];
      this.wake(warp, now + 1);
      return;
    }
    if (hold > 1) sp.holdDispatch(now, hold);
    // LDS/STS and global atomics may queue for their path: their latency (and a read barrier) runs from when it takes them.
    const start = this.memory.start(pc, now, sp.index, warp);
    if (this.aperiodicAt[pc] === 1 && this.steady !== undefined) this.steady.aperiodic++;
    // Hopper's asynchronous instructions (async/async-unit.ts) may time themselves or take the warp.
    const handled = this.async === undefined ? ASYNC_GO_ON : this.async.issue(warp, pc, now, sp, start);
    if (handled === ASYNC_TOOK_WARP) return;
    if (handled === ASYNC_GO_ON) switch (kind) {
      case OpKind.math:
      case OpKind.mio:
      case OpKind.loadGlobal: {
        let readyAt = this.memory.resultAt(pc, now, start, warp) + delay;
        if (this.constants.isLoad[pc] === 1) readyAt = Math.max(readyAt, this.constants.ldcLineAt(pc, now) + delay);
        // cp.async (cp-async-groups.ts): a copy (LDGSTS) counts for its warp's open group, a commit (LDGDEPBAR) closes it.
        if (program.asyncCopy[pc] !== 0) readyAt = warps.cpAsync.issue(warp, program.asyncCopy[pc], readyAt, scoreboard);
        scoreboard.writeResults(warp, program, pc, readyAt);
        if (program.path[pc] === PATH_ATOMIC) warps.awaitAtExit(warp, readyAt);
        break;
      }
      case OpKind.storeGlobal:
      case OpKind.storeShared:
        warps.awaitAtExit(warp, this.memory.storeDoneAt(pc, now, start, warp) + delay);
        break;
      case OpKind.branch:
        if (this.branches.issue(warp, now, sp)) this.wake(warp, now + 1);
        return;
      case OpKind.barrier:
        // Guarded off for every lane (the warp's path says so): it issues, and that is all.
        if (path !== undefined && path.skipsBarrier(warp)) break;
        if (program.barrierDefers[pc] === 0) {
          this.barriers.arriveAndWait(warp, now, sp);
          if (path !== undefined) warps.pc[warp] = path.nextPc[warp];
          return;
        }
        this.barriers.arriveDeferred(warp, now);
        break;
      case OpKind.exit: {
        // A guarded EXIT (SASS) that is not taken goes on like any other instruction; on a
        // warp's own path, an EXIT that retires only some of its lanes does.
        if (path !== undefined ? !leaves : program.takenFraction[pc] < 1 && !this.branches.jumpTaken(warp, pc)) break;
        sp.removeCandidate(warp);
        const leaveAt = Math.max(now + 1, warps.storesDoneAt[warp]);
        if (leaveAt > now + 1) this.accounting.enter(warp, WarpState.drain, now + 1);
        this.events.push(leaveAt, SmEvent.exit, warp);
        return;
      }
    }
    // SASS read barrier: the registers the instruction reads may be overwritten once it has read them.
    const readBarrier = program.readBarrier[pc];
    if (readBarrier >= 0) scoreboard.write(warp, readBarrier, start + program.readCycles[pc] + delay, program.readState[pc] as WarpState);
    warps.pc[warp] = path === undefined ? pc + 1 : path.nextPc[warp];
    const stall = program.stallCycles[pc], fence = program.fenceCycles[pc];
    if (stall > 1 || fence > 0) {
      // The control code's stall count (`wait`, whatever the operands), or a fence's round trip and stores (`membar`).
      sp.removeCandidate(warp);
      if (fence > 0) this.accounting.enter(warp, WarpState.membar, now + 1);
      else this.barriers.enterWait(warp, now + 1);
      this.events.push(fence > 0 ? Math.max(now + fence, warps.storesDoneAt[warp]) : now + stall, SmEvent.ready, warp);
      return;
    }
    this.wake(warp, now + 1);
  }

  /**
   * From `cycle` on the warp wants to issue its next instruction: it becomes a candidate if
   * its operands are ready, or waits (in the state its latest operand implies) until they are.
   */
  private wake(warp: number, cycle: number): void {
    const sp = this.subpartitions[this.warps.subpartition[warp]];
    const pc = this.warps.pc[warp];
    if (this.warps.pendingBarrier[warp] >= 0) {
      // A stall shown as barrier ends here (barrierShown is only set while a barrier is pending).
      this.warps.barrierShown[warp] = 0;
      if (this.program.waitsForBarrier[pc] === 1 && this.barriers.holdAtDeferred(warp, cycle)) return;
    }
    let readyAt = this.scoreboard.readyAtFor(warp, this.program, pc);
    let reason: WarpState = this.scoreboard.lastReason;
    // The instruction's line if the SM has not fetched it yet (the code starts cold), then its
    // constant operand's line if the constant cache does not hold it (wanted once the
    // instruction is there): the warp waits for the latest of these and its operands.
    const fetched = this.fetch.instructionAt(pc, cycle);
    const arrives = this.constants.operandLineAt(pc, fetched > cycle ? fetched : cycle);
    if (fetched > cycle && fetched > readyAt) { readyAt = fetched; reason = WarpState.no_instruction; } // prettier-ignore
    if (arrives > cycle && arrives > readyAt) { readyAt = arrives; reason = WarpState.imc_miss; } // prettier-ignore
    if (readyAt <= cycle) {
      sp.addCandidate(warp, cycle);
    } else {
      sp.removeCandidate(warp);
      if (reason === WarpState.wait) this.barriers.enterWait(warp, cycle);
      else this.accounting.enter(warp, reason, cycle);
      if (reason === WarpState.long_scoreboard) sp.notifyPolicy(PolicyEvent.longStall, warp);
      this.events.push(readyAt, SmEvent.ready, warp);
    }
  }

  /** A launched warp arrives on its sub-partition and may issue from `cycle`. */
  private arrive(warp: number, cycle: number): void {
    this.steady?.warpArrived();
    const sp = this.subpartitions[this.warps.subpartition[warp]];
    this.accounting.start(warp, sp.index, WarpState.not_selected, cycle);
    sp.counters.active.change(1, cycle);
    sp.notifyPolicy(PolicyEvent.arrive, warp);
    sp.candidates.arrive(warp);
    this.wake(warp, cycle); // its first instruction may need its line or a constant line
    this.active.change(1, cycle);
  }

  /** The warp leaves the SM at `cycle`; the last warp of a block frees it for the next. */
  private exitWarp(warp: number, cycle: number): void {
    const { warps } = this;
    this.steady?.warpLeft(warp);
    const block = warps.block[warp];
    this.accounting.stop(warp, cycle);
    const sp = this.subpartitions[warps.subpartition[warp]];
    sp.counters.active.change(-1, cycle);
    sp.notifyPolicy(PolicyEvent.exit, warp);
    sp.candidates.leave(warp);
    warps.free(warp);
    this.async?.warpLeft(warp);
    this.active.change(-1, cycle);
    this.lastCycle = cycle;
    if (this.admission.warpLeft(block, cycle)) return;
    this.barriers.warpLeft(block, cycle);
  }

  /** Ends the run at `cycle` with warps still on the SM: what they were doing, and their states closed there. */
  private stop(status: StopReason, cycle: number): RunEnd {
    const stuck = stopWarps(this.program, this.warps, this.blocks, this.accounting, this.subpartitions, this.branches, cycle, this.async);
    this.active.close(cycle);
    this.lastCycle = cycle;
    return { cycle, outcome: { status, atCycle: cycle, stuckWarps: stuck } };
  }
}
