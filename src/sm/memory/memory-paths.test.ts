import { describe, expect, it } from "vitest";
import { PRESETS } from "../../arch/presets/index.js";
import type { LatencyDistribution } from "../../arch/latency-distribution.js";
import { programOf } from "../../../test/sm-harness.js";
import type { SmConfig } from "../sm-config.js";
import { LEVEL_NONE } from "./latency-model.js";
import { MemoryPaths } from "./memory-paths.js";
import type { MemoryLimits } from "./memory-system.js";

const program = programOf(["LDG.E R1, [R2.64]", "STG.E [R2.64], R1", "LDS R3, [R4]", "STS [R4], R3", "RED.E.ADD.STRONG.GPU [R2.64], R1", "FFMA R5, R1, R1, R1", "EXIT"].join("\n"));
const [LDG, STG, LDS, STS, RED, FFMA] = [0, 1, 2, 3, 4, 5];
const limits: MemoryLimits = { bytesPerCycle: Infinity, bytesPerLoad: 128, contentionCycles: 0, contentionBytesPerCycle: Infinity, maxLoadsInFlight: Infinity, atomicCycles: 9, level: LEVEL_NONE };

function paths(latency: LatencyDistribution = { kind: "fixed", cycles: 400 }, storeLatency: LatencyDistribution = { kind: "fixed", cycles: 300 }) {
  return new MemoryPaths({ arch: PRESETS.sm_90, seed: 1, loadLatency: latency, storeLatency, memoryLimits: limits } as SmConfig, program);
}

describe("the SM's memory paths", () => {
  it("a global load's result comes its latency after the issue; math's its opcode latency after", () => {
    const p = paths();
    expect(p.resultAt(LDG, 10, 10, 0)).toBe(410);
    expect(p.resultAt(FFMA, 10, 10, 0)).toBe(10 + program.latencyCycles[FFMA]);
  });

  it("a global store completes its store latency after the issue", () => {
    expect(paths().storeDoneAt(STG, 10, 10, 0)).toBe(310);
  });

  it("LDS and STS queue for the SM's shared-memory pipe (one wavefront per cycle on sm_90) and run their latency from there", () => {
    const p = paths();
    expect([p.start(LDS, 0, 0, 0), p.start(STS, 0, 1, 0)]).toEqual([0, 1]);
    expect(p.resultAt(LDS, 0, 1, 0)).toBe(1 + program.latencyCycles[LDS]);
  });

  it("S2R and S2UR queue for the SM's special-register unit (a read every 2 cycles on sm_90), apart from the shared-memory pipe", () => {
    const reads = programOf(["S2R R0", "S2UR UR4", "LDS R3, [R4]", "EXIT"].join("\n"));
    const p = new MemoryPaths({ arch: PRESETS.sm_90, seed: 1, loadLatency: { kind: "fixed", cycles: 400 }, storeLatency: { kind: "fixed", cycles: 300 }, memoryLimits: limits } as SmConfig, reads);
    // Two sub-partitions read at cycle 0: the second read starts at 2, the third at 4; an LDS at 0 goes at once.
    expect([p.start(0, 0, 0, 0), p.start(1, 0, 1, 0), p.start(0, 0, 2, 0), p.start(2, 0, 3, 0)]).toEqual([0, 2, 4, 0]);
    expect(p.resultAt(0, 0, 4, 0)).toBe(4 + reads.latencyCycles[0]);
  });

  it("global atomics queue for the atomic unit, one every 9 cycles", () => {
    const p = paths();
    expect([p.start(RED, 0, 0, 0), p.start(RED, 0, 1, 0)]).toEqual([0, 9]);
  });

  it("instructions that touch no path go at once", () => {
    expect(paths().start(FFMA, 7, 0, 0)).toBe(7);
  });

  it("repeat when fixed and unqueued: not LDS/STS/RED; not loads or stores with random latencies", () => {
    expect([LDG, STG, LDS, STS, RED, FFMA].map((pc) => paths().repeats(pc))).toEqual([true, true, false, false, false, true]);
    const random = paths({ kind: "uniform", min: 400, max: 800 }, { kind: "uniform", min: 400, max: 800 });
    expect([random.repeats(LDG), random.repeats(STG)]).toEqual([false, false]);
  });
});
