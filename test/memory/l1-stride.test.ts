import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The L1 stride probe (validation/microbench/l1_stride_probe.cu, data in l1-stride-probe/)
 * against the H100: each lane reads 16 consecutive words of its own row, rows 4 to 128 bytes
 * apart, all L1 hits, one block of 1,024 threads per SM. Where a warp's access spans 16 or 32
 * lines (stride 64, 128) the H100 takes one cycle per line per SM, as warpsim's L1 data pipe
 * does (one wavefront per distinct line). Runs of 8 trips, not 256: a 32nd of the H100's cycles.
 */
const rows = parse(readFileSync("validation/microbench/l1-stride-probe/summary.csv", "utf8"), { columns: true, cast: true }) as { op: string; stride: number; cycles: number }[];
const h100 = (op: string, stride: number) => rows.find((r) => r.op === op && r.stride === stride)!.cycles;

async function cycles(op: string, stride: number): Promise<number> {
  const kernel = op === "load" ? `_Z11stride_loadILi${stride}EEvPKfPfi` : `_Z12stride_storeILi${stride}EEvPfi`;
  const args = op === "load" ? "528KiB,528KiB,8" : "2MiB,8";
  const r = await cli("run", "--sass", "validation/microbench/l1-stride-probe/sass.txt", "--kernel", kernel, "--grid", "132", "--block", "1024", "--args", args, "--format", "json");
  return (JSON.parse(r.stdout) as { cycles: number }).cycles;
}

describe("scattered loads pass the L1 a line per cycle (l1_stride_probe)", () => {
  for (const stride of [64, 128]) {
    it(`rows ${stride} bytes apart: the H100's ${h100("load", stride)} cycles for 256 trips, warpsim within 3% for 8`, async () => {
      expect(Math.abs((await cycles("load", stride)) / (h100("load", stride) / 32) - 1)).toBeLessThan(0.03);
    });
  }
});
