import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The LDC divergence probe (validation/microbench/ldc_divergence_probe.cu, data in
 * ldc-divergence-probe/) against the H100: each thread sums kTab[(base + 4i) & 4095] from
 * __constant__ memory, its lanes asking for K distinct words (base = (lane % K) * stride), one
 * block per SM. summary.csv gives the H100's cycles per LDC per sub-partition; sm_90's
 * indexedCycles (8) was read off the rows where the constant path is the bound (K >= 4 at 8
 * warps per sub-partition, K >= 16 at 2). Here the runs are of 64 trips, not 1,024: the cycles
 * they should take are 64 x (warps per sub-partition) x the H100's cycles per LDC.
 */
const rows = parse(readFileSync("validation/microbench/ldc-divergence-probe/summary.csv", "utf8"), { columns: true, cast: true }) as { K: number; stride: number; threads: number; cycles_per_ldc_per_smsp: number }[];
const perLdc = (k: number, threads: number) => rows.find((r) => r.K === k && r.stride === 1 && r.threads === threads)!.cycles_per_ldc_per_smsp;

async function cycles(k: number, threads: number): Promise<number> {
  const r = await cli("run", "--sass", "validation/microbench/ldc-divergence-probe/sass.txt", "--kernel", `_Z7ldc_divILi${k}ELi1EEvPfi`, "--grid", "132", "--block", String(threads), "--args", "528KiB,64", "--format", "json");
  return (JSON.parse(r.stdout) as { cycles: number }).cycles;
}

describe("a register-indexed LDC reads its lanes' distinct words one after another (ldc_divergence_probe)", () => {
  for (const [k, threads] of [
    [32, 256],
    [32, 1024],
    [8, 1024],
    [4, 1024],
  ]) {
    it(`${k} distinct words, ${threads / 128} warps per sub-partition: the H100's ${perLdc(k, threads)} cycles per LDC, within 3%`, async () => {
      const expected = 64 * (threads / 128) * perLdc(k, threads);
      expect(Math.abs((await cycles(k, threads)) / expected - 1)).toBeLessThan(0.03);
    });
  }
});
