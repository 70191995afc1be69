import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readNcuExport } from "../../src/ncu/read-export.js";
import { simulate } from "../../src/run/simulate.js";
import { parseScenario } from "../../src/scenario/parse-scenario.js";
import { readerBeside } from "../../src/scenario/load.js";

/**
 * The L2's atomic units (sm_90's l2Atomics) against the H100: the atomic-lines probe's REDs
 * (validation/microbench/atomic_lines_probe.cu), every SM adding into hashed words, run from
 * the probe's listing and arguments; the H100's SM cycles per RED come from its ncu export.
 */
const DIR = "validation/microbench/atomic-lines-probe";
const LISTING = `${DIR}/sass.txt`;
const launches = readNcuExport(readFileSync(`${DIR}/ncu_raw.csv`, "utf8"), `${DIR}/ncu_raw.csv`);
const manifest = readFileSync(`${DIR}/manifest.txt`, "utf8").trim().split("\n").map((l) => l.split(/\s+/));

function cyclesPerRed(args: string): { h100: number; warpsim: number } {
  const i = manifest.findIndex((m) => m[4] === args);
  const iters = Number(args.split(",")[2].split(":")[1]);
  // 4 blocks of 8 warps per SM: 32 warp-level REDs per trip.
  const reds = iters * 32;
  const text = JSON.stringify({
    launch: { threadsPerBlock: 256, registersPerThread: 18 },
    program: { sass: "sass.txt", kernel: "red_lines", args, grid: [528, 1, 1], blockDim: [256, 1, 1] },
  });
  const run = simulate(parseScenario(text, `${DIR}/test.json`, [], { readFile: readerBeside(LISTING) }));
  return { h100: launches[i].values.get("sm__cycles_active.avg")! / reds, warpsim: run.cycles / reds };
}

describe("global atomics crowding onto few lines (the atomic-lines probe)", () => {
  // One sector, 8 lines (2 granules of 512 bytes), 128 lines and 2,048: the rate rises from one
  // unit's round per cycle to all 48 units'; the rows span 89 to 1,715 cycles per RED.
  for (const [args, label] of [
    ["ptr:4MiB,i32:8,i32:8", "8 words (one sector)"],
    ["ptr:4MiB,i32:256,i32:32", "256 words (8 lines)"],
    ["ptr:4MiB,i32:4096,i32:64", "4,096 words (128 lines)"],
    ["ptr:4MiB,i32:65536,i32:64", "65,536 words (2,048 lines)"],
  ] as const) {
    it(`${label}: within 10% of the H100's cycles per RED`, () => {
      const { h100, warpsim } = cyclesPerRed(args);
      expect(Math.abs(warpsim / h100 - 1)).toBeLessThan(0.1);
    });
  }
});
