import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../../index.js";

/** A cuobjdump-style listing of one kernel `k` (control codes: stall 1, no barriers). */
function listing(instructions: readonly string[]): string {
  const lines = ["", "\tcode for sm_90", "\t\tFunction : k", '\t.headerflags\t@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"'];
  instructions.forEach((text, i) => {
    lines.push(`        /*${(i * 16).toString(16).padStart(4, "0")}*/                   ${text} ;      /* 0x0000000000007918 */`);
    lines.push(`                                                  /* 0x000fe20000000000 */`);
  });
  lines.push("\t\t..........");
  return lines.join("\n");
}

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
