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
