import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { CP_ASYNC_THRESHOLDS, Reg } from "../program/opcodes.js";
import { ASYNC_COMMIT, ASYNC_COPY } from "../program/program.js";
import { WarpState } from "../stats/warp-state.js";
import { CommitGroups } from "./async/commit-groups.js";
import type { Scoreboard } from "./scoreboard.js";

/**
 * A warp's cp.async copies (LDGSTS) in commit groups (async/commit-groups.ts, as for warpgroup
 * MMAs and bulk stores): the copies since the last commit form the open group; LDGDEPBAR
 * (cp.async.commit_group) closes it; `DEPBAR.LE SB0, n` (cp.async.wait_group n) waits until at
 * most the n newest groups are still in flight and every older one is done (PTX), so a two-stage
 * pipeline's wait_group 1 lets the next stage's copies run while the warp works on the current
 * one. At each commit the SM writes, for every n below CP_ASYNC_THRESHOLDS, when that holds to
 * the scoreboard entry DEPBAR.LE SB0, n waits on (Reg.CP_ASYNC_LE0 + n); before, DEPBAR waited
 * for every copy, whatever its n.
 */
export class CpAsyncGroups {
  /** When every copy the warp issued so far has landed (LDGDEPBAR's own result, on SB0). */
  private readonly allDone: Float64Array;
  private readonly groups: CommitGroups;

  constructor(warpSlots: number) {
    this.allDone = new Float64Array(warpSlots);
    this.groups = new CommitGroups(warpSlots);
  }

  /** A new warp in the slot: nothing in flight. */
  reset(warp: number): void {
    this.allDone[warp] = 0;
    this.groups.reset(warp);
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
      this.groups.add(warp, readyAt);
      return readyAt;
    }
    if (kind !== ASYNC_COMMIT) return readyAt;
    this.groups.commit(warp);
    for (let n = 0; n < CP_ASYNC_THRESHOLDS; n++) scoreboard.write(warp, Reg.CP_ASYNC_LE0 + n, this.groups.readyWhenAtMost(warp, n), WarpState.long_scoreboard);
    return Math.max(readyAt, this.allDone[warp]);
  }

  /** Its fields for the steady-state fast-forward. */
  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAt(this.allDone);
    this.groups.registerSteadyState(reg);
  }
}
