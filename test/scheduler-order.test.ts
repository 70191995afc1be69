import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../src/index.js";
import { scenarioYaml } from "./helpers.js";

/**
 * Issue order of whole simulations under each policy, derived by hand: three warps on each
 * scheduler (slots 0, 4, 8 on SMSP 0; launch order = slot order), each with three independent
 * FFMAs and EXIT, so a warp could issue every cycle.
 */
function orderOnSmsp0(scheduler: string): number[] {
  const program = ["FFMA R1, R2, R3, R4", "FFMA R5, R2, R3, R4", "FFMA R6, R2, R3, R4", "EXIT"].map((l) => `  ${l}`).join("\n");
  const order: number[] = [];
  simulate(parseScenario(scenarioYaml({ warpsPerScheduler: 3, program, scheduler })), {
    hooks: { issue: [(_cycle, smsp, warp) => void (smsp === 0 && order.push(warp))], stateChange: [] },
  });
  return order;
}

describe("issue order by policy", () => {
  it("gty: the youngest warp runs to its end, then the next youngest", () => {
    expect(orderOnSmsp0("gty")).toEqual([8, 8, 8, 8, 4, 4, 4, 4, 0, 0, 0, 0]);
  });

  it("gto: the oldest first, each greedy to its end", () => {
    expect(orderOnSmsp0("gto")).toEqual([0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8]);
  });

  it("lrr: one instruction each in turn", () => {
    expect(orderOnSmsp0("lrr")).toEqual([0, 4, 8, 0, 4, 8, 0, 4, 8, 0, 4, 8]);
  });

  it("two-level with three warps (all active): greedy then oldest, as gto", () => {
    expect(orderOnSmsp0("two-level")).toEqual(orderOnSmsp0("gto"));
  });
});
