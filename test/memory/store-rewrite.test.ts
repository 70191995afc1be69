import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The store rewrite probe (validation/microbench/store_rewrite_probe.cu, data in
 * store-rewrite-probe/) against the H100: every SM storing whole lines, new or rewritten, global
 * or a local array (STL, written through to the L2), reaches the L2 at 18.1-20.7 bytes per SM
 * cycle (sm_90 l2WriteBytesPerCycle 19.5; the old 9.4, read off copies that read as they store,
 * made these twice as slow). warpsim runs the probe's own listing: the rewrites for 64 rounds
 * (1,024 there), the local array for the H100's 1,024 (its 64 first stores and 64 last loads
 * weigh on fewer).
 */
const rows = parse(readFileSync("validation/microbench/store-rewrite-probe/summary.csv", "utf8"), { columns: true, cast: true }) as {
  kernel: string;
  blocks_per_sm: number;
  store_bytes_per_sm_cycle: number;
}[];

async function bytesPerCycle(kernel: string, blocks: number, rounds: number): Promise<number> {
  const out = await cli("run", "--sass", "validation/microbench/store-rewrite-probe/sass.txt", "--kernel", kernel, "--grid", String(132 * blocks), "--block", "256", "--args", `ptr:256MiB,i32:${rounds},i32:5`, "--format", "json");
  const r = JSON.parse(out.stdout) as { smActiveCycles: number; memory: { storeSectors: number; localStoreSectors: number } };
  return ((r.memory.storeSectors + r.memory.localStoreSectors) * 32) / r.smActiveCycles;
}

describe("every SM storing whole lines: the L2's write rate (store_rewrite_probe)", () => {
  for (const [kernel, blocks, rounds] of [["global_rewrite", 4, 64], ["global_rewrite", 1, 64], ["local_store", 1, 1024]] as const) {
    const r = rows.find((x) => x.kernel === kernel && x.blocks_per_sm === blocks)!;
    it(`${kernel} at ${8 * blocks} warps per SM: the H100's ${r.store_bytes_per_sm_cycle} bytes per SM cycle, warpsim within 10%`, async () => {
      expect(Math.abs((await bytesPerCycle(kernel, blocks, rounds)) / r.store_bytes_per_sm_cycle - 1)).toBeLessThan(0.1);
    });
  }
});
