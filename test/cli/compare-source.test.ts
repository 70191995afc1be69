import { describe, expect, it } from "vitest";
import { cli } from "./cli-helper.js";

const ARGS = ["--sass", "validation/exec/kernels.sass", "--kernel", "div_index", "--grid", "300", "--block", "128", "--args", "ptr:4MiB, i32:38000, i32:13"];

describe("warpsim compare --source (ncu's Source page, instruction by instruction)", () => {
  it("puts the H100's samples per instruction beside the simulation: div_index's entry wait and its issue counts", async () => {
    const r = await cli("compare", "--source", "validation/exec/source/source-div_index.csv", ...ARGS);
    expect(r.code).toBe(0);
    // 393 of the 2,310 samples are warps waiting for the kernel's first instruction (17.0%).
    expect(r.stdout).toContain("2310 warp-state samples");
    expect(r.stdout).toMatch(/0x0000 {2}LDC R1, c\[0x0\]\[0x28\] +1 1 +17\.0% /);
    expect(r.stdout).toMatch(/no_instruction 100\.0% \|/);
    const json = JSON.parse((await cli("compare", "--source", "validation/exec/source/source-div_index.csv", ...ARGS, "--format", "json")).stdout);
    // BSYNC B1 issued 1,827 times for 1,200 warps on the H100: 1.5225 a warp.
    const bsync = json.rows.find((x: { offset: number }) => x.offset === 0x420);
    expect(bsync.measuredPerWarp).toBeCloseTo(1827 / 1200, 10);
    // Every warp runs the straight-line prologue once, measured and simulated.
    const iabs = json.rows.find((x: { offset: number }) => x.offset === 0xb0);
    expect(iabs.simulatedPerWarp).toBe(1);
  });

  it("wants exactly one of --ncu and --source", async () => {
    const both = await cli("compare", "--ncu", "validation/exec/data/profile.raw.csv", "--source", "validation/exec/source/source-div_index.csv", ...ARGS);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain("expected one profile to compare with, --ncu FILE (ncu --csv --page raw) or --source FILE (ncu's Source page as CSV), found both");
    const neither = await cli("compare", ...ARGS);
    expect(neither.stderr).toContain("found neither");
  });

  it("refuses a listing kernel that is not the page's kernel", async () => {
    const r = await cli("compare", "--source", "validation/exec/source/source-div_index.csv", "--sass", "validation/exec/kernels.sass", "--kernel", "early_exit", "--grid", "200", "--block", "256", "--args", "ptr:4MiB,ptr:4MiB,i32:50001");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/source-div_index\.csv: expected one kernel whose name contains "early_exit", found none among div_index/);
  });
});
