import { describe, expect, it } from "vitest";
import { LaunchError, occupancy, PRESETS, type OccupancyLimiter } from "../../src/index.js";
import { readCsv } from "../csv.js";
import { occupancyImpact } from "../../src/arch/occupancy-impact.js";
import { residentBlocksOrZero } from "../../src/arch/occupancy.js";

/**
 * test/fixtures/occupancy-cuda.csv holds NVIDIA's own calculator (cuda_occupancy.h, CUDA 13.0)
 * evaluated on 28,000 sampled launches over every preset, carveout preferences, static and
 * dynamic shared memory and block sizes that are not multiples of 32
 * (tools/occupancy-fixture/generate.sh). Where it finds room for blocks, warpsim must agree on
 * every quantity; where it finds none, warpsim must refuse the launch.
 */
const INT_MAX = 2147483647;
const BITS: [number, OccupancyLimiter][] = [
  [0x01, "warps"],
  [0x02, "registers"],
  [0x04, "shared_memory"],
  [0x08, "blocks"],
  [0x10, "barriers"],
];
const limit = (s: string) => (Number(s) === INT_MAX ? null : Number(s));

describe("occupancy agrees with cuda_occupancy.h", () => {
  const rows = readCsv("test/fixtures/occupancy-cuda.csv");

  it("covers at least 20,000 launches that fit, on every preset", () => {
    const fitting = rows.filter((r) => r.status === "ok" && Number(r.blocks) > 0);
    expect(fitting.length).toBeGreaterThanOrEqual(20_000);
    expect(new Set(fitting.map((r) => r.arch))).toEqual(new Set(Object.keys(PRESETS)));
  });

  it("matches in 100% of them and refuses every launch that does not fit", () => {
    const mismatches: string[] = [];
    for (const r of rows) {
      const launch = {
        threadsPerBlock: Number(r.threads),
        registersPerThread: Number(r.regs),
        staticSharedMemBytes: Number(r.static_smem),
        dynamicSharedMemBytes: Number(r.dyn_smem),
        carveoutPercent: Number(r.carveout),
      };
      const where = `${r.arch} ${JSON.stringify(launch)}`;
      if (r.status !== "ok" || Number(r.blocks) === 0) {
        try {
          occupancy(PRESETS[r.arch], launch);
          mismatches.push(`${where}: accepted, NVIDIA's calculator finds no room`);
        } catch (e) {
          if (!(e instanceof LaunchError)) throw e;
        }
        continue;
      }
      const ours = occupancy(PRESETS[r.arch], launch);
      const theirs = {
        blocksPerSm: Number(r.blocks),
        limits: {
          warps: limit(r.limit_warps),
          registers: limit(r.limit_regs),
          shared_memory: limit(r.limit_smem),
          blocks: limit(r.limit_blocks),
          barriers: limit(r.limit_barriers),
        },
        limiters: BITS.filter(([bit]) => Number(r.limiting) & bit).map(([, name]) => name),
        registersPerBlock: Number(r.alloc_regs),
        sharedMemPerBlockBytes: Number(r.alloc_smem),
      };
      const mine = {
        blocksPerSm: ours.blocksPerSm,
        limits: ours.limits,
        limiters: ours.limiters,
        registersPerBlock: ours.registersPerBlock,
        sharedMemPerBlockBytes: ours.sharedMemPerBlockBytes,
      };
      if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
        mismatches.push(`${where}: ${JSON.stringify(mine)} != ${JSON.stringify(theirs)}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(mismatches.length).toBe(0);
  });
});

describe("impact-of-varying ranges end exactly where the single-launch answer changes (issue 16)", () => {
  it("256 threads, 64 registers, 48K: 4 blocks up to 57,344 B of dynamic shared memory, 3 from 57,345", () => {
    // By hand (cuda_occupancy.h rules, sm_90): (57,344 + 1,024 reserve) = 58,368 B, a multiple of
    // 128; 233,472 / 58,368 = 4 blocks. One byte more rounds up to 58,496 B: 3 blocks.
    const launch = { threadsPerBlock: 256, registersPerThread: 64, dynamicSharedMemBytes: 48 * 1024 };
    const smem = occupancyImpact(PRESETS.sm_90, launch).sharedMemPerBlock;
    expect(smem[0]).toMatchObject({ from: 0, to: 57344, blocksPerSm: 4 });
    expect(smem[1]).toMatchObject({ from: 57345, blocksPerSm: 3 });
  });

  it("every boundary of every view agrees with the calculator on both sides, on every preset", () => {
    for (const arch of Object.values(PRESETS)) {
      const launch = { threadsPerBlock: 192, registersPerThread: 40, dynamicSharedMemBytes: 20000, staticSharedMemBytes: 1000 };
      const impact = occupancyImpact(arch, launch);
      const views = [
        [impact.blockSize, (v: number) => ({ ...launch, threadsPerBlock: v })],
        [impact.registersPerThread, (v: number) => ({ ...launch, registersPerThread: v })],
        [impact.sharedMemPerBlock, (v: number) => ({ ...launch, dynamicSharedMemBytes: v })],
      ] as const;
      for (const [ranges, at] of views) {
        for (const r of ranges) {
          expect(residentBlocksOrZero(arch, at(r.from)), `${arch.name} ${r.from}`).toBe(r.blocksPerSm);
          expect(residentBlocksOrZero(arch, at(r.to)), `${arch.name} ${r.to}`).toBe(r.blocksPerSm);
        }
        for (let i = 1; i < ranges.length; i++) expect(ranges[i].from).toBe(ranges[i - 1].to + 1);
      }
    }
  });
});
