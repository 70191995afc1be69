import { describe, expect, it } from "vitest";
import { checkDecisions, checkDispatchHold, threeWarps, type MakeBooks } from "../../test/candidate-books.js";
import { WarpState } from "../stats/warp-state.js";
import { CandidateMasks } from "./candidate-masks.js";

const masks: MakeBooks = (program, _warps, accounting, policy) => new CandidateMasks(4, Array.from(program.throttleState), 0, accounting, policy);

describe("the candidate masks", () => {
  it("decide as derived by hand, with the states accounted per look", () => checkDecisions(masks));
  it("under a dispatch hold, the eligible warps wait in dispatch_stall", () => checkDispatchHold(masks));

  it("give a class's warps as bits in age order (warps 0 and 1 at the FFMA: bits 0 and 1)", () => {
    const b = threeWarps(masks);
    expect(b.set.eligibleBits(b.program.pipeClass[0])).toBe(0b011);
    expect(b.set.eligibleBits(b.program.pipeClass[1])).toBe(0b100);
  });

  it("keep a candidate's own state stale while it is in the aggregate, and write it back when it leaves", () => {
    const b = threeWarps(masks);
    b.set.decide(0, b.set.eligibleBits(b.program.pipeClass[0]));
    b.set.decide(1, b.set.eligibleBits(b.program.pipeClass[0]));
    expect(b.set.aggregated(1)).toBe(true);
    b.set.remove(1);
    expect(b.set.aggregated(1)).toBe(false);
    expect(b.accounting.state[1]).toBe(WarpState.not_selected);
    expect(b.accounting.since[1]).toBe(0);
  });

  it("move younger warps down a rank when a warp leaves the SM", () => {
    const b = threeWarps(masks);
    b.set.remove(0);
    b.set.leave(0);
    // Warp 1 is now the oldest (bit 0), warp 2 bit 1.
    expect(b.set.eligibleBits(b.program.pipeClass[0])).toBe(0b01);
    expect(b.set.eligibleBits(b.program.pipeClass[1])).toBe(0b10);
  });
});
