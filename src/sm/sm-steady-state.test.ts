import { describe, expect, it } from "vitest";
import { scenarioOf, smOf } from "../../test/sm-harness.js";

// 16 warps, each a dependent FFMA chain of 2,000 trips: the state repeats trip after trip.
const loop = scenarioOf(".loop 2000\nFFMA R1, R1, R2, R3\n.endloop\nEXIT", { warpsPerScheduler: 4 });

describe("when a run may fast-forward", () => {
  it("a loop whose trips repeat is skipped ahead, and ends in the same cycle as simulated every cycle", () => {
    const fast = smOf(loop);
    const slow = smOf(loop, { fastForward: false });
    const a = fast.run(1e7);
    const b = slow.run(1e7);
    expect(fast.skippedCycles).toBeGreaterThan(0);
    expect(slow.skippedCycles).toBe(0);
    expect(a).toEqual(b);
  });

  it("not when hooks watch every issue or state change, nor under the random policy", () => {
    const issue = smOf(loop, { hooks: { issue: [() => {}], stateChange: [] } });
    issue.run(1e7);
    expect(issue.skippedCycles).toBe(0);
    const states = smOf(loop, { hooks: { issue: [], stateChange: [() => {}] } });
    states.run(1e7);
    expect(states.skippedCycles).toBe(0);
    const random = smOf(scenarioOf(".loop 2000\nFFMA R1, R1, R2, R3\n.endloop\nEXIT", { warpsPerScheduler: 4, scheduler: "random" }));
    random.run(1e7);
    expect(random.skippedCycles).toBe(0);
  });

  it("not with the reference scan of the tests", () => {
    const sm = smOf(loop, { referenceScan: true });
    sm.run(1e7);
    expect(sm.skippedCycles).toBe(0);
  });
});
