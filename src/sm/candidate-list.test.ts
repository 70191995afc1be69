import { describe, expect, it } from "vitest";
import { checkDecisions, checkDispatchHold, threeWarps, type MakeBooks } from "../../test/candidate-books.js";
import { WarpState } from "../stats/warp-state.js";
import { CandidateList } from "./candidate-list.js";

const list: MakeBooks = (program, warps, accounting, policy) => new CandidateList(4, policy, warps, program, accounting, false);

describe("the candidate list", () => {
  it("decides as derived by hand: eligible, selected, throttled, and each warp-cycle in its state", () => checkDecisions(list));
  it("under a dispatch hold, the eligible warps wait in dispatch_stall", () => checkDispatchHold(list));

  it("knows which pipe classes have candidates, and forgets a class whose last candidate leaves", () => {
    const b = threeWarps(list);
    const ffma = 1 << b.program.pipeClass[0];
    const mufu = 1 << b.program.pipeClass[1];
    expect(b.set.classes).toBe(ffma | mufu);
    b.set.remove(2);
    expect(b.set.classes).toBe(ffma);
  });

  it("keeps each warp's own state up to date (what state hooks need)", () => {
    const b = threeWarps(list);
    b.set.decide(0, b.set.eligibleBits(b.program.pipeClass[0]));
    expect(Array.from(b.accounting.state.subarray(0, 3))).toEqual([WarpState.selected, WarpState.not_selected, WarpState.mio_throttle]);
    expect(b.set.aggregated(1)).toBe(false);
  });
});
