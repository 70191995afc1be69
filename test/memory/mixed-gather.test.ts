import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The mixed gather probe (validation/microbench/mixed_gather_probe.cu, data in
 * mixed-gather-probe/): lane k of each request reads word k of a pseudo-random line, the first
 * `hot_lanes` lanes from a 32 KiB table the L1 keeps, the rest from a 16 MiB one only the L2
 * holds. On the H100 a request costs 1.47 cycles for each line that misses (46.9 cycles at 31.9
 * L2 sectors a request, 23.6 at 16.1, 12.2 at 8.0) and nothing for the lines that hit, down to
 * the L1's tag stage (10.4 cycles for 32 lines): hits in a request that also misses do not take
 * the L2 path's time. warpsim charges l2RequestCycles per missed line and the tag passes for all
 * (l1-passes.ts). 16 trips here, 64 there: cycles per request.
 */
const rows = parse(readFileSync("validation/microbench/mixed-gather-probe/summary.csv", "utf8"), { columns: true, cast: true }) as {
  hot_lanes: number;
  cold_bytes: number;
  dyn_smem: number;
  cycles_per_request_per_sm: number;
  l2_sectors_per_request: number;
}[];

const TRIPS = 16;

async function cyclesPerRequest(hotLanes: number): Promise<number> {
  const args = `ptr:32KiB,ptr:16MiB,ptr:528KiB,i32:${TRIPS},u32:${hotLanes},u32:${(16 << 20) / 128}`;
  const r = await cli("run", "--sass", "validation/microbench/mixed-gather-probe/sass.txt", "--kernel", "mixed_gather", "--grid", "132", "--block", "1024", "--args", args, "--format", "json");
  return (JSON.parse(r.stdout) as { cycles: number }).cycles / (32 * TRIPS * 8);
}

describe("a gather's lines that hit in the L1 cost the L2 path nothing, beside lines that miss (mixed_gather_probe)", () => {
  for (const r of rows.filter((x) => x.cold_bytes === 16 << 20 && [0, 8, 16, 24, 32].includes(x.hot_lanes))) {
    it(`${r.hot_lanes} of 32 lanes on L1-resident lines: the H100's ${r.cycles_per_request_per_sm} cycles per request, warpsim within 10%`, async () => {
      expect(Math.abs((await cyclesPerRequest(r.hot_lanes)) / r.cycles_per_request_per_sm - 1)).toBeLessThan(0.1);
    });
  }
});
