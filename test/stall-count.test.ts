import { describe, expect, it } from "vitest";
import { ScenarioError } from "../src/index.js";
import { run, scenarioYaml, unrolled } from "./helpers.js";

/**
 * The control code's stall count (`[S4] ...`): the warp's next instruction issues no sooner
 * than that many cycles after this one, whatever its operands, and the warp waits in `wait`
 * meanwhile. The expected values are derived by hand from that rule.
 */

/** Issue cycles of scheduler 0's warp for a one-warp-per-scheduler run of `program`. */
function issueCycles(program: string): number[] {
  const cycles: number[] = [];
  run(scenarioYaml({ warpsPerScheduler: 1, arch: "resultDelayCycles: 0", program }), {
    hooks: { issue: [(cycle, sp) => sp === 0 && cycles.push(cycle)], stateChange: [] },
  });
  return cycles;
}

describe("stall counts", () => {
  it("spaces independent instructions by their stall counts", () => {
    // Independent FFMAs (either FP32 half): back to back without stall counts.
    const ffmas = ["FFMA R1, R40, R41, R42", "FFMA R2, R43, R44, R45", "FFMA R3, R46, R47, R48"];
    const free = issueCycles(unrolled(ffmas, 1));
    expect(free.slice(0, 3)).toEqual([0, 1, 2]);
    // [S4] then [S6]: the second issues at 4, the third at 4 + 6 = 10.
    const stalled = issueCycles(unrolled([`[S4] ${ffmas[0]}`, `[S6] ${ffmas[1]}`, ffmas[2]], 1));
    expect(stalled.slice(0, 3)).toEqual([0, 4, 10]);
  });

  it("adds nothing where the operand latency is longer (a dependent FFMA after [S2] waits its 4 cycles)", () => {
    const c = issueCycles(unrolled(["[S2] FFMA R1, R40, R41, R42", "FFMA R2, R1, R41, R42"], 1));
    expect(c.slice(0, 2)).toEqual([0, 4]);
  });

  it("counts the stalled cycles as wait (3 per [S4])", () => {
    const r = run(scenarioYaml({ warpsPerScheduler: 1, arch: "resultDelayCycles: 0", program: unrolled(["[S4] IADD3 R1, R40, 0x1, RZ"], 100) }));
    // 100 stalled instructions (the EXIT after the last waits too): 3 wait cycles each, 4 warps.
    expect(r.sm.stalls.wait.warpCycles).toBe(4 * 100 * 3);
  });

  it("rejects a stall count outside 1..15 with the line and what was found", () => {
    const bad = scenarioYaml({ warpsPerScheduler: 1, program: unrolled(["[S16] IADD3 R1, R40, 0x1, RZ"], 1) });
    expect(() => run(bad)).toThrow(ScenarioError);
    expect(() => run(bad)).toThrow(/\[S1\] \.\. \[S15\].*\[S16\]/s);
  });
});
