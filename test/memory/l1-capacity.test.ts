import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The L1's capacity (src/sm/memory/carveout.ts, sm_90 l1ReservedKiB): the mixed gather probe
 * (validation/microbench/mixed_gather_probe.cu, data in mixed-gather-probe/) reads random
 * sectors of one table from every SM, at carveouts of 8 to 196 KiB (dynamic shared memory the
 * kernel never touches). The H100's L1 hit rates are those of an LRU cache of lines filled a
 * sector at a time holding 256 - carveout - 8 KiB: a 256 KiB table hits 78.0% at an 8 KiB
 * carveout (240 KiB of L1), a 192 KiB table 98.8% (it fits).
 * 32 trips here (the first touches a few points more of the misses), 64 there.
 */
const rows = parse(readFileSync("validation/microbench/mixed-gather-probe/summary.csv", "utf8"), { columns: true, cast: true }) as {
  hot_lanes: number;
  cold_bytes: number;
  dyn_smem: number;
  shared_mem_config: number;
  hit_sector_share: number;
}[];

const cases: [number, number][] = [
  [0, 196608],
  [0, 262144],
  [0, 327680],
  [8192, 262144],
  [24576, 196608],
  [49152, 196608],
];

describe("the L1 holds 256 KiB less the carveout and 8 KiB (mixed_gather_probe's hit rates)", () => {
  for (const [smem, bytes] of cases) {
    const r = rows.find((x) => x.hot_lanes === 0 && x.dyn_smem === smem && x.cold_bytes === bytes)!;
    it(`a ${bytes / 1024} KiB table at a ${r.shared_mem_config / 1024} KiB carveout: the H100's ${(100 * r.hit_sector_share).toFixed(1)}% hits, warpsim within 4 points`, async () => {
      const args = `ptr:32KiB,ptr:16MiB,ptr:528KiB,i32:32,u32:0,u32:${bytes / 128}`;
      const out = await cli("run", "--sass", "validation/microbench/mixed-gather-probe/sass.txt", "--kernel", "mixed_gather", "--grid", "132", "--block", "1024", "--shared-mem", String(smem), "--args", args, "--format", "json");
      const hit = (JSON.parse(out.stdout) as { memory: { l1LoadHitRate: number } }).memory.l1LoadHitRate;
      expect(Math.abs(hit - r.hit_sector_share)).toBeLessThan(0.04);
    });
  }
});

/**
 * The L1 ways probe (validation/microbench/l1_ways_probe.cu, data in l1-ways-probe/): one warp
 * per SM rereads 128 lines 16 times, at strides of 128 bytes to 64 KiB. The H100 hits on every
 * read after the first pass at every stride (15 of 16: 0.938), so lines whose addresses share
 * their low bits do not crowd a set; warpsim's L1 is fully associative.
 */
describe("lines at power-of-two strides stay in the L1 (l1_ways_probe)", () => {
  const ways = parse(readFileSync("validation/microbench/l1-ways-probe/summary.csv", "utf8"), { columns: true, cast: true }) as {
    stride_bytes: number;
    lines: number;
    hit_sector_share: number;
  }[];
  for (const stride of [128, 65536]) {
    const r = ways.find((x) => x.stride_bytes === stride && x.lines === 128)!;
    it(`128 lines ${stride} bytes apart: the H100's ${r.hit_sector_share} of sectors hit, as warpsim's`, async () => {
      const args = `ptr:64MiB,ptr:16KiB,u32:${stride / 4},i32:128,i32:16,i32:0`;
      const out = await cli("run", "--sass", "validation/microbench/l1-ways-probe/sass.txt", "--kernel", "stride_lines", "--grid", "132", "--block", "32", "--args", args, "--format", "json");
      expect((JSON.parse(out.stdout) as { memory: { l1LoadHitRate: number } }).memory.l1LoadHitRate).toBeCloseTo(r.hit_sector_share, 2);
    });
  }
});
