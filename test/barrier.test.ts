import { describe, expect, it } from "vitest";
import { parseScenario, simulate, type SimulationResult } from "../src/index.js";
import { probeRows, type ProbeRow } from "../src/run/probe-loops.js";

/**
 * The SM's barrier unit (sm_90: one warp's BAR every 2 cycles, the release 13 cycles after the
 * last arrival's issue + 1), blocking and deferred BARs, against hand-derived issue cycles and
 * the H100 barrier, branch and defer probes run from their SASS.
 */
function issues(threads: number, bar = "BAR.SYNC 0", after = ["NOP"]): number[][] {
  const out: number[][] = [];
  const text = `arch: { preset: sm_90, warpLaunchIntervalCycles: 0 }\nlaunch: {threadsPerBlock: ${threads}}\nprogram: |\n  ${[bar, ...after, "EXIT"].join("\n  ")}\n`;
  simulate(parseScenario(text), { hooks: { issue: [(cycle, smsp, _warp, pc) => void out.push([cycle, smsp, pc])], stateChange: [] } });
  return out;
}

describe("barriers on sm_90", () => {
  it("one warp at a blocking BAR: BAR at 0, released at 0 + 1 + 13, so NOP at 14 and EXIT at 15", () => {
    expect(issues(32)).toEqual([
      [0, 0, 0],
      [14, 0, 1],
      [15, 0, 2],
    ]);
  });

  it("a stall count on BAR (as the compiler sets it) holds the warp past the release: [S15] BAR at 0, NOP at 15", () => {
    expect(issues(32, "[S15] BAR.SYNC 0").map((i) => i[0])).toEqual([0, 15, 16]);
    // Shorter than the release: the release decides (14).
    expect(issues(32, "[S3] BAR.SYNC 0").map((i) => i[0])).toEqual([0, 14, 15]);
  });

  it("two warps on two sub-partitions: the second BAR waits 2 cycles for the barrier unit; both resume at 2 + 1 + 13", () => {
    expect(issues(64)).toEqual([
      [0, 0, 0],
      [2, 1, 0],
      [16, 0, 1],
      [16, 1, 1],
      [17, 0, 2],
      [17, 1, 2],
    ]);
  });

  const deferred = "BAR.SYNC.DEFER_BLOCKING 0";
  const mathThenShared = ["FFMA R1, R2, R3, R4", "FFMA R5, R2, R3, R4", "LDS R6, [R7]"];

  it("a deferred BAR lets math issue past it and holds the shared-memory read until the release at 14", () => {
    expect(issues(32, deferred, mathThenShared).map((i) => i[0])).toEqual([0, 1, 2, 14, 15]);
  });

  it("two warps at a deferred BAR: arrivals at 0 and 2, both read shared memory at the release, 2 + 1 + 13", () => {
    const smsp1 = issues(64, deferred, mathThenShared).filter((i) => i[1] === 1);
    expect(smsp1.map((i) => i[0])).toEqual([2, 3, 4, 16, 17]);
  });

  it("a branch and EXIT wait for a deferred barrier too; a barrier released before them costs nothing", () => {
    expect(issues(32, deferred, []).map((i) => i[0])).toEqual([0, 14]);
    // Twenty cycles of stall counts after the BAR: released at 14, EXIT at 21 as without the BAR.
    expect(issues(32, deferred, ["[S15] FFMA R1, R2, R3, R4", "[S5] FFMA R5, R2, R3, R4"]).map((i) => i[0])).toEqual([0, 1, 16, 21]);
  });

  it("a stall count before an instruction a pending deferred barrier holds counts as barrier until the release (as ncu does)", () => {
    const run = (next: string) =>
      simulate(parseScenario(`arch: { preset: sm_90, warpLaunchIntervalCycles: 0 }\nlaunch: {threadsPerBlock: 32}\nprogram: |\n  ${deferred}\n  [S15] FFMA R1, R2, R3, R4\n  ${next}\n  EXIT\n`));
    // The FFMA (at 1) waits cycles 2..15 before an LDS, which the barrier holds until 14:
    // 12 cycles of barrier, then 2 of wait.
    const held: SimulationResult = run("LDS R6, [R7]");
    expect(held.sm.stalls.barrier.warpCycles).toBe(12);
    expect(held.sm.stalls.wait.warpCycles).toBe(2);
    // Before math, which issues past the barrier, the same 14 cycles are all wait.
    const free = run("FFMA R5, R2, R3, R4");
    expect(free.sm.stalls.barrier.warpCycles).toBe(0);
    expect(free.sm.stalls.wait.warpCycles).toBe(14);
  });
});

const PROBES = "validation/microbench/probe-loops.json";
const error = (r: ProbeRow) => Math.abs(r.predicted / r.measured - 1);

describe("the H100 barrier probes, run from their SASS (docs/validation.md)", () => {
  it("barrier probe: every __syncthreads() loop (K = 0, 1, 4 FFMAs per barrier, 1-32 warps) within 8%", () => {
    const rows = probeRows(PROBES, "barrier-probe");
    expect(rows).toHaveLength(18);
    for (const r of rows) expect(error(r), `K = ${r.loop}, ${r.warps} warps`).toBeLessThan(0.08);
  });

  it("branch and defer probes: loops with a deferred BAR before math, a shared-memory read or the branch, within 10%", () => {
    const rows = [...probeRows(PROBES, "branch-probe", ["1"]), ...probeRows(PROBES, "defer-probe", ["bar_ffma8", "bar_lds"])];
    expect(rows).toHaveLength(18);
    for (const r of rows) expect(error(r), `${r.loop}, ${r.warps} warps`).toBeLessThan(0.1);
  });
});

describe("the H100 branch stall probe, run from its SASS (docs/validation.md, \"A taken branch's stall count\")", () => {
  it("one-warp loops closed by a BRA with S5 and S15: each trip within a cycle of the H100's", () => {
    // cycles.csv: six S5 loops of 19 cycles of stall counts before the BRA take 29.0 (S + 5
    // after the BRA); hmma2 (43 before its S15 BRA) 58.0 (S after it); hmma1 (20 before) 36.0.
    const rows = probeRows(PROBES, "branch-stall-probe");
    expect(rows).toHaveLength(8);
    for (const r of rows) expect(Math.abs(r.predicted - r.measured), r.loop).toBeLessThanOrEqual(1.02);
    for (const r of rows.filter((x) => x.loop !== "hmma1")) expect(Math.abs(r.predicted - r.measured), r.loop).toBeLessThan(0.05);
  });
});
