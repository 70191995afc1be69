import { describe, expect, it } from "vitest";
import { FMA_LITE, Pipe } from "../arch/arch-spec.js";
import { Program } from "../program/program.js";
import { noHooks } from "../stats/hooks.js";
import { StateAccounting } from "../stats/state-accounting.js";
import { WarpState } from "../stats/warp-state.js";
import { scenarioOf } from "../../test/sm-harness.js";
import { LatencyModel } from "./memory/latency-model.js";
import { MemorySystem } from "./memory/memory-system.js";
import { SharedMemoryPath } from "./memory/shared-memory.js";
import { createSubpartitions } from "./subpartition.js";
import { WarpTable } from "./warp-table.js";

/** Sub-partition 0 of an sm_90 SM running `asm`, with warps `slots` at pc 0 (on sub-partition 0). */
function subpartition(asm: string, slots: number[], candidateMasks = true, paths: { sharedMemory?: SharedMemoryPath; specialRegisters?: SharedMemoryPath } = {}) {
  const scenario = scenarioOf(asm);
  const program = new Program(scenario.program, scenario.arch);
  const warps = new WarpTable(64, 0);
  const accounting = new StateAccounting(64, 4, noHooks());
  const memory = new MemorySystem(new LatencyModel(scenario.loadLatency, scenario.arch, "t"), scenario.memoryLimits);
  const config = {
    arch: scenario.arch,
    program,
    policy: "oldest" as const,
    seed: 1,
    gridBlocks: 1,
    threadsPerBlock: 32,
    residentBlocksLimit: 1,
    loadLatency: scenario.loadLatency,
    storeLatency: scenario.storeLatency,
    memoryLimits: scenario.memoryLimits,
    hooks: noHooks(),
    candidateMasks,
  };
  const [sp] = createSubpartitions(config, { warps, accounting, memory, sharedMemory: paths.sharedMemory, specialRegisters: paths.specialRegisters, barrierUnit: { freeAt: 0 } });
  for (const [i, w] of slots.entries()) {
    warps.reset(w, 0, 0, i, 0, i);
    accounting.start(w, 0, WarpState.not_selected, 0);
    sp.candidates.arrive(w);
    sp.addCandidate(w, 0);
  }
  return { sp, warps, accounting, program };
}

describe("a sub-partition's pipes (sm_90: FP32 in two 16-lane halves, 2 cycles per instruction each)", () => {
  it("an FFMA takes the preferred half (lite); the next one, a cycle later, the other (heavy)", () => {
    const { sp } = subpartition("FFMA R1, R2, R3, R4\nEXIT", [0]);
    sp.dispatch(0, 0);
    sp.dispatch(0, 1);
    expect(sp.unitFreeAt[FMA_LITE]).toBe(2);
    expect(sp.unitFreeAt[Pipe.fma]).toBe(3);
    expect(sp.counters.pipeInstructions[FMA_LITE]).toBe(1);
    expect(sp.counters.pipeInstructions[Pipe.fma]).toBe(1);
    expect(sp.counters.pipeBusyCycles[FMA_LITE] + sp.counters.pipeBusyCycles[Pipe.fma]).toBe(4);
  });
});

describe("a special-register read (S2R) enters its sub-partition's MIO queue", () => {
  /** The path busy until cycle 100 with one access, then `accesses` of sub-partition `smsp` waiting behind it. */
  const fill = (path: SharedMemoryPath, cyclesPerWavefront: number, smsp: number, accesses: number) => {
    path.access(0, smsp, 100 / cyclesPerWavefront);
    for (let i = 0; i < accesses; i++) path.access(0, smsp, 1);
  };
  it("waits for room in the special-register unit's queue (4 reads waiting on sm_90)", () => {
    const special = new SharedMemoryPath({ wavefrontCycles: 2, queueDepth: 4 }, 4);
    fill(special, 2, 0, 4);
    const { sp } = subpartition("S2R R0\nEXIT", [0], true, { specialRegisters: special, sharedMemory: new SharedMemoryPath({ wavefrontCycles: 1, queueDepth: 20 }, 4) });
    expect(sp.select(0)).toBe(-1);
    expect(sp.nextWakeAt).toBe(100); // the oldest queued read starts at 100, making room
  });
  it("and for room among the LDS/STS its sub-partition has waiting for the shared-memory pipe", () => {
    const shared = new SharedMemoryPath({ wavefrontCycles: 1, queueDepth: 20 }, 4);
    fill(shared, 1, 0, 20);
    const { sp } = subpartition("S2R R0\nEXIT", [0], true, { specialRegisters: new SharedMemoryPath({ wavefrontCycles: 2, queueDepth: 4 }, 4), sharedMemory: shared });
    expect(sp.select(0)).toBe(-1);
    expect(sp.nextWakeAt).toBe(100);
  });
  it("goes at once when both queues have room", () => {
    const { sp } = subpartition("S2R R0\nEXIT", [0], true, { specialRegisters: new SharedMemoryPath({ wavefrontCycles: 2, queueDepth: 4 }, 4), sharedMemory: new SharedMemoryPath({ wavefrontCycles: 1, queueDepth: 20 }, 4) });
    expect(sp.select(0)).toBe(0);
  });
});

for (const masks of [true, false]) {
  describe(`a scheduler's decision (${masks ? "candidate masks" : "candidate list"})`, () => {
    it("issues the oldest eligible warp, counts it, and looks again next cycle", () => {
      const { sp } = subpartition("FFMA R1, R2, R3, R4\nEXIT", [4, 8], masks);
      expect(sp.select(0)).toBe(4);
      expect(sp.nextWakeAt).toBe(1);
      expect(sp.counters.instructions).toBe(1);
      expect(sp.counters.eligibleHistogram[2]).toBe(1);
    });

    it("with every candidate's pipe busy it issues nothing and sleeps until the earliest frees", () => {
      const { sp } = subpartition("FFMA R1, R2, R3, R4\nEXIT", [4], masks);
      sp.dispatch(0, 0); // lite until 2
      sp.dispatch(0, 1); // heavy until 3
      expect(sp.select(1)).toBe(-1);
      expect(sp.nextWakeAt).toBe(2);
      expect(sp.counters.instructions).toBe(0);
    });

    it("a dispatch hold keeps it from issuing: a warp ready meanwhile waits in dispatch_stall", () => {
      const { sp, accounting } = subpartition("FFMA R1, R2, R3, R4\nEXIT", [4, 8], masks);
      expect(sp.select(0)).toBe(4);
      sp.holdDispatch(0, 4);
      expect(sp.nextWakeAt).toBe(4);
      sp.removeCandidate(8);
      sp.addCandidate(8, 2); // ready at 2, inside the hold
      expect(accounting.state[8]).toBe(WarpState.dispatch_stall);
      expect(sp.nextWakeAt).toBe(4);
    });
  });
}
