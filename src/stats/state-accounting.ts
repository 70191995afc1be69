import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import type { Hooks } from "./hooks.js";
import { WARP_STATE_COUNT, WarpState } from "./warp-state.js";

/** The per-warp columns the state hooks report (the SM's warp table has them). */
export interface WarpWhereabouts {
  readonly pc: Int32Array;
  readonly gridBlock: Float64Array;
  readonly atBarrier: Int8Array;
}

/**
 * Lazy warp-state accounting (DESIGN.md §4). Each warp slot remembers its state and the cycle
 * it entered it; `enter` adds the finished interval to that sub-partition's counter. The model
 * calls it only when a state changes, so long stalls and skipped spans cost nothing.
 * A call may name a cycle in the future (a stall known to start next cycle); calls for one warp
 * are always in non-decreasing cycle order.
 */
export class StateAccounting {
  /** Warp-cycles per (sub-partition, state): index smsp * WARP_STATE_COUNT + state. */
  readonly warpCycles: Float64Array;
  readonly state: Uint8Array;
  readonly since: Float64Array;
  private readonly smspOf: Uint8Array;
  private readonly active: Uint8Array;
  /** Cycle each warp arrived, and the lifetimes (arrival to exit) of the warps that exited. */
  private readonly arrivedAt: Float64Array;
  exitedWarps = 0;
  lifetimeMinCycles = Infinity;
  lifetimeMaxCycles = 0;
  lifetimeSumCycles = 0;
  /** Whether anyone listens to state changes (checked once, not per call). */
  private readonly observed: boolean;

  constructor(
    warpSlots: number,
    subpartitions: number,
    private readonly hooks: Hooks,
    /** Where each warp is, for the hooks only: its next pc and its block in the grid. */
    private readonly where: WarpWhereabouts = { pc: new Int32Array(warpSlots), gridBlock: new Float64Array(warpSlots), atBarrier: new Int8Array(warpSlots) },
  ) {
    this.warpCycles = new Float64Array(subpartitions * WARP_STATE_COUNT);
    this.state = new Uint8Array(warpSlots);
    this.since = new Float64Array(warpSlots);
    this.smspOf = new Uint8Array(warpSlots);
    this.active = new Uint8Array(warpSlots);
    this.arrivedAt = new Float64Array(warpSlots);
    this.observed = hooks.stateChange.length !== 0;
  }

  /** A warp arrives on sub-partition `smsp` in `state` at `cycle`. */
  start(warp: number, smsp: number, state: WarpState, cycle: number): void {
    this.smspOf[warp] = smsp;
    this.active[warp] = 1;
    this.state[warp] = state;
    this.since[warp] = cycle;
    this.arrivedAt[warp] = cycle;
    if (this.observed) this.notify(cycle, warp, state);
  }

  /** From `cycle` on, `warp` is in `state`. */
  enter(warp: number, state: WarpState, cycle: number): void {
    const old = this.state[warp];
    if (old === state) return;
    this.warpCycles[this.smspOf[warp] * WARP_STATE_COUNT + old] += cycle - this.since[warp];
    this.state[warp] = state;
    this.since[warp] = cycle;
    if (this.observed) this.notify(cycle, warp, state);
  }

  /**
   * For a warp whose state was accounted elsewhere (src/sm/candidate-masks.ts): from `since` on
   * it is in `state`, nothing added for before.
   */
  resume(warp: number, state: WarpState, since: number): void {
    this.state[warp] = state;
    this.since[warp] = since;
  }

  /** The warp's own state ends at `cycle` and its time is added; it is accounted elsewhere from then on. */
  absorb(warp: number, cycle: number): void {
    this.warpCycles[this.smspOf[warp] * WARP_STATE_COUNT + this.state[warp]] += cycle - this.since[warp];
    this.since[warp] = cycle;
  }

