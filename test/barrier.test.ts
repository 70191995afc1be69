import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../src/index.js";
import { parseCsv } from "./csv.js";

/**
 * The SM's barrier unit (sm_90: one warp's BAR every 2 cycles, warps released 4 cycles after the
 * last arrival's issue + 1), against hand-derived issue cycles and the H100 barrier probe.
 */
function issues(threads: number, bar = "BAR.SYNC 0"): number[][] {
  const out: number[][] = [];
  const text = `arch: { preset: sm_90, warpLaunchIntervalCycles: 0 }\nlaunch: {threadsPerBlock: ${threads}}\nprogram: |\n  ${bar}\n  NOP\n  EXIT\n`;
  simulate(parseScenario(text), { hooks: { issue: [(cycle, smsp, _warp, pc) => void out.push([cycle, smsp, pc])], stateChange: [] } });
  return out;
}

describe("barriers on sm_90", () => {
  it("one warp: BAR at 0, released at 0 + 1 + 4, so NOP at 5 and EXIT at 6", () => {
    expect(issues(32)).toEqual([
      [0, 0, 0],
      [5, 0, 1],
      [6, 0, 2],
    ]);
  });

  it("a stall count on BAR (as the compiler sets it) holds the warp past the release: [S15] BAR at 0, NOP at 15", () => {
    expect(issues(32, "[S15] BAR.SYNC 0").map((i) => i[0])).toEqual([0, 15, 16]);
    // Shorter than the release: the release decides (5).
    expect(issues(32, "[S3] BAR.SYNC 0").map((i) => i[0])).toEqual([0, 5, 6]);
  });

  it("two warps on two sub-partitions: the second BAR waits 2 cycles for the barrier unit; both resume at 2 + 1 + 4", () => {
    expect(issues(64)).toEqual([
      [0, 0, 0],
      [2, 1, 0],
      [7, 0, 1],
      [7, 1, 1],
      [8, 0, 2],
      [8, 1, 2],
    ]);
  });

  it("a __syncthreads() loop costs what the H100 probe measured, within 5%, from 1 to 32 warps", () => {
    // validation/microbench/barrier-probe: K = 1, the loop of its SASS (sass.txt): 4 BARs and
    // 4 FFMAs per trip of the unrolled loop, the counter's IADD3 and ISETP, the branch.
    const measured = parseCsv(readFileSync("validation/microbench/barrier-probe/cycles.csv", "utf8")).filter((r) => r.K === "1");
    expect(measured).toHaveLength(6);
    for (const row of measured) {
      const text = `arch: sm_90
launch: {threadsPerBlock: ${row.threads_per_block}, blocks: 1, registersPerThread: 32}
program: |
  .loop 2500
    BAR.SYNC 0
    FFMA R13, R13, R6, R7
    IADD3 R5, R5, -0x4, RZ
    FFMA R13, R13, R6, R7
    BAR.SYNC 0
    FFMA R13, R13, R6, R7
    BAR.SYNC 0
    FFMA R13, R13, R6, R7
    BAR.SYNC 0
    ISETP.NE.AND P1, PT, R5, RZ, PT
  .endloop @P1
  EXIT
`;
      const perBarrier = simulate(parseScenario(text)).cycles / 10000;
      expect(Math.abs(perBarrier / Number(row.cycles_per_trip) - 1), `${row.warps_per_block} warps`).toBeLessThan(0.05);
    }
  });
});
