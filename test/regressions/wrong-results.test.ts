import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadScenario, parseScenario, ScenarioError, simulate, type SimulationResult } from "../../src/index.js";
import type { SimulateOptions } from "../../src/run/simulate.js";
import { run, simulateWithLifetimes } from "../helpers.js";

/**
 * Regression tests for issue 18: results that were wrong while the run said it succeeded.
 * Each expected value is derived by hand in the comment beside it.
 */

const straight = (body: string, launch = "threadsPerBlock: 32") => `launch: {${launch}}\nprogram: |\n${body.split("\n").map((l) => `  ${l}`).join("\n")}\n`;

/** Runs a scenario (a path or YAML text) and measures its warp lifetimes independently. */
function runMeasured(scenarioPathOrText: string, options: SimulateOptions): { result: SimulationResult; lifetime: number[] } {
  return simulateWithLifetimes(scenarioPathOrText.includes("\n") ? parseScenario(scenarioPathOrText) : loadScenario(scenarioPathOrText), options);
}

/** The invariants every result must obey, completed or stopped. */
function expectInvariants(result: SimulationResult, lifetime: number[]): void {
  result.subpartitions.forEach((sp, s) => {
    const states = Object.values(sp.stalls).reduce((sum, st) => sum + st.warpCycles, 0);
    expect(states).toBe(lifetime[s]);
    expect(sp.instExecuted).toBeLessThanOrEqual(sp.activeCycles);
    expect(sp.issueActive).toBeLessThanOrEqual(1);
    expect(sp.stalls.selected.warpCycles).toBe(sp.instExecuted);
    for (const cycles of sp.eligibleHistogram) expect(cycles).toBeGreaterThanOrEqual(0);
    expect(sp.eligibleHistogram.reduce((a, b) => a + b, 0)).toBe(sp.activeCycles);
    for (const st of Object.values(sp.stalls)) expect(st.warpCycles).toBeGreaterThanOrEqual(0);
  });
}

describe("pinned residentBlocks (issue 18.1)", () => {
  it("refuses more resident blocks than the SM has block slots, naming the field", () => {
    // sm_90: 32 block slots per SM (CUDA occupancy guide, maxBlocksPerMultiprocessor).
    expect(() => parseScenario(`launch: {threadsPerBlock: 32, blocks: 100, residentBlocks: 100}\nprogram: "NOP\\nEXIT"\n`)).toThrow(
      /launch\.residentBlocks: expected at most 32 resident blocks \(sm_90 has 32 block slots per SM\), found 100/,
    );
  });

  it("refuses more resident blocks than the warp slots hold", () => {
    // 1024-thread blocks take 32 warps; sm_90 has 64 warp slots: at most 2 blocks.
    expect(() => parseScenario(`launch: {threadsPerBlock: 1024, blocks: 4, residentBlocks: 3, registersPerThread: 16}\nprogram: "EXIT"\n`)).toThrow(/at most 2 resident blocks/);
  });

  it("runs every block when the pinned residency fits: 100 blocks x 1 warp x 2 instructions = 200", () => {
    const r = run(`launch: {threadsPerBlock: 32, blocks: 100, residentBlocks: 32}\nprogram: "NOP\\nEXIT"\n`);
    expect(r.outcome.status).toBe("completed");
    expect(r.sm.instExecuted).toBe(200);
  });
});

describe("a stopped run obeys the invariants of a completed one (issue 18.2)", () => {
  it("--max-cycles 100 on fma-saturate: 100 cycles, at most one issue per cycle per scheduler", () => {
    // The code already fetched (the kernel's first lines stream in otherwise: no_instruction).
    const text = readFileSync("scenarios/fma-saturate.yaml", "utf8").replace("arch: sm_90", "arch: { preset: sm_90, instructionFetch: null }");
    const { result, lifetime } = runMeasured(text, { maxCycles: 100 });
    expect(result.outcome.status).toBe("cycle_limit");
    expect(result.cycles).toBe(100);
    // SMSP 0 has a warp from cycle 0 and FFMAs that never wait: it issues in each of cycles 0..99.
    expect(result.subpartitions[0].instExecuted).toBe(100);
    expect(result.subpartitions[0].activeCycles).toBe(100);
    expectInvariants(result, lifetime);
  });

  it("stopping at any cycle inside a loop's branch (wait, branch_resolving, no_instruction) keeps states summing to lifetimes", () => {
    // One warp, FFMA then the loop branch: the branch books wait/resolve/refetch ahead of time.
    const text = straight(".loop 20\nFFMA R1, R1, R2, R3\n.endloop\nEXIT");
    for (let limit = 1; limit <= 400; limit++) {
      const { result, lifetime } = runMeasured(text, { maxCycles: limit });
      expectInvariants(result, lifetime);
      if (result.outcome.status !== "completed") expect(result.cycles).toBe(limit);
    }
  });

  it("a run that ends exactly at the limit completes", () => {
    // The 807-cycle worked example: its last warp leaves in cycle 807.
    expect(simulate(loadScenario("scenarios/single-warp-807.yaml"), { maxCycles: 807 }).outcome.status).toBe("completed");
    expect(simulate(loadScenario("scenarios/single-warp-807.yaml"), { maxCycles: 806 }).outcome.status).toBe("cycle_limit");
  });
});

