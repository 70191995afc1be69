import { describe, expect, it } from "vitest";
import { LaunchError, occupancy, PRESETS, type ArchSpec } from "../../src/index.js";
import { residentBlocksOrZero } from "../../src/arch/occupancy.js";
import { readCsv } from "../csv.js";

const sm90 = PRESETS.sm_90;

describe("the sm_90 preset against a real H100 (validation/h100/data)", () => {
  it("has the device's limits (cudaGetDeviceProperties)", () => {
    const props = Object.fromEntries(readCsv("validation/h100/data/device_props.csv").map((r) => [r.property, r.value]));
    expect(sm90.smCount).toBe(Number(props.multiProcessorCount));
    expect(sm90.maxThreadsPerSm).toBe(Number(props.maxThreadsPerMultiProcessor));
    expect(sm90.maxWarpsPerSm).toBe(Number(props.maxWarpsPerMultiProcessor));
    expect(sm90.maxBlocksPerSm).toBe(Number(props.maxBlocksPerMultiProcessor));
    expect(sm90.maxThreadsPerBlock).toBe(Number(props.maxThreadsPerBlock));
    expect(sm90.registersPerSm).toBe(Number(props.regsPerMultiprocessor));
    expect(sm90.registersPerBlock).toBe(Number(props.regsPerBlock));
    expect(sm90.sharedMemPerSmBytes).toBe(Number(props.sharedMemPerMultiprocessor));
    expect(sm90.sharedMemPerBlockBytes).toBe(Number(props.sharedMemPerBlock));
    expect(sm90.sharedMemPerBlockOptinBytes).toBe(Number(props.sharedMemPerBlockOptin));
    expect(sm90.reservedSharedMemPerBlockBytes).toBe(Number(props.reservedSharedMemPerBlock));
  });

  it("reproduces all 1,350 resident-block counts of the runtime and the hardware", () => {
    const rows = readCsv("validation/h100/data/occupancy.csv");
    expect(rows).toHaveLength(1350);
    const wrong: string[] = [];
    for (const r of rows) {
      const launch = {
        threadsPerBlock: Number(r.threads_per_block),
        registersPerThread: Number(r.regs_per_thread),
        dynamicSharedMemBytes: Number(r.dyn_smem_bytes),
        staticSharedMemBytes: Number(r.static_smem_bytes),
      };
      const measured = Number(r.max_active_blocks);
      const blocks = residentBlocksOrZero(sm90, launch);
      if (blocks !== measured || (r.launch_status === "ok" && Number(r.measured_blocks_per_sm_max) !== blocks)) {
        wrong.push(`${JSON.stringify(launch)}: ${blocks} vs ${measured}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the occupancy table of seed 003, with that seed's own (non-H100) limits", () => {
  // Seed 003 models "Hopper" with 48 warps / 1,536 threads per SM, 228 KiB of shared memory,
  // 128-byte shared-memory units and no per-block reserve (DESIGN.md §7: the real H100 has 64
  // warps). Given those limits as a custom architecture, warpsim prints the seed's table.
  const seedArch: ArchSpec = {
    ...sm90,
    name: "seed003",
    maxWarpsPerSm: 48,
    maxThreadsPerSm: 1536,
    reservedSharedMemPerBlockBytes: 0,
    sharedMemPerBlockOptinBytes: 228 * 1024,
  };
  const table: [threads: number, regs: number, smemKiB: number, blocks: number, warps: number, pct: number, limiter: string][] = [
    [256, 32, 0, 6, 48, 100.0, "warps"],
    [256, 48, 0, 5, 40, 83.3, "registers"],
    [256, 64, 0, 4, 32, 66.7, "registers"],
    [256, 96, 0, 2, 16, 33.3, "registers"],
    [256, 128, 0, 2, 16, 33.3, "registers"],
    [128, 32, 48, 4, 16, 33.3, "shared_memory"],
    [256, 32, 48, 4, 32, 66.7, "shared_memory"],
    // Registers allow 4 blocks here too; the seed prints one limiter, warpsim lists both.
    [256, 64, 48, 4, 32, 66.7, "shared_memory"],
    [256, 32, 100, 2, 16, 33.3, "shared_memory"],
    [256, 32, 164, 1, 8, 16.7, "shared_memory"],
    [256, 32, 228, 1, 8, 16.7, "shared_memory"],
  ];
  for (const [threads, regs, smemKiB, blocks, warps, pct, limiter] of table) {
    it(`${threads} threads, ${regs} registers, ${smemKiB} KiB`, () => {
      const r = occupancy(seedArch, { threadsPerBlock: threads, registersPerThread: regs, dynamicSharedMemBytes: smemKiB * 1024 });
      expect([r.blocksPerSm, r.warpsPerSm, Math.round(r.occupancy * 1000) / 10]).toEqual([blocks, warps, pct]);
      expect(r.limiters).toContain(limiter);
    });
  }
});

describe("invalid launches are refused like CUDA's 'too many resources requested for launch'", () => {
  const refuse = (launch: Parameters<typeof occupancy>[1]) => {
    try {
      occupancy(sm90, launch);
    } catch (e) {
      expect(e).toBeInstanceOf(LaunchError);
      return (e as Error).message;
    }
    throw new Error("accepted");
  };
  it("more than 1,024 threads per block", () => {
    expect(refuse({ threadsPerBlock: 1025, registersPerThread: 32 })).toBe(
      "too many resources requested for launch on sm_90: 1025 threads per block exceeds the limit of 1024.",
    );
  });
  it("more registers per thread than the architecture allows", () => {
    expect(refuse({ threadsPerBlock: 32, registersPerThread: 256 })).toContain("256 registers per thread exceeds the limit of 255");
  });
  it("more registers per block than the SM has", () => {
    // 255 -> 256 registers x 32 = 8192 per warp; 9 warps are assumed 12 (a multiple of 4): 98304.
    expect(refuse({ threadsPerBlock: 288, registersPerThread: 255 })).toContain("needs 98304 registers per block");
  });
  it("shared memory over the opt-in limit", () => {
    expect(refuse({ threadsPerBlock: 32, registersPerThread: 32, dynamicSharedMemBytes: 232449 })).toContain(
      "232449 bytes of shared memory per block (233600 with the 1024-byte reserve) exceeds the opt-in limit of 232448 bytes",
    );
  });
});
