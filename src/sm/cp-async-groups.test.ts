import { describe, expect, it } from "vitest";
import { CP_ASYNC_GROUPS, CpAsyncGroups } from "./cp-async-groups.js";
import { Reg } from "../program/opcodes.js";
import { ASYNC_COMMIT, ASYNC_COPY } from "../program/program.js";
import { Scoreboard } from "./scoreboard.js";

describe("cp.async commit groups (cp.async.wait_group n)", () => {
  it("at most n in flight from the (g - n)-th earliest completion, whatever the order groups finish in", () => {
    const g = new CpAsyncGroups(2);
    g.copy(1, 100);
    g.copy(1, 200);
    g.commit(1); // group A done at 200
    expect([g.atMost[0], g.atMost[1]]).toEqual([200, 0]); // wait_group 1 with one group: no wait
    g.copy(1, 500);
    g.commit(1); // group B at 500
    expect([g.atMost[0], g.atMost[1], g.atMost[2]]).toEqual([500, 200, 0]);
    g.copy(1, 300);
    g.commit(1); // group C at 300, before B: at 300 two of three are done
    expect([g.atMost[0], g.atMost[1], g.atMost[2], g.atMost[3]]).toEqual([500, 300, 200, 0]);
  });

  it("an empty group is done at once; a slot's new warp starts with nothing in flight", () => {
    const g = new CpAsyncGroups(1);
    g.copy(0, 400);
    g.commit(0);
    g.commit(0); // nothing since the last commit
    expect([g.atMost[0], g.atMost[1]]).toEqual([400, 0]);
    g.reset(0);
    g.commit(0);
    expect(g.atMost[0]).toBe(0);
  });

  it("groups past the kept eight count as done by the latest of them", () => {
    const g = new CpAsyncGroups(1);
    for (let i = 0; i < CP_ASYNC_GROUPS + 1; i++) {
      g.copy(0, i === 0 ? 10_000 : 100 * (i + 1)); // the oldest lands last
      g.commit(0);
    }
    // Nine groups, the first (10,000) dropped from the eight kept: every threshold waits for it.
    expect(g.atMost[7]).toBe(10_000);
    expect(g.atMost[0]).toBe(10_000);
  });

  it("issue: LDGDEPBAR's result waits for every copy so far, DEPBAR.LE SB0, n's entry for its groups", () => {
    const g = new CpAsyncGroups(1);
    const sb = new Scoreboard(1);
    expect(g.issue(0, ASYNC_COPY, 700, sb)).toBe(700);
    expect(g.issue(0, ASYNC_COMMIT, 5, sb)).toBe(700);
    expect(g.issue(0, ASYNC_COPY, 900, sb)).toBe(900);
    expect(g.issue(0, ASYNC_COMMIT, 12, sb)).toBe(900);
    const waitOn = (n: number) => ({ waitStart: Int32Array.of(0), waitCount: Int32Array.of(1), regs: Int32Array.of(Reg.CP_ASYNC_LE0 + n) }) as never;
    expect(sb.readyAtFor(0, waitOn(0), 0)).toBe(900);
    expect(sb.readyAtFor(0, waitOn(1), 0)).toBe(700); // a two-stage pipeline: the newest stage may still be in flight
    expect(sb.readyAtFor(0, waitOn(2), 0)).toBe(0);
  });
});
