import { describe, expect, it } from "vitest";
import { PRESETS } from "../../arch/presets/index.js";
import { LatencyModel, LEVEL_DRAM, LEVEL_L2, LEVEL_NONE } from "./latency-model.js";
import { MemorySystem, type MemoryLimits } from "./memory-system.js";

/** One load at cycle 0 on an idle path: its arrival shows the contention term alone. */
function firstArrival(contentionBytesPerCycle: number): number {
  const limits: MemoryLimits = {
    bytesPerCycle: 12.8, // 128-byte loads: 10 cycles of service each
    bytesPerLoad: 128,
    contentionCycles: 1000,
    contentionBytesPerCycle,
    maxLoadsInFlight: Infinity,
    atomicCycles: 0,
    level: LEVEL_NONE,
  };
  return new MemorySystem(new LatencyModel({ kind: "fixed", cycles: 100 }, PRESETS.sm_90, "t"), limits).load(0);
}

describe("the DRAM contention term", () => {
  it("counts utilization against the path's peak: one load makes the path 10 / 1000 busy", () => {
    // Against 12.8 bytes per cycle u = 0.01: 1000 x 0.01 / 0.99 = 10.1 cycles more, 100 + 10.1 -> 111.
    expect(firstArrival(12.8)).toBe(111);
    expect(firstArrival(Infinity)).toBe(111);
    // Against a peak of 25.6 the same traffic is u = 0.005: 1000 x 0.005 / 0.995 = 5.03 more -> 106.
    expect(firstArrival(25.6)).toBe(106);
  });
});

describe("loads a mix serves from a closer level", () => {
  // A DRAM path of 12.8 bytes per cycle: each 128-byte load holds it 10 cycles; no contention term.
  const limits: MemoryLimits = { bytesPerCycle: 12.8, bytesPerLoad: 128, contentionCycles: 0, contentionBytesPerCycle: 12.8, maxLoadsInFlight: Infinity, atomicCycles: 0, level: LEVEL_DRAM };
  const arrivals = (level: "l2" | "dram") => {
    const model = new LatencyModel({ kind: "mix", levels: [{ level, fraction: 1, cycles: 100 }] }, PRESETS.sm_90, "t");
    const memory = new MemorySystem(model, limits);
    return [0, 0, 0].map(() => memory.load(0));
  };

  it("queue for DRAM's bandwidth when served there: three loads at cycle 0 arrive 10 cycles apart", () => {
    expect(arrivals("dram")).toEqual([100, 110, 120]);
  });

  it("do not when they hit L2: they never reach DRAM", () => {
    expect(arrivals("l2")).toEqual([100, 100, 100]);
  });
});

describe("global stores under memory.level dram", () => {
  const limits = (level: number): MemoryLimits => ({ bytesPerCycle: 12.8, bytesPerLoad: 128, contentionCycles: 0, contentionBytesPerCycle: 12.8, maxLoadsInFlight: Infinity, atomicCycles: 0, level });
  const loadAfterStore = (level: number) => {
    const memory = new MemorySystem(new LatencyModel({ kind: "fixed", cycles: 100 }, PRESETS.sm_90, "t"), limits(level));
    memory.store(0);
    return memory.load(0);
  };

  it("take DRAM's bandwidth: a load behind a store at cycle 0 starts 10 cycles later", () => {
    expect(loadAfterStore(LEVEL_DRAM)).toBe(110);
  });

  it("cost nothing when the level is L2 (they stay in the cache)", () => {
    expect(loadAfterStore(LEVEL_L2)).toBe(100);
  });
});
