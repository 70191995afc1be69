import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenario } from "../scenario/load.js";
import { scenarioOf, smOf } from "../../test/sm-harness.js";
import { WARP_STATE_COUNT, WarpState } from "../stats/warp-state.js";

const worked = parseScenario(readFileSync("scenarios/single-warp-807.yaml", "utf8"), "scenarios/single-warp-807.yaml");

describe("the SM's run loop", () => {
  it("runs DESIGN.md's worked example in 807 cycles: LDG at 0, FFMA at 401, STG at 406, EXIT at 407, drained at 807", () => {
    // L(LDG) 400 + d 1: FFMA issues at 401; L(FFMA) 4 + d: STG at 406; EXIT at 407; the store
    // completes 400 + d after its issue: 807.
    const end = smOf(worked).run(10_000);
    expect(end).toEqual({ cycle: 807, outcome: { status: "completed" } });
  });

  it("books the example's warp-cycles by hand: 4 selected, 400 long_scoreboard, 4 wait, 399 drain", () => {
    const sm = smOf(worked);
    sm.run(10_000);
    const smsp0 = (s: WarpState) => sm.accounting.warpCycles[0 * WARP_STATE_COUNT + s];
    expect([smsp0(WarpState.selected), smsp0(WarpState.long_scoreboard), smsp0(WarpState.wait), smsp0(WarpState.drain)]).toEqual([4, 400, 4, 399]);
  });

  it("advances a given number of visited cycles at a time: the LDG, the FFMA, the STG, the EXIT, then the end", () => {
    const sm = smOf(worked);
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(sm.advance(10_000, 1)).toBeUndefined();
      seen.push(sm.cycle);
    }
    // After each step the loop stands at the next cycle with work: 401, 406, 407, then the drain's end.
    expect(seen).toEqual([401, 406, 407, 807]);
    expect(sm.advance(10_000, 1)?.cycle).toBe(807);
  });

  it("stops at the cycle limit with what each warp was doing", () => {
    const end = smOf(worked).run(300);
    expect(end.cycle).toBe(300);
    expect(end.outcome).toMatchObject({ status: "cycle_limit", atCycle: 300, stuckWarps: [{ state: "long_scoreboard", instruction: "FFMA R1, R0, R0, R4" }] });
  });

  it("an interrupted run ends where it stood", () => {
    const sm = smOf(worked);
    sm.advance(10_000, 2);
    expect(sm.interrupt().outcome).toMatchObject({ status: "interrupted", atCycle: 406 });
  });

  it("a grid larger than fits runs in waves: 3 blocks of one warp, one resident at a time, 3 x 807 cycles", () => {
    const sm = smOf(worked, { gridBlocks: 3, residentBlocksLimit: 1 });
    expect(sm.run(10_000).cycle).toBe(3 * 807);
  });

  it("a fixed-latency chain on one warp: FFMA, dependent FFMA (4 + 0 later), EXIT", () => {
    const end = smOf(scenarioOf("FFMA R1, R2, R3, R4\nFFMA R5, R1, R1, R1\nEXIT")).run(1000);
    // FFMA at 0, its dependent at 4, EXIT at 5, gone at 6.
    expect(end.cycle).toBe(6);
  });
});

describe("warps that follow their own paths", () => {
  it("issue what the path says, not the declared trips: a 3-trip loop taken 5 times is 11 issues", () => {
    // pcs 0 (FFMA), 1 (the loop's branch), 2 (EXIT); the path goes back to 0 at issues 2, 4, 6, 8.
    const path = { jumpAt: Float64Array.of(2, 4, 6, 8), jumpTo: Int32Array.of(0, 0, 0, 0), total: 11 };
    const sm = smOf(scenarioOf(".loop 3\nFFMA R1, R2, R3, R4\n.endloop\nEXIT"), { threadsPerBlock: 32, paths: { pathOf: () => path } });
    const end = sm.run(100_000);
    expect(end.outcome.status).toBe("completed");
    expect(sm.subpartitions[0].counters.instructions).toBe(11);
    // Without a path the declared 3 trips give 7.
    const declared = smOf(scenarioOf(".loop 3\nFFMA R1, R2, R3, R4\n.endloop\nEXIT"), { threadsPerBlock: 32 });
    declared.run(100_000);
    expect(declared.subpartitions[0].counters.instructions).toBe(7);
  });

  it("an EXIT that is not the path's last issue retires some lanes and the warp goes on", () => {
    // pcs 0 (FFMA), 1 (EXIT: some lanes), 2 (FFMA), 3 (EXIT: the rest): 4 issues, no jump.
    const path = { jumpAt: new Float64Array(0), jumpTo: new Int32Array(0), total: 4 };
    const sm = smOf(scenarioOf("FFMA R1, R2, R3, R4\nEXIT\nFFMA R5, R2, R3, R4\nEXIT"), { threadsPerBlock: 32, paths: { pathOf: () => path } });
    expect(sm.run(100_000).outcome.status).toBe("completed");
    expect(sm.subpartitions[0].counters.instructions).toBe(4);
  });
});
