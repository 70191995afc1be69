import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The memory-fence probe (validation/microbench/membar_probe.cu, data in membar-probe/) against
 * the H100: one warp's loop of 2,000 steps, ncu's SM active cycles and `membar` stall. sm_90's
 * fence wait (522 cycles) is ncu's membar count per MEMBAR.SC.GPU of the fence-only loop; what
 * the rows check is the rest: the loops' other cycles, and that a store or an atomic before each
 * fence overlaps its round trip (the H100: 1 cycle more a step) instead of adding its own latency.
 */
const rows: Record<string, string>[] = parse(readFileSync("validation/microbench/membar-probe/ncu_raw.csv", "utf8"), { columns: true });
const h100 = (mode: number, column: string) => Number(rows.find((r) => r["Kernel Name"].startsWith(`void fence_loop<${mode}>`) && r["Grid Size"] === "(1, 1, 1)")![column].replace(/,/g, ""));
const run = async (mode: number) => {
  const r = await cli("run", "--sass", "validation/microbench/membar-probe/sass.txt", "--kernel", `_Z10fence_loopILi${mode}EEvPiiPx`, "--grid", "1", "--block", "32", "--args", "ptr:64MiB,i32:2000,ptr:1MiB", "--format", "json");
  return JSON.parse(r.stdout) as { cycles: number; sm: { stalls: Record<string, { warpCycles: number }> } };
};

describe("memory fences on the H100's probe (__threadfence: MEMBAR.SC.GPU)", () => {
  for (const mode of [1, 2, 5]) {
    it(`loop ${mode} (${["", "fence alone", "a store, then a fence", "", "", "an unused atomicAdd, then a fence"][mode]}): within 7% of the H100's ${h100(mode, "sm__cycles_active.sum")} cycles`, async () => {
      const r = await run(mode);
      expect(Math.abs(r.cycles / h100(mode, "sm__cycles_active.sum") - 1)).toBeLessThan(0.07);
      expect(Math.abs(r.sm.stalls.membar.warpCycles / h100(mode, "smsp__warps_issue_stalled_membar.sum") - 1)).toBeLessThan(0.01);
    });
  }

  it("a block-scope fence (__threadfence_block: MEMBAR.SC.CTA) waits for nothing: no membar, within 20% of the H100's loop", async () => {
    const r = await run(3);
    expect(h100(3, "smsp__warps_issue_stalled_membar.sum")).toBe(0);
    expect(r.sm.stalls.membar.warpCycles).toBe(0);
    expect(Math.abs(r.cycles / h100(3, "sm__cycles_active.sum") - 1)).toBeLessThan(0.2);
  });
});
