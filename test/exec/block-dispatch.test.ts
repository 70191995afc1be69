import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { blocksOfSm } from "../../src/exec/kernel-profile.js";

/**
 * Which blocks an SM runs (docs/execution.md, "Which blocks"), against the H100: the ground
 * truth's per-warp timelines record the %smid and block of every warp on SMs 0 and 1, for
 * launches of 132 blocks (one per SM) and 264 (two).
 */
const rows: Record<string, string>[] = parse(readFileSync("validation/h100/data/bench_plain_warp_timeline.csv", "utf8"), { columns: true });

describe("blocks are handed out one per SM in turn, in waves", () => {
  const launches = new Map<string, Map<number, Set<number>>>();
  for (const r of rows) {
    const key = `${r.kernel} K=${r.K} F=${r.F} W=${r.warps_per_sm}`;
    const sms = launches.get(key) ?? new Map<number, Set<number>>();
    const blocks = sms.get(Number(r.smid)) ?? new Set<number>();
    blocks.add(Number(r.block));
    sms.set(Number(r.smid), blocks);
    launches.set(key, sms);
  }
  it("covers the timelines' 75 launches", () => {
    expect(launches.size).toBe(75);
  });
  for (const [key, sms] of launches) {
    it(`${key}: %smid 0 and 1 run the blocks of consecutive SMs of the dispatch order (76 and 77)`, () => {
      const grid = Math.max(...[...sms.values()].flatMap((s) => [...s])) < 132 ? 132 : 264;
      expect([...sms.get(0)!].sort((a, b) => a - b)).toEqual(blocksOfSm(grid, 132, 76));
      expect([...sms.get(1)!].sort((a, b) => a - b)).toEqual(blocksOfSm(grid, 132, 77));
    });
  }
});

describe("the mean over the GPU's SMs counts idle ones", () => {
  it("shuffle_tail's 40 blocks leave 92 of 132 SMs idle: the mean is 40/132 of SM 0's cycles", async () => {
    const { cli } = await import("../cli/cli-helper.js");
    const r = await cli("run", "--sass", "validation/exec/kernels.sass", "--kernel", "shuffle_tail", "--grid", "40", "--block", "256", "--args", "ptr:4MiB, i32:10000", "--format", "json");
    const result = JSON.parse(r.stdout);
    expect(result.gpu.classes).toEqual([{ sms: 40, blocks: 1, cycles: result.cycles }, { sms: 92, blocks: 0, cycles: 0 }]);
    expect(result.gpu.meanSmActiveCycles).toBeCloseTo((40 * result.cycles) / 132, 9);
  });
});
