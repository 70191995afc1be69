import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { CP_ASYNC_THRESHOLDS, Reg } from "../program/opcodes.js";
import { ASYNC_COMMIT, ASYNC_COPY } from "../program/program.js";
import { WarpState } from "../stats/warp-state.js";
import type { Scoreboard } from "./scoreboard.js";

/** Groups of cp.async copies a warp keeps track of; older ones count as done by the latest of them to finish. */
export const CP_ASYNC_GROUPS = 8;

/**
 * A warp's cp.async copies (LDGSTS) in commit groups, as the hardware counts them: the copies
 * since the last commit form the open group; LDGDEPBAR (cp.async.commit_group) closes it and
 * counts one more group on the warp's dependency barrier; `DEPBAR.LE SB0, n`
 * (cp.async.wait_group n) waits until at most n groups are still in flight, so a two-stage
 * pipeline's wait_group 1 lets the next stage's copies run while the warp works on the current
 * one. A group is done when its last copy has landed; groups finish in any order and the
 * barrier's count falls as each does, so "at most n in flight" holds from the (g - n)-th
 * earliest completion of the g groups committed. `commit` gives that time for every n below
 * CP_ASYNC_THRESHOLDS, which the SM writes to the scoreboard entries DEPBAR waits on
 * (Reg.CP_ASYNC_LE0 + n); before, DEPBAR waited for every copy, whatever its n.
 */
export class CpAsyncGroups {
  /** When every copy the warp issued so far has landed (LDGDEPBAR's own result, on SB0). */
  private readonly allDone: Float64Array;
  /** The open group's last landing so far, per warp. */
  private readonly openDone: Float64Array;
  /** The last CP_ASYNC_GROUPS committed groups' completions, per warp, oldest first. */
  private readonly done: Float64Array;
  private readonly count: Int32Array;
  /** Per warp: the latest completion among groups no longer kept (all done by then, as a floor). */
  private readonly olderDone: Float64Array;
  /** `commit`'s result: the cycle from which at most n groups are in flight, for n = 0..7. */
  readonly atMost = new Float64Array(CP_ASYNC_THRESHOLDS);
  private readonly sorted = new Float64Array(CP_ASYNC_GROUPS);

  constructor(warpSlots: number) {
    this.allDone = new Float64Array(warpSlots);
    this.openDone = new Float64Array(warpSlots);
    this.done = new Float64Array(warpSlots * CP_ASYNC_GROUPS);
    this.count = new Int32Array(warpSlots);
    this.olderDone = new Float64Array(warpSlots);
  }

  /** A new warp in the slot: nothing in flight. */
  reset(warp: number): void {
    this.allDone[warp] = 0;
    this.openDone[warp] = 0;
    this.count[warp] = 0;
    this.olderDone[warp] = 0;
  }

  /**
   * The warp issues a copy (ASYNC_COPY: LDGSTS, landing at `readyAt`) or a commit
   * (ASYNC_COMMIT: LDGDEPBAR, its result ready at `readyAt`): returns when the instruction's
   * result is ready (a commit's once every copy so far has landed), and at a commit writes, for
   * each n, when at most n groups are in flight to the scoreboard entry DEPBAR.LE SB0, n waits on.
   */
  issue(warp: number, kind: number, readyAt: number, scoreboard: Scoreboard): number {
    if (kind === ASYNC_COPY) {
      if (readyAt > this.allDone[warp]) this.allDone[warp] = readyAt;
      this.copy(warp, readyAt);
      return readyAt;
    }
    if (kind !== ASYNC_COMMIT) return readyAt;
    this.commit(warp);
    for (let n = 0; n < CP_ASYNC_THRESHOLDS; n++) scoreboard.write(warp, Reg.CP_ASYNC_LE0 + n, this.atMost[n], WarpState.long_scoreboard);
    return Math.max(readyAt, this.allDone[warp]);
  }

  /** A copy of the warp's open group lands at `at`. */
  copy(warp: number, at: number): void {
    if (at > this.openDone[warp]) this.openDone[warp] = at;
  }

  /** The warp commits its open group; `atMost` then holds, per threshold n, when at most n of its groups are in flight. */
  commit(warp: number): void {
    const base = warp * CP_ASYNC_GROUPS;
    let c = this.count[warp];
    if (c === CP_ASYNC_GROUPS) {
      if (this.done[base] > this.olderDone[warp]) this.olderDone[warp] = this.done[base];
      this.done.copyWithin(base, base + 1, base + CP_ASYNC_GROUPS);
      c--;
    }
    this.done[base + c] = this.openDone[warp];
    this.count[warp] = ++c;
    this.openDone[warp] = 0;
    const s = this.sorted;
    for (let i = 0; i < c; i++) s[i] = this.done[base + i];
    s.subarray(0, c).sort();
    const floor = this.olderDone[warp];
    for (let n = 0; n < CP_ASYNC_THRESHOLDS; n++) this.atMost[n] = n >= c ? floor : Math.max(floor, s[c - n - 1]);
  }

  /** Its fields for the steady-state fast-forward. */
  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAt(this.allDone);
    reg.readyAt(this.openDone);
    reg.readyAt(this.done);
    reg.same(this.count);
    reg.readyAt(this.olderDone);
  }
}
