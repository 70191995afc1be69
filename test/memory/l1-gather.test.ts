import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The L1 gather probe (validation/microbench/l1_gather_probe.cu, data in l1-gather-probe/)
 * against the H100: each lane of a request reads a pseudo-random line of a table (32 lines a
 * request, or 8 with 4 lanes a line), the 4 words of its slot one load after another, from a
 * table the L1 holds (32 KiB), half holds (512 KiB) or only the L2 does (16 MiB). The H100 takes
 * a cycle per line per request whether the lines hit or miss (30.2, 32.0 and 34.6 cycles per
 * 32-line request), as warpsim's L1 pipe does: every lane's word sits at one offset of
 * its line, so in one data bank (l1-bank.test.ts separates the stages). 32 trips here (16 left the 16 MiB 8-line row 10.8% slow on its start and end), 256 there: cycles per request.
 */
const rows = parse(readFileSync("validation/microbench/l1-gather-probe/summary.csv", "utf8"), { columns: true, cast: true }) as {
  table_bytes: number;
  lines: number;
  loads: number;
  cycles_per_request_per_sm: number;
}[];

async function cyclesPerRequest(lines: number, loads: number, tableBytes: number): Promise<number> {
  const kernel = `_Z6gatherILi${lines}ELi${loads}EEvPKfPfij`;
  const args = `ptr:16MiB,ptr:528KiB,i32:32,u32:${tableBytes / 128}`;
  const r = await cli("run", "--sass", "validation/microbench/l1-gather-probe/sass.txt", "--kernel", kernel, "--grid", "132", "--block", "1024", "--args", args, "--format", "json");
  return (JSON.parse(r.stdout) as { cycles: number }).cycles / (32 * 32 * loads);
}

describe("gathers pass the L1 a line per cycle, hits or misses (l1_gather_probe)", () => {
  for (const r of rows.filter((x) => x.loads === 4)) {
    it(`${r.lines} lines a request from a ${r.table_bytes / 1024} KiB table: the H100's ${r.cycles_per_request_per_sm} cycles per request, warpsim within 10%`, async () => {
      expect(Math.abs((await cyclesPerRequest(r.lines, r.loads, r.table_bytes)) / r.cycles_per_request_per_sm - 1)).toBeLessThan(0.1);
    });
  }
});
