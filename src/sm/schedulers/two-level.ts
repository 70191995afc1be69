import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";
import { PolicyEvent, type SchedulerPolicy, type WarpAges } from "./policy.js";

/** Warps in a sub-partition's active set (Gebhart et al. 2011 and Narasiman et al. 2011 use 8). */
export const TWO_LEVEL_ACTIVE_WARPS = 8;

/**
 * Two-level: the scheduler picks only among an active set of at most TWO_LEVEL_ACTIVE_WARPS
 * warps, greedy then oldest; a warp that waits on global memory (long_scoreboard) leaves the
 * active set for the pending set and the oldest pending warp takes its place, so the warps
 * being scheduled are those with work to do near term (Narasiman et al., MICRO 2011). When no
 * active warp is eligible but a pending one is, the oldest eligible pending warp is promoted
 * rather than leaving the cycle idle (a choice: the published designs differ on this).
 */
export class TwoLevel implements SchedulerPolicy {
  private last = -1;
  /** 1: in the active set; 0: pending or gone. */
  private readonly active: Uint8Array;
  private activeCount = 0;
  /** Warps of this sub-partition that are pending, in arrival order (small: a linear list). */
  private pending: number[] = [];

  constructor(
    private readonly warps: WarpAges,
    warpSlots: number,
    private readonly size = TWO_LEVEL_ACTIVE_WARPS,
  ) {
    this.active = new Uint8Array(warpSlots);
  }

  notify(event: PolicyEvent, warp: number): void {
    switch (event) {
      case PolicyEvent.arrive:
        if (this.activeCount < this.size) this.activate(warp);
        else this.pending.push(warp);
        break;
      case PolicyEvent.longStall:
        if (this.active[warp] === 1 && this.pending.length > 0) {
          this.deactivate(warp);
          this.activate(this.takeOldestPending());
          this.pending.push(warp);
        }
        break;
      case PolicyEvent.exit:
        if (this.active[warp] === 1) {
          this.deactivate(warp);
          if (this.pending.length > 0) this.activate(this.takeOldestPending());
        } else {
          this.pending = this.pending.filter((w) => w !== warp);
        }
        break;
      case PolicyEvent.barrier:
        break;
    }
  }

  pick(eligible: Int32Array, count: number): number {
    const { age } = this.warps;
    let best = -1;
    let bestPending = -1;
    for (let i = 0; i < count; i++) {
      const w = eligible[i];
      if (this.active[w] === 1) {
        if (w === this.last) return w; // greedy within the active set
        if (best < 0 || age[w] < age[best]) best = w;
      } else if (bestPending < 0 || age[w] < age[bestPending]) {
        bestPending = w;
      }
    }
    if (best < 0) {
      // Nothing active can issue: bring in the oldest eligible pending warp, in place of the
      // oldest active one (which is waiting anyway).
      best = bestPending;
      this.pending = this.pending.filter((w) => w !== best);
      if (this.activeCount >= this.size) this.demoteOneActive();
      this.activate(best);
    }
    return (this.last = best);
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.sameScalar(() => this.last);
    reg.sameScalar(() => this.activeCount);
    reg.same(this.active);
    reg.custom({ capture: (out) => out.push(this.pending.length, ...this.pending), shift: () => {} });
  }

  private activate(warp: number): void {
    this.active[warp] = 1;
    this.activeCount++;
  }

  private deactivate(warp: number): void {
    this.active[warp] = 0;
    this.activeCount--;
  }

  private takeOldestPending(): number {
    const { age } = this.warps;
    let at = 0;
    for (let i = 1; i < this.pending.length; i++) if (age[this.pending[i]] < age[this.pending[at]]) at = i;
    return this.pending.splice(at, 1)[0];
  }

  private demoteOneActive(): void {
    const { age } = this.warps;
    let oldest = -1;
    for (let w = 0; w < this.active.length; w++) {
      if (this.active[w] === 1 && (oldest < 0 || age[w] < age[oldest])) oldest = w;
    }
    if (oldest >= 0) {
      this.deactivate(oldest);
      this.pending.push(oldest);
    }
  }
}