describe("register operands (issue 18.3)", () => {
  it("refuses an instruction with more operands than its SASS form has (the 255-register wrap)", () => {
    const regs = Array.from({ length: 300 }, (_, i) => `R${i % 250}`).join(", ");
    expect(() => parseScenario(straight(`FFMA ${regs}\nEXIT`))).toThrow(/expected 4 operands for FFMA, found 300/);
  });

  it("honours a load's dependency whichever source operand reads it", () => {
    // LDG issues at 0 with a fixed 400-cycle latency: a consumer issues at 400, EXIT at 401,
    // and the warp leaves at 402 (EXIT + 1), whatever the position of R200 among the sources.
    for (const ffma of ["FFMA R1, R200, R3, R4", "FFMA R1, R3, R200, R4", "FFMA R1, R3, R4, R200"]) {
      const r = run(`launch: {threadsPerBlock: 32, registersPerThread: 255}\nmemory: {latency: {kind: fixed, cycles: 400}}\nprogram: |\n  LDG.E R200, [R2.64]\n  ${ffma}\n  EXIT\n`);
      expect(r.cycles).toBe(402);
    }
  });
});

describe("input that was accepted silently (issues 18.4, 18.5, 16)", () => {
  const rejects = (text: string, message: RegExp) => {
    let error: unknown;
    try {
      parseScenario(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).toMatch(message);
  };

  it("a normal latency with min > max", () => {
    rejects(`launch: {threadsPerBlock: 32}\nmemory: {latency: {kind: normal, mean: 500, stddev: 10, min: 600, max: 100}}\nprogram: "EXIT"\n`, /memory\.latency\.max: expected min <= max, found 100/);
  });

  it("an unclosed memory operand, too many operands, operands on EXIT", () => {
    rejects(straight("LDG.E R0, [R2.64\nEXIT"), /line 3.*closed brackets.*"\[R2\.64"/);
    rejects(straight("FFMA R1, R2, R3, R4, R5, R6, R7\nEXIT"), /expected 4 operands for FFMA, found 7/);
    rejects(straight("EXIT R9, R10"), /expected 0 operands for EXIT, found 2/);
  });

  it("a guarded EXIT, which would end the whole warp whatever the guard", () => {
    rejects(straight("@P0 EXIT\nEXIT"), /unguarded EXIT.*"@P0 EXIT"/);
    // @PT is always true: the same as no guard.
    expect(run(straight("@PT EXIT")).outcome.status).toBe("completed");
  });

  it("LOP3 with a predicate result writes the predicate and the register after it", () => {
    // LOP3.LUT P0, R5, ...: P0 and R5 are written, so the FFMA reading R5 waits for LOP3's
    // latency (sm_90 preset: 4 cycles): issued at 0, the FFMA issues at 4.
    const issues: number[] = [];
    simulate(parseScenario(straight("LOP3.LUT P0, R5, R1, R2, RZ, 0xc0, !PT\nFFMA R6, R5, R5, R5\nEXIT")), {
      hooks: { issue: [(cycle) => void issues.push(cycle)], stateChange: [] },
    });
    expect(issues.slice(0, 2)).toEqual([0, 4]);
  });

  it("a register beyond launch.registersPerThread gets a warning", () => {
    const s = parseScenario(`launch: {threadsPerBlock: 32, registersPerThread: 40}\nprogram: |\n  FFMA R50, R1, R2, R3\n  EXIT\n`);
    expect(s.warnings.join("\n")).toMatch(/line 3: the program uses R50, but launch\.registersPerThread is 40/);
    expect(parseScenario(`launch: {threadsPerBlock: 32, registersPerThread: 51}\nprogram: |\n  FFMA R50, R1, R2, R3\n  EXIT\n`).warnings).toEqual([]);
  });
});

describe("a loop branch's cost as docs/timing.md states it (issue 16)", () => {
  it("sm_90: taken, the loop restarts 11 cycles after the BRA; not taken, the next instruction follows 9 cycles after", () => {
    // A BRA without a stall count: latency 6 (wait), resolve 3 (branch_resolving), taken refetch 2
    // (no_instruction).
    const issues: number[] = [];
    simulate(parseScenario(straight(".loop 2\nNOP\n.endloop\nEXIT")), { hooks: { issue: [(cycle) => void issues.push(cycle)], stateChange: [] } });
    expect(issues).toEqual([0, 1, 1 + 11, 13, 13 + 9]);
  });
});

describe("the candidate masks rank warps by age, not by arrival (found by the fuzz test at 300 runs)", () => {
  it("5 blocks of 8 warps, 4 resident: block 4 arrives before block 2 has launched, yet block 2 stays older", () => {
    // 64 registers x 256 threads: 4 blocks fit; block 0 leaves at cycle 15 and block 4 takes its
    // slots while block 2's warps are still arriving 3 cycles apart. oldest-block must pick
    // block 2's warp over block 4's, as the full rescan does.
    const text = [
      "arch: { preset: sm_90, instructionFetch: null, constantCache: null }",
      "launch: {threadsPerBlock: 256, blocks: 5, registersPerThread: 64}",
      "memory: {latency: {kind: fixed, cycles: 20}}",
      "scheduler: oldest-block",
      "program: |",
      "  .loop 1",
      "    FFMA R1, R1, R2, R3",
      "    FFMA R1, R1, R2, R3",
      "  .endloop",
      "  EXIT",
    ].join("\n");
    const scenario = parseScenario(text);
    const reference = JSON.stringify(simulate(scenario, { referenceScan: true }));
    expect(JSON.stringify(simulate(scenario))).toBe(reference);
    expect(JSON.stringify(simulate(scenario, { candidateMasks: false }))).toBe(reference);
  });
});
