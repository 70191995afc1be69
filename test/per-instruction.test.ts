import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { simulate } from "../src/run/simulate.js";
import { loadScenario } from "../src/scenario/load.js";
import { PerInstruction } from "../src/stats/per-instruction.js";
import { WARP_STATE_NAMES } from "../src/stats/warp-state.js";
import { cli } from "./cli/cli-helper.js";

/** issue 32, item 1: where the warp-cycles go, instruction by instruction. */
describe("run --per-instruction", () => {
  it("single-warp-807, by hand: FFMA waits 400 for the load and issues (401), EXIT issues and drains 399 (400), STG waits 4 and issues (5), LDG issues (1)", async () => {
    const r = await cli("run", "scenarios/single-warp-807.yaml", "--per-instruction", "--format", "json");
    const rows = JSON.parse(r.stdout) as { text: string; executed: number; warpCycles: number; states: Record<string, number> }[];
    expect(rows.map((x) => [x.text, x.executed, x.warpCycles])).toEqual([
      ["FFMA R1, R0, R0, R4", 1, 401],
      ["EXIT", 1, 400],
      ["STG.E [R2.64], R1", 1, 5],
      ["LDG.E R0, [R2.64]", 1, 1],
    ]);
    expect(rows[0].states.long_scoreboard).toBe(400);
    expect(rows[1].states.drain).toBe(399);
    expect(rows[2].states.wait).toBe(4);
  });

  it("adds up to the run: issues to the SM's instructions, warp-cycles to its states (sgemm_naive from its arguments)", async () => {
    const args = ["--sass", "validation/memory/kernels.sass", "--kernel", "sgemm_naive", "--grid", "32,32", "--block", "16,16", "--args", "ptr:1MiB,ptr:1MiB,ptr:1MiB,i32:512"];
    const per = JSON.parse((await cli("run", ...args, "--per-instruction", "--format", "json")).stdout) as { executed: number; warpCycles: number; share: number }[];
    const run = JSON.parse((await cli("run", ...args, "--format", "json")).stdout);
    expect(per.reduce((a, r) => a + r.executed, 0)).toBe(run.sm.instExecuted);
    const states = Object.values(run.sm.stalls as Record<string, { warpCycles: number }>).reduce((a, s) => a + s.warpCycles, 0);
    expect(per.reduce((a, r) => a + r.warpCycles, 0)).toBe(states);
    expect(per.reduce((a, r) => a + r.share, 0)).toBeCloseTo(1, 9);
    // The hottest first.
    for (let i = 1; i < per.length; i++) expect(per[i].warpCycles).toBeLessThanOrEqual(per[i - 1].warpCycles);
  }, 60_000);

  it("the table names the hottest instruction and its states; CSV has a column per state", async () => {
    const table = (await cli("run", "scenarios/single-warp-807.yaml", "--per-instruction")).stdout;
    expect(table).toMatch(/FFMA R1, R0, R0, R4 +long_scoreboard 99\.8%, selected 0\.2%/);
    const csv = (await cli("run", "scenarios/single-warp-807.yaml", "--per-instruction", "--format", "csv")).stdout.split("\n");
    expect(csv[0]).toMatch(/^pc,line,instruction,executed,warp_cycles,share,.*long_scoreboard/);
    expect(csv[1]).toMatch(/^1,\d+,"?FFMA R1, R0, R0, R4"?,1,401,/);
  });
});

describe("per-instruction sums on every bundled scenario", () => {
  const files = readdirSync("scenarios", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".yaml")).sort();
  it.each(files)("%s: issues add up to the SM's instructions and warp-cycles to each state's total", (file) => {
    const scenario = loadScenario(`scenarios/${file}`);
    const per = new PerInstruction(scenario.program.length);
    const result = simulate(scenario, { hooks: per.hooks() });
    per.finish(result.cycles);
    const rows = per.rows((pc) => scenario.program.textAt(pc), (pc) => scenario.program.line[pc]);
    expect(rows.reduce((a, r) => a + r.executed, 0)).toBe(result.sm.instExecuted);
    for (const state of WARP_STATE_NAMES) expect(rows.reduce((a, r) => a + r.states[state], 0)).toBe(result.sm.stalls[state].warpCycles);
  }, 60_000);
});

describe("per-instruction memory columns (loads through the memory system from their addresses)", () => {
  it("a float copy's loads: 4 sectors a request (32 lanes x 4 bytes), and the rows add up to the run's memory counts", async () => {
    const args = ["--sass", "validation/memory/kernels.sass", "--kernel", "copy_f1", "--grid", "528", "--block", "256", "--args", "ptr:64MiB,ptr:64MiB,i32:8388608"];
    const per = JSON.parse((await cli("run", ...args, "--per-instruction", "--format", "json")).stdout) as { text: string; memory?: { requests: number; sectors: number; l1HitRate: number | null } }[];
    const run = JSON.parse((await cli("run", ...args, "--format", "json")).stdout);
    const loads = per.filter((r) => r.memory !== undefined);
    expect(loads.length).toBeGreaterThan(0);
    for (const r of loads) {
      expect(r.text).toContain("LDG");
      expect(r.memory!.sectors / r.memory!.requests).toBe(4);
    }
    expect(loads.reduce((a, r) => a + r.memory!.requests, 0)).toBe(run.memory.loadRequests);
    expect(loads.reduce((a, r) => a + r.memory!.sectors, 0)).toBe(run.memory.loadSectors);
    // Other instructions have no memory columns; the CSV leaves them empty.
    const csv = (await cli("run", ...args, "--per-instruction", "--format", "csv")).stdout.split("\n");
    expect(csv[0].endsWith(",load_requests,load_sectors,l1_hit_rate,l2_sectors,l2_hit_rate")).toBe(true);
  }, 60_000);
});
