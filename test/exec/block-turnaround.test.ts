import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The block turnaround probe (validation/microbench/block_turnaround_probe.cu, data in
 * block-turnaround-probe/) against the H100: per SM, the cycles a block slot takes per block,
 * its life plus the gap to the next block's start (thread 0's clock64 at both ends), from the
 * probe's medians. sm_90's blockDispatch (a 300-cycle turnaround, one block per 122 cycles) was
 * set from the one-block rows' gaps and the 8 x 256 row's rate; the rows check the whole: the
 * blocks' own cycles and, with many blocks resident, the dispatcher's rate. The probe counts at
 * its boost clock (1,980 MHz), warpsim at ncu's 1,590 MHz: the dispatcher's gaps (the rows with
 * many blocks resident) are time, so they are scaled to 1,590 MHz here; the one-block turnaround
 * is the SM's own work and keeps its cycles (docs/timing.md, "Blocks").
 */
const NCU_CLOCK_OF_PROBE = 1590 / 1980;
const probe = readFileSync("validation/microbench/block-turnaround-probe/probe.txt", "utf8");
function h100(threads: number, dyn: number): { perSlot: number; resident: number } {
  const line = probe.split("\n").find((l) => l.startsWith(`PROBE,kernel=probe,threads=${threads},dyn=${dyn},spin=0,`))!;
  const field = (k: string) => Number(new RegExp(`${k}=([0-9.]+)`).exec(line)![1]);
  const resident = field("blocks_per_sm");
  const gap = field("gap_median") * (resident > 2 ? NCU_CLOCK_OF_PROBE : 1);
  return { perSlot: field("life_median") + gap, resident };
}

describe("blocks arrive through the dispatcher (sm_90 blockDispatch) as on the H100's probe", () => {
  for (const [threads, dyn, within] of [
    [32, 153600, 0.05],
    [1024, 153600, 0.08],
    [256, 0, 0.08],
    [32, 0, 0.08],
  ] as const) {
    const { perSlot, resident } = h100(threads, dyn);
    it(`${resident} x ${threads} threads: a slot takes ${Math.round(perSlot)} cycles per block on the H100, warpsim within ${within * 100}%`, async () => {
      const grid = 132 * resident * 24;
      const r = await cli("run", "--sass", "validation/microbench/block-turnaround-probe/sass.txt", "--kernel", "_Z5probePxPii", "--grid", String(grid), "--block", String(threads), ...(dyn > 0 ? ["--shared-mem", String(dyn)] : []), "--args", "ptr:2MiB,ptr:1MiB,i32:0", "--format", "json");
      const result = JSON.parse(r.stdout) as { cycles: number; smActiveCycles: number; occupancy: { residentBlocks: number } };
      expect(result.occupancy.residentBlocks).toBe(resident);
      expect(Math.abs((result.cycles * resident) / (grid / 132) / perSlot - 1)).toBeLessThan(within);
      // One block resident: its turnaround leaves the SM without a warp, cycles ncu does not count as active.
      if (resident === 1) expect(result.smActiveCycles).toBeLessThan(result.cycles * 0.6);
    });
  }
});
