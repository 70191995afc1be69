import { describe, expect, it } from "vitest";
import { PRESETS } from "../arch/presets/index.js";
import { WarpState } from "../stats/warp-state.js";
import { BRANCH_PHASES, branchPhaseEnds } from "./branch-timing.js";

const branch = PRESETS.sm_90.branch; // resolve 3, taken refetch 2, resolution within 8
const BRA_LATENCY = 6;

function ends(stall: number, taken: boolean, latency = BRA_LATENCY): number[] {
  const out = new Float64Array(3);
  branchPhaseEnds(latency, stall, taken, branch, out);
  return Array.from(out);
}

describe("a branch's phases (sm_90, measured: validation/microbench/branch-stall-probe)", () => {
  it("are wait, branch_resolving, no_instruction, in that order", () => {
    expect(BRANCH_PHASES).toEqual([WarpState.wait, WarpState.branch_resolving, WarpState.no_instruction]);
  });

  it("a taken branch issues again S + 5 cycles after it with S5 and S6: 10 and 11", () => {
    // S5: wait until 5, resolve 3 to 8, refetch 2 to 10.
    expect(ends(5, true)).toEqual([5, 8, 10]);
    expect(ends(6, true)).toEqual([6, 9, 11]);
  });

  it("resolution starts by 8 cycles after the issue: S10 is back after 13 (3 resolving, 2 refetching; dfma_chain)", () => {
    expect(ends(10, true)).toEqual([8, 11, 13]);
  });

  it("a stall count that outlasts the redirect hides it: S15 is back after exactly 15", () => {
    // 8 + 3 + 2 = 13 < 15: wait until 15 - 3 = 12, resolve to 15, no refetch left.
    expect(ends(15, true)).toEqual([12, 15, 15]);
  });

  it("a branch that falls through needs no refetch", () => {
    expect(ends(5, false)).toEqual([5, 8, 8]);
  });

  it("a program without stall counts waits the branch's latency (6), then resolves and refetches", () => {
    expect(ends(1, true)).toEqual([6, 9, 11]);
  });
});
