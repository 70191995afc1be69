import { describe, expect, it } from "vitest";
import { CommitGroups } from "./commit-groups.js";

describe("commit groups", () => {
  it("a group is done when its slowest operation is; an open group is not waited for", () => {
    const g = new CommitGroups(2);
    g.add(0, 50);
    g.add(0, 40);
    expect(g.waitUntil(0, 0)).toBe(0); // nothing committed yet
    g.commit(0);
    expect(g.waitUntil(0, 0)).toBe(50);
  });
  it("waiting for at most n pending leaves the newest n", () => {
    const g = new CommitGroups(1);
    for (const done of [10, 30, 20]) {
      g.add(0, done);
      g.commit(0);
    }
    expect(g.waitUntil(0, 2)).toBe(10);
    expect(g.waitUntil(0, 1)).toBe(30);
    expect(g.waitUntil(0, 0)).toBe(20);
  });
  it("warps keep their own groups, and a warp leaving forgets them", () => {
    const g = new CommitGroups(2);
    g.add(1, 70);
    g.commit(1);
    expect(g.waitUntil(0, 0)).toBe(0);
    g.reset(1);
    expect(g.waitUntil(1, 0)).toBe(0);
  });
  it("beyond 16 pending groups the oldest two fold into one", () => {
    const g = new CommitGroups(1);
    for (let i = 1; i <= 17; i++) {
      g.add(0, i);
      g.commit(0);
    }
    // 17 groups: the first two folded (done 2); waiting for all but 15 leaves groups 3..17.
    expect(g.waitUntil(0, 15)).toBe(2);
  });
});
