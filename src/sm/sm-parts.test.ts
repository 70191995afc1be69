import { describe, expect, it } from "vitest";
import { Program } from "../program/program.js";
import { noHooks } from "../stats/hooks.js";
import { scenarioOf } from "../../test/sm-harness.js";
import type { SmConfig } from "./sm-config.js";
import { buildSmParts } from "./sm-parts.js";

const scenario = scenarioOf("FFMA R1, R2, R3, R4\nLDS R5, [R6]\nEXIT", { warpsPerScheduler: 2 });
const config: SmConfig = {
  arch: scenario.arch,
  program: new Program(scenario.program, scenario.arch),
  policy: "oldest-block",
  seed: 1,
  gridBlocks: 3,
  threadsPerBlock: 256,
  residentBlocksLimit: 2,
  loadLatency: scenario.loadLatency,
  storeLatency: scenario.storeLatency,
  memoryLimits: scenario.memoryLimits,
  hooks: noHooks(),
};

describe("an SM's parts", () => {
  it("are sized by the architecture and the launch: 64 warp slots, 4 sub-partitions, 2 resident blocks of 8 warps", () => {
    const p = buildSmParts(config, () => {}, () => {});
    expect(p.warps.capacity).toBe(64);
    expect(p.subpartitions.map((sp) => sp.index)).toEqual([0, 1, 2, 3]);
    expect([p.blocks.capacity, p.blocks.warpsPerBlock]).toEqual([2, 8]);
  });

  it("classify each instruction once: the FFMA plain and repeating, the LDS neither", () => {
    const p = buildSmParts(config, () => {}, () => {});
    expect(Array.from(p.simpleAt)).toEqual([1, 0, 0]);
    expect(Array.from(p.aperiodicAt)).toEqual([0, 1, 0]);
  });

  it("admit nothing until told: admission calls the SM's arrive for each warp launched at once", () => {
    const arrived: number[] = [];
    const p = buildSmParts({ ...config, arch: { ...config.arch, warpLaunchIntervalCycles: 0 } }, (warp) => arrived.push(warp), () => {});
    expect(arrived).toEqual([]);
    p.admission.admit(0);
    expect(arrived).toEqual([...Array(16).keys()]);
  });

  it("have a fast-forward only when the run may use it", () => {
    expect(buildSmParts(config, () => {}, () => {}).steady).toBeDefined();
    expect(buildSmParts({ ...config, fastForward: false }, () => {}, () => {}).steady).toBeUndefined();
  });
});
