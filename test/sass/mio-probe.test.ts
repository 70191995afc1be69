import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The MIO probe (validation/microbench/mio_probe.cu; data in mio-probe/) against the H100: one
 * block per SM runs trips of four special-register reads (op 0: S2R and S2UR of %smid, which
 * PTX reads anew each time), or two of them with two LDS (op 4) or two SHFL (op 7). The H100
 * takes a read every 2 cycles per SM (0.50 per cycle from 8 to 32 warps), beside the
 * shared-memory pipe's one operation per cycle, and counts the wait in mio_throttle. warpsim runs
 * the probe's own listing (100 trips, not 2,000): cycles per trip within 5% of the H100's
 * clock64 (cycles.csv), and op 0's mio_throttle per issue within 15% of ncu's where it is large.
 * REDUX.SUM (op 10: chains of REDUX -> move -> IADD3; op 11: two of them beside two LDS) has the
 * reads' rate and a latency of its own: one warp's chain step (58 cycles) and the rates.
 */
const cycles = parse(readFileSync("validation/microbench/mio-probe/cycles.csv", "utf8"), { columns: true, cast: true }) as {
  op: number;
  warps_per_block: number;
  cycles_per_trip: number;
}[];
const TRIPS = 100;

/** ncu's mio_throttle per issue of the timed launch of `op` at `warps` per block (manifest.txt's order). */
function measuredMioThrottle(op: number, warps: number): number {
  const manifest = readFileSync("validation/microbench/mio-probe/manifest.txt", "utf8").trim().split("\n").map((l) => l.split(","));
  const row = manifest.findIndex((m) => Number(m[2]) === op && Number(m[3]) === warps);
  const table = parse(readFileSync("validation/microbench/mio-probe/ncu_raw.csv", "utf8")) as string[][];
  const column = table[0].indexOf("smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio");
  return Number(table[2 + row][column].replace(/,/g, ""));
}

async function run(op: number, warps: number, trips: number): Promise<{ smActiveCycles: number; sm: { stalls: Record<string, { perIssue: number }> } }> {
  const r = await cli(
    "run", "--sass", "validation/microbench/mio-probe/sass.txt", "--kernel", `_Z8mio_loopILi${op}EEvPjiPx`,
    "--grid", "132", "--block", String(32 * warps), "--args", `ptr:1MiB,i32:${trips},ptr:4KiB`, "--static-shared", "8192", "--format", "json",
  );
  return JSON.parse(r.stdout);
}

/** Cycles per trip as clock64 times them: the loop alone (runs of 2T and T trips differenced, less the prologue); each case simulated once. */
const simulated = new Map<string, Promise<{ cyclesPerTrip: number; mioThrottle: number }>>();
function simulate(op: number, warps: number): Promise<{ cyclesPerTrip: number; mioThrottle: number }> {
  const key = `${op}:${warps}`;
  if (!simulated.has(key)) {
    simulated.set(
      key,
      Promise.all([run(op, warps, 2 * TRIPS), run(op, warps, TRIPS)]).then(([long, short]) => ({
        cyclesPerTrip: (long.smActiveCycles - short.smActiveCycles) / TRIPS,
        mioThrottle: long.sm.stalls.mio_throttle.perIssue,
      })),
    );
  }
  return simulated.get(key)!;
}

const measured = (op: number, warps: number) => cycles.find((c) => c.op === op && c.warps_per_block === warps)!.cycles_per_trip;

describe("special-register reads: one SM-wide unit, a read every 2 cycles (mio_probe)", () => {
  it("the H100 reads 0.50 per SM cycle from 8 warps on", () => {
    for (const w of [8, 16, 32]) expect((w * 4) / measured(0, w)).toBeCloseTo(0.5, 2);
  });
  const cases: [number, number][] = [[0, 8], [0, 16], [0, 32], [4, 32], [7, 32], [10, 1], [10, 8], [10, 32], [11, 32]];
  for (const [op, warps] of cases) {
    it(`op ${op} at ${warps} warps per block: the H100's ${measured(op, warps).toFixed(1)} cycles per trip, warpsim within 5%`, async () => {
      expect(Math.abs((await simulate(op, warps)).cyclesPerTrip / measured(op, warps) - 1)).toBeLessThan(0.05);
    });
  }
  for (const warps of [16, 32]) {
    it(`op 0 at ${warps} warps: mio_throttle per issue within 15% of ncu's ${measuredMioThrottle(0, warps).toFixed(1)}`, async () => {
      expect(Math.abs((await simulate(0, warps)).mioThrottle / measuredMioThrottle(0, warps) - 1)).toBeLessThan(0.15);
    });
  }
});