  /**
   * Books every active warp's time in its state up to `cycle`, the state going on from there (the
   * sums are the same as booking it later): a sampled run reads settled totals at its snapshots
   * (sm/sampled-steady-state.ts). States entered ahead of time (since past `cycle`) are left be.
   */
  settle(cycle: number): void {
    for (let w = 0; w < this.state.length; w++) {
      if (this.active[w] !== 1 || this.since[w] >= cycle) continue;
      this.warpCycles[this.smspOf[w] * WARP_STATE_COUNT + this.state[w]] += cycle - this.since[w];
      this.since[w] = cycle;
    }
  }

  /** `warps` warps of `smsp` spent `cycles` in `state`, accounted together (look-accounting.ts). */
  addWarpCycles(smsp: number, state: WarpState, warps: number, cycles: number): void {
    this.warpCycles[smsp * WARP_STATE_COUNT + state] += warps * cycles;
  }

  /**
   * The warp leaves the SM at `cycle` (`exited`), or the run stops with it still there; its last
   * interval is counted, and its lifetime if it exited.
   */
  stop(warp: number, cycle: number, exited = true): void {
    if (this.active[warp] === 0) return;
    if (exited) {
      const lifetime = cycle - this.arrivedAt[warp];
      this.exitedWarps++;
      this.lifetimeSumCycles += lifetime;
      if (lifetime < this.lifetimeMinCycles) this.lifetimeMinCycles = lifetime;
      if (lifetime > this.lifetimeMaxCycles) this.lifetimeMaxCycles = lifetime;
    }
    const span = cycle - this.since[warp];
    if (span > 0) this.warpCycles[this.smspOf[warp] * WARP_STATE_COUNT + this.state[warp]] += span;
    this.active[warp] = 0;
    if (this.observed) this.notify(cycle, warp, -1);
  }

  /**
   * Takes back what was booked past `cycle` for a warp whose states were entered ahead of time:
   * `chain` lists those states as [state, from, to) intervals in order (the last may be the
   * current one). Afterwards the warp is in the state it had at `cycle`, since `cycle`.
   */
  rewind(warp: number, cycle: number, chain: readonly (readonly [WarpState, number, number])[]): void {
    const base = this.smspOf[warp] * WARP_STATE_COUNT;
    let stateAtCycle = this.state[warp];
    for (const [state, from, to] of chain) {
      // Intervals that ended by `since` were counted; the current one (from === since) was not.
      if (to <= this.since[warp] && to > from) {
        const booked = Math.max(0, to - Math.max(from, cycle));
        this.warpCycles[base + state] -= booked;
      }
      if (from <= cycle && cycle < to) stateAtCycle = state;
    }
    this.state[warp] = stateAtCycle;
    this.since[warp] = cycle;
  }

  /** Its fields for the steady-state fast-forward (arrival times stay: lifetimes span the skip). */
  registerSteadyState(reg: SteadyStateRegistry, aggregated: (warp: number) => boolean): void {
    reg.total(this.warpCycles);
    // A warp accounted in aggregate (src/sm/candidate-masks.ts) has a stale state and time of its own: not compared.
    reg.custom({
      capture: (out) => {
        for (let w = 0; w < this.state.length; w++) out.push(aggregated(w) ? -1 : this.state[w]);
      },
      shift: () => {},
    });
    reg.happened(this.since, (i) => this.active[i] === 1 && !aggregated(i));
    reg.same(this.smspOf);
    reg.same(this.active);
    reg.sameScalar(() => this.exitedWarps);
  }

  isActive(warp: number): boolean {
    return this.active[warp] === 1;
  }

  private notify(cycle: number, warp: number, state: WarpState | -1): void {
    const { pc, gridBlock, atBarrier } = this.where;
    // A warp at a barrier has moved past its BAR; the slice is about the BAR.
    const about = state === WarpState.barrier || atBarrier[warp] >= 0 ? pc[warp] - 1 : pc[warp];
    for (const hook of this.hooks.stateChange) hook(cycle, this.smspOf[warp], warp, state, about, gridBlock[warp]);
  }
}
