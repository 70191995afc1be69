import { describe, expect, it } from "vitest";
import { loadScenario, simulate } from "../../src/index.js";

describe("the LDG; FFMA; STG; EXIT worked example (seed 003, DESIGN.md §2)", () => {
  const result = simulate(loadScenario("scenarios/single-warp-807.yaml"));

  it("takes exactly 807 cycles", () => {
    expect(result.outcome.status).toBe("completed");
    expect(result.cycles).toBe(807);
  });

  it("spends them as derived by hand", () => {
    // LDG at 0; FFMA waits for the load in cycles 1..400 and issues at 401; STG waits for
    // the FFMA in 402..405 and issues at 406; EXIT at 407; drain in 408..806.
    const s = result.sm.stalls;
    expect(s.selected.warpCycles).toBe(4);
    expect(s.long_scoreboard.warpCycles).toBe(400);
    expect(s.wait.warpCycles).toBe(4);
    expect(s.drain.warpCycles).toBe(399);
    expect(result.sm.instExecuted).toBe(4);
    expect(result.subpartitions[0].issueActive).toBeCloseTo(4 / 807, 12);
  });
});
