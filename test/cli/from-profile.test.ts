import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readSourcePage } from "../../src/ncu/read-source-page.js";
import { cli } from "./cli-helper.js";

/** Issue 32 item 4: trips and taken shares from a profile's issue counts (--from-profile). */
describe("run --sass --from-profile (ncu's Source page)", () => {
  const perWarp = (kernel: string) => {
    const [page] = readSourcePage(readFileSync(`validation/exec/source/source-${kernel}.csv`, "utf8"), kernel);
    return page.instructions.reduce((a, i) => a + i.executed, 0) / page.instructions[0].executed;
  };

  it("gives the listing the H100's loops and branch shares: instructions per warp as the page counts them", async () => {
    for (const [kernel, threads, warps] of [["tail_stride", "256", 8], ["div_index", "128", 4], ["early_exit", "256", 8]] as const) {
      const r = await cli("run", "--sass", "validation/exec/kernels.sass", "--kernel", kernel, "--threads", threads, "--from-profile", `validation/exec/source/source-${kernel}.csv`, "--format", "json");
      expect(r.code).toBe(0);
      const simulated = JSON.parse(r.stdout).sm.instExecuted / warps;
      // Trips are whole numbers (tail_stride's 2.96 a warp becomes 3) and the SM runs one block
      // where the page averages the grid: within 2% of the page's mean.
      expect(Math.abs(simulated / perWarp(kernel) - 1)).toBeLessThan(0.02);
    }
  });

  it("says what it took from the profile, and a hand-given --trip wins", async () => {
    const r = await cli("run", "--sass", "validation/exec/kernels.sass", "--kernel", "tail_stride", "--threads", "256", "--from-profile", "validation/exec/source/source-tail_stride.csv", "--trip", "0x0300=5");
    expect(r.code).toBe(0);
    // The grid-stride loop's back edge ran 2.96 times a warp on the H100, left 1 time: 3 trips; --trip sets 5.
    expect(r.stderr).toContain("(ncu's issue counts of tail_stride): trips 0x0470 1; taken 0x0090 0, 0x0250 0, 0x0320 1");
    expect(r.stderr).not.toContain("0x0300 3");
  });

  it("refuses a page of another kernel", async () => {
    const r = await cli("run", "--sass", "validation/exec/kernels.sass", "--kernel", "early_exit", "--from-profile", "validation/exec/source/source-div_index.csv");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("source-div_index.csv: expected the Source page of kernel early_exit, found pages of div_index");
  });
});
