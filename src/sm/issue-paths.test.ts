import { describe, expect, it } from "vitest";
import { PRESETS } from "../arch/presets/index.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import { programOf } from "../../test/sm-harness.js";
import { ConstantCache } from "./constant-cache.js";
import { aperiodicPcs, simplePcs } from "./issue-paths.js";
import { LEVEL_DRAM, LEVEL_NONE } from "./memory/latency-model.js";
import { MemoryPaths } from "./memory/memory-paths.js";
import type { MemoryLimits } from "./memory/memory-system.js";
import type { SmConfig } from "./sm-config.js";

const asm = [
  "FFMA R1, R2, R3, R4", // 0: plain
  "IMAD R5, R6, c[0x0][0x210], R7", // 1: plain (a constant operand waits at wake, not at issue)
  "LDC R8, c[0x0][0x214]", // 2: its result waits for the constant line
  "LDS R9, [R10]", // 3: the shared-memory path
  "LDG.E R11, [R12.64]", // 4: a global load
  "STG.E [R12.64], R1", // 5: a global store
  "EXIT", // 6
].join("\n");

const program = programOf(asm);
const unlimited: MemoryLimits = { bytesPerCycle: Infinity, bytesPerLoad: 128, contentionCycles: 0, contentionBytesPerCycle: Infinity, maxLoadsInFlight: Infinity, atomicCycles: 0, level: LEVEL_NONE };
const fixed: LatencyDistribution = { kind: "fixed", cycles: 400 };

function paths(latency: LatencyDistribution, memoryLimits: MemoryLimits) {
  const config = { arch: PRESETS.sm_90, seed: 1, loadLatency: latency, storeLatency: latency, memoryLimits } as SmConfig;
  const aperiodic = aperiodicPcs(program, new MemoryPaths(config, program));
  return { aperiodic: Array.from(aperiodic), simple: Array.from(simplePcs(program, aperiodic, new ConstantCache(program, PRESETS.sm_90))) };
}

describe("which instructions repeat from trip to trip, and which take the plain issue path", () => {
  it("with fixed latencies and no bandwidth limit, only the shared-memory access does not repeat", () => {
    expect(paths(fixed, unlimited).aperiodic).toEqual([0, 0, 0, 1, 0, 0, 0]);
  });

  it("random latencies make global loads and stores not repeat", () => {
    expect(paths({ kind: "uniform", min: 400, max: 800 }, unlimited).aperiodic).toEqual([0, 0, 0, 1, 1, 1, 0]);
  });

  it("DRAM's bandwidth makes global loads and stores not repeat (their queue carries over)", () => {
    expect(paths(fixed, { ...unlimited, bytesPerCycle: 12.8, level: LEVEL_DRAM }).aperiodic).toEqual([0, 0, 0, 1, 1, 1, 0]);
  });

  it("a cap on loads in flight makes loads not repeat, stores still do", () => {
    expect(paths(fixed, { ...unlimited, maxLoadsInFlight: 16 }).aperiodic).toEqual([0, 0, 0, 1, 1, 0, 0]);
  });

  it("the plain path: fixed-latency math, a constant operand included; not LDC, memory, EXIT", () => {
    expect(paths(fixed, unlimited).simple).toEqual([1, 1, 0, 0, 0, 0, 0]);
  });
});
