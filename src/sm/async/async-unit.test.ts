import { describe, expect, it } from "vitest";
import { sassListing } from "../../../test/support/sass-listing.js";
import { parseScenario, simulate } from "../../index.js";

const listing = sassListing;

function run(instructions: readonly string[], arch = "{ preset: sm_90, warpLaunchIntervalCycles: 0, resultDelayCycles: 0, constantCache: null }") {
  const yaml = [`arch: ${arch}`, "launch: { threadsPerBlock: 128, blocks: 1, registersPerThread: 168 }", "program: { sass: k.sass }"].join("\n");
  return simulate(parseScenario(yaml, "<test>", [], { readFile: () => ({ file: "k.sass", text: listing(instructions) }) }), {});
}

const TWO_MMAS = ["WARPGROUP.ARRIVE", "HGMMA.64x128x16.F32 R24, gdesc[UR4], R24", "HGMMA.64x128x16.F32 R24, gdesc[UR4], R24, gsb0", "WARPGROUP.DEPBAR.LE gsb0, 0x0", "EXIT"];

describe("the asynchronous unit in the SM's issue", () => {
  it("a warpgroup's two HGMMAs of N = 128 and a wait for them: each warp's core is busy from cycle 1 for 64 + 64 cycles, the group readable 45 later (174), and the warp leaves at 175", () => {
    const r = run(TWO_MMAS);
    expect(r.cycles).toBe(175);
    // Each of the 4 warps waits at the DEPBAR (issued at 8, after the second HGMMA's 5 cycles of
    // tensor-pipe throttle) from 9 to 174, in `barrier`.
    expect(r.sm.stalls.barrier.warpCycles).toBe(4 * (174 - 9));
    expect(r.sm.instExecuted).toBe(4 * 5);
  });

  it("the HGMMAs do not hold the warp: without the wait it leaves at once (the core's work is its own)", () => {
    const r = run(TWO_MMAS.filter((t) => !t.includes("DEPBAR")));
    expect(r.cycles).toBeLessThan(20);
  });

  it("an architecture without asynchronous units times HGMMA as the synchronous MMA its opcode says (sm_80 has no HGMMA: it runs, the DEPBAR does not wait)", () => {
    const r = run(TWO_MMAS, "{ preset: sm_80, warpLaunchIntervalCycles: 0, resultDelayCycles: 0, constantCache: null }");
    expect(r.sm.stalls.barrier.warpCycles).toBe(0);
  });
});
