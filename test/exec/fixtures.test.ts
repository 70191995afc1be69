import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";
import { fixtureArgsText, fixtureInstructions } from "./fixture-counts.js";

/** ncu's smsp__inst_executed.sum of each fixture launch (validation/sass/data/summary.csv). */
function measured(): { kernel: string; warpsPerSm: number; threads: number; blocks: number; iters: number; inst: number }[] {
  const [head, ...rows] = readFileSync("validation/sass/data/summary.csv", "utf8").trim().split("\n").map((l) => l.split(","));
  const col = (name: string) => head.indexOf(name);
  return rows.map((r) => ({
    kernel: r[col("kernel")],
    warpsPerSm: Number(r[col("warps_per_sm")]),
    threads: Number(r[col("threads_per_block")]),
    blocks: Number(r[col("blocks")]),
    iters: Number(r[col("iters")]),
    inst: Number(r[col("smsp__inst_executed.sum")]),
  }));
}

describe("a kernel run from its listing and arguments issues the instructions ncu counted", () => {
  // The first, a middle and the last block (all 132 took 60-90 s of CI for the same answer):
  // each issues the same count, and that times the blocks is ncu's total over the GPU.
  for (const row of measured().filter((r) => r.warpsPerSm === 4)) {
    it(`${row.kernel}, ${row.blocks} blocks of ${row.threads}, iters ${row.iters}: ${row.inst}`, () => {
      const { perBlock, unknown } = fixtureInstructions(row.kernel, row.blocks, row.threads, row.iters, [0, Math.floor(row.blocks / 2), row.blocks - 1]);
      // Every branch follows from the launch and the arguments: none was guessed.
      expect(unknown).toBe(0);
      expect(new Set(perBlock).size).toBe(1);
      expect(perBlock[0] * row.blocks).toBe(row.inst);
    });
  }
});

describe("a timed run from the listing and the arguments issues ncu's count on its SM", () => {
  // Every block of these launches does the same work: an SM's share of ncu's count is the
  // total over the 132 SMs (each runs one block here).
  for (const row of measured().filter((r) => r.warpsPerSm === 4)) {
    it(`${row.kernel}: ${row.inst / row.blocks} on SM 0`, async () => {
      const args = fixtureArgsText(row.kernel, row.blocks, row.threads, row.iters);
      const r = await cli("run", "--sass", "validation/sass/kernels.sass", "--kernel", row.kernel, "--grid", String(row.blocks), "--block", String(row.threads), "--args", args, "--shared-mem", "122880", "--format", "json");
      expect(r.stderr).not.toMatch(/error/);
      expect(JSON.parse(r.stdout).sm.instExecuted).toBe(row.inst / row.blocks);
    });
  }
});
