import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The store burst probe (validation/microbench/store_burst_probe.cu, data in store-burst-probe/)
 * against the H100: k blocks, one per SM, each storing its own region and timing it to after a
 * fence. sm_90's smStoreBytesPerCycle (32) was read off the one-SM row's rate (31.7 bytes per
 * cycle); these rows check the whole run from the listing, and that a few SMs storing at once do
 * not slow each other (burst-share.ts: the idle SMs' share is free).
 */
const rows = parse(readFileSync("validation/microbench/store-burst-probe/bursts.csv", "utf8"), { columns: true }) as Record<string, string>[];
const h100 = (blocks: number, bytes: number) => Number(rows.find((r) => Number(r.blocks) === blocks && Number(r.bytes_per_block) === bytes)!.median_cycles);

async function simulated(blocks: number, bytes: number): Promise<number> {
  const r = await cli("run", "--sass", "validation/microbench/store-burst-probe/sass.txt", "--kernel", "_Z11store_burstP6float4iPxS1_Pi", "--grid", String(blocks), "--block", "256", "--shared-mem", "232448", "--args", `ptr:1GiB,i32:${bytes / 4096},ptr:1KiB,ptr:1KiB,ptr:1KiB`, "--format", "json");
  return (JSON.parse(r.stdout) as { cycles: number }).cycles;
}

describe("an SM's stores reach the L2 at its own port's rate while few SMs store (store_burst_probe)", () => {
  for (const [blocks, bytes, within] of [
    [1, 4 << 20, 0.01],
    [33, 4 << 20, 0.01],
    [1, 64 << 10, 0.05],
  ] as const) {
    it(`${blocks} SM(s) storing ${bytes >> 10} KiB each: ${h100(blocks, bytes)} cycles on the H100, warpsim within ${within * 100}%`, async () => {
      expect(Math.abs((await simulated(blocks, bytes)) / h100(blocks, bytes) - 1)).toBeLessThan(within);
    });
  }

  it("every SM storing at once is slower per SM than one alone (the shared limit), as on the H100", async () => {
    expect(h100(132, 4 << 20)).toBeGreaterThan(2 * h100(1, 4 << 20));
    expect(await simulated(132, 4 << 20)).toBeGreaterThan(2 * (await simulated(1, 4 << 20)));
  });
});
