import { describe, expect, it } from "vitest";
import { scenarioOf, smOf } from "../../test/sm-harness.js";

describe("what the warps were doing when a run stopped", () => {
  it("a warp held at a BAR is reported at the BAR it passed, in barrier, with its place in the grid", () => {
    // Two warps per block, but the barrier waits for three: nobody gets past it.
    const sm = smOf(scenarioOf("FFMA R1, R2, R3, R4\nBAR.SYNC 1, 96\nEXIT", { warpsPerScheduler: 1 }), { threadsPerBlock: 64 });
    const end = sm.run(1000);
    expect(end.outcome.status).toBe("deadlock");
    if (end.outcome.status === "completed") return;
    expect(end.outcome.stuckWarps).toEqual([
      { warpSlot: 0, block: 0, warpInBlock: 0, subpartition: 0, pc: 1, line: expect.any(Number), instruction: "BAR.SYNC 1, 96", state: "barrier" },
      { warpSlot: 1, block: 0, warpInBlock: 1, subpartition: 1, pc: 1, line: expect.any(Number), instruction: "BAR.SYNC 1, 96", state: "barrier" },
    ]);
  });

  it("a warp waiting on a load is reported at the instruction it waits to issue", () => {
    const sm = smOf(scenarioOf("LDG.E R1, [R2.64]\nFFMA R3, R1, R1, R1\nEXIT", { memory: "latency: { kind: fixed, cycles: 500 }" }), { threadsPerBlock: 32 });
    const end = sm.run(100);
    expect(end.outcome).toMatchObject({ status: "cycle_limit", stuckWarps: [{ pc: 1, instruction: "FFMA R3, R1, R1, R1", state: "long_scoreboard" }] });
  });
});
