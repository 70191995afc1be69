import { describe, expect, it } from "vitest";
import { CpAsyncGroups } from "./cp-async-groups.js";
import { Reg } from "../program/opcodes.js";
import { ASYNC_COMMIT, ASYNC_COPY } from "../program/program.js";
import { Scoreboard } from "./scoreboard.js";

/** When DEPBAR.LE SB0, n (entry Reg.CP_ASYNC_LE0 + n) lets the warp go, after the issues so far. */
const waitOn = (sb: Scoreboard, n: number) => sb.readyAtFor(0, { waitStart: Int32Array.of(0), waitCount: Int32Array.of(1), regs: Int32Array.of(Reg.CP_ASYNC_LE0 + n) } as never, 0);

describe("cp.async commit groups (cp.async.wait_group n)", () => {
  it("LDGDEPBAR's own result waits for every copy so far; wait_group 1 for all but the newest group", () => {
    const g = new CpAsyncGroups(1);
    const sb = new Scoreboard(1);
    expect(g.issue(0, ASYNC_COPY, 700, sb)).toBe(700);
    expect(g.issue(0, ASYNC_COMMIT, 5, sb)).toBe(700);
    expect(waitOn(sb, 1)).toBe(0); // one group, one may stay in flight
    expect(g.issue(0, ASYNC_COPY, 900, sb)).toBe(900);
    expect(g.issue(0, ASYNC_COMMIT, 12, sb)).toBe(900);
    expect(waitOn(sb, 0)).toBe(900);
    expect(waitOn(sb, 1)).toBe(700); // a two-stage pipeline: the newest stage may still be in flight
    expect(waitOn(sb, 2)).toBe(0);
  });

  it("every group older than the n newest must be done, even one that lands after a newer one (PTX)", () => {
    const g = new CpAsyncGroups(1);
    const sb = new Scoreboard(1);
    for (const at of [200, 500, 300]) {
      g.issue(0, ASYNC_COPY, at, sb);
      g.issue(0, ASYNC_COMMIT, 0, sb);
    }
    // Groups land at 200, 500, 300: wait_group 1 needs the first two, so 500, not 300.
    expect([waitOn(sb, 0), waitOn(sb, 1), waitOn(sb, 2), waitOn(sb, 3)]).toEqual([500, 500, 200, 0]);
  });

  it("an empty group is done at once; a slot's new warp starts with nothing in flight", () => {
    const g = new CpAsyncGroups(1);
    const sb = new Scoreboard(1);
    g.issue(0, ASYNC_COPY, 400, sb);
    g.issue(0, ASYNC_COMMIT, 0, sb);
    g.issue(0, ASYNC_COMMIT, 0, sb); // nothing since the last commit
    expect([waitOn(sb, 0), waitOn(sb, 1)]).toEqual([400, 400]);
    g.reset(0);
    const fresh = new Scoreboard(1);
    g.issue(0, ASYNC_COMMIT, 0, fresh);
    expect(waitOn(fresh, 0)).toBe(0);
  });
});
