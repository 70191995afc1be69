import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";

/** Commit groups a warp may have pending; beyond this the oldest is folded into the next (the hardware's own limit is not published). */
const MAX_GROUPS = 16;

/**
 * A warp's asynchronous operations in commit groups, as Hopper counts them for warpgroup MMAs
 * (wgmma.commit_group / wait_group) and bulk stores (cp.async.bulk.commit_group / wait_group):
 * the operations since the last commit form the open group; a commit closes it; a wait for at
 * most n pending groups lasts until all older groups are done.
 */
export class CommitGroups {
  private readonly openDone: Float64Array;
  private readonly groups: Float64Array;
  private readonly count: Int32Array;

  constructor(warpSlots: number) {
    this.openDone = new Float64Array(warpSlots);
    this.groups = new Float64Array(warpSlots * MAX_GROUPS);
    this.count = new Int32Array(warpSlots);
  }

  /** A new warp in the slot: nothing pending. */
  reset(warp: number): void {
    this.openDone[warp] = 0;
    this.count[warp] = 0;
  }

  /** An operation of the warp's open group is done at `done`. */
  add(warp: number, done: number): void {
    if (done > this.openDone[warp]) this.openDone[warp] = done;
  }

  /** The warp closes its open group. */
  commit(warp: number): void {
    const base = warp * MAX_GROUPS;
    let c = this.count[warp];
    if (c === MAX_GROUPS) {
      this.groups[base + 1] = Math.max(this.groups[base], this.groups[base + 1]);
      this.groups.copyWithin(base, base + 1, base + MAX_GROUPS);
      c--;
    }
    this.groups[base + c] = this.openDone[warp];
    this.count[warp] = c + 1;
    this.openDone[warp] = 0;
  }

  /**
   * The cycle from which at most `pending` of the warp's committed groups are still running, the
   * older ones all done (PTX's wait_group), without forgetting any: a wait the scoreboard makes.
   */
  readyWhenAtMost(warp: number, pending: number): number {
    const base = warp * MAX_GROUPS;
    let ready = 0;
    for (let i = 0; i < this.count[warp] - pending; i++) if (this.groups[base + i] > ready) ready = this.groups[base + i];
    return ready;
  }

  /** Its fields for the steady-state fast-forward. */
  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAt(this.openDone);
    reg.readyAt(this.groups);
    reg.same(this.count);
  }

  /** The cycle from which at most `pending` of the warp's committed groups are still running; the finished ones are forgotten. */
  waitUntil(warp: number, pending: number): number {
    const base = warp * MAX_GROUPS;
    const c = this.count[warp];
    if (c <= pending) return 0;
    let ready = 0;
    for (let i = 0; i < c - pending; i++) if (this.groups[base + i] > ready) ready = this.groups[base + i];
    // The groups waited for are done once the warp goes on: keep the newest `pending`.
    for (let i = 0; i < pending; i++) this.groups[base + i] = this.groups[base + c - pending + i];
    this.count[warp] = pending;
    return ready;
  }
}
