import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The gather latency probe (validation/microbench/gather_latency_probe.cu, data in
 * gather-latency-probe/) against the H100: one warp per SM chases its own loads through the L1
 * (a 32 KiB table it read first), its lanes on 1 line, on 32 lines at 32 offsets (10.3 tag
 * passes) or on 32 lines at one offset (30 data passes). What the passes add to a trip, against
 * the one-line chase: the H100's 9.5 and 72.3 cycles (l1-passes.ts delayOf). warpsim runs the
 * probe's listing, 256 trips (1,024 there); the difference of trips cancels the warm-up.
 */
const rows = parse(readFileSync("validation/microbench/gather-latency-probe/summary.csv", "utf8"), { columns: true, cast: true }) as {
  table_bytes: number;
  lines: number;
  offset: string;
  cycles_per_trip: number;
}[];

const TRIPS = 256;

async function cyclesPerTrip(lines: number, offset: string): Promise<number> {
  const args = `ptr:16MiB fill(0),ptr:528KiB,i32:${TRIPS},u32:255,u32:${32 / lines},u32:${offset === "one" ? 1 : 0},u32:8192`;
  const out = await cli("run", "--sass", "validation/microbench/gather-latency-probe/sass.txt", "--kernel", "chase", "--grid", "132", "--block", "32", "--cache", "warm", "--args", args, "--format", "json");
  return (JSON.parse(out.stdout) as { cycles: number }).cycles / TRIPS;
}

const h100 = (lines: number, offset: string) => rows.find((r) => r.table_bytes === 32768 && r.lines === lines && r.offset === offset)!.cycles_per_trip;

describe("an L1 hit's passes delay its data (gather_latency_probe)", () => {
  it("32 lines at one offset: the H100's 72.3 cycles more a trip than one line, warpsim within 15%; at 32 offsets 9.5, within 4 cycles", async () => {
    const one = await cyclesPerTrip(1, "spread");
    const dataBound = (await cyclesPerTrip(32, "one")) - one;
    const tagBound = (await cyclesPerTrip(32, "spread")) - one;
    expect(Math.abs(dataBound / (h100(32, "one") - h100(1, "spread")) - 1)).toBeLessThan(0.15);
    expect(Math.abs(tagBound - (h100(32, "spread") - h100(1, "spread")))).toBeLessThan(4);
  });
});
