import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readNcuExport, pickLaunch } from "../src/ncu/read-export.js";
import { cli, scratchDir, writeScenario } from "./cli/cli-helper.js";

/**
 * `warpsim compare` on real H100 exports (test/fixtures/ncu, made by
 * validation/ncu-compare/capture.sh): the expected measured values are read off the CSVs here.
 */
const fixture = (name: string) => `test/fixtures/ncu/${name}`;

describe("reading Nsight Compute exports", () => {
  it("reads the raw page: a header, a row of units, thousands separators", () => {
    const [launch] = readNcuExport(readFileSync(fixture("fma_k4_w16.raw.csv"), "utf8"), "fma.csv");
    expect(launch.page).toBe("raw");
    expect(launch.kernel).toBe("void fma_chain<4>(float *, WarpRec *, int, float, float)");
    expect(launch.values.get("smsp__issue_active.avg.pct_of_peak_sustained_active")).toBe(97.725033);
    expect(launch.values.get("derived__pct_occupancy_per_barrier_count")).toBe(1625); // written "1,625"
    expect(launch.values.has("Kernel Name")).toBe(false);
  });

  it("reads the details page, whose rounded values agree with the raw page's", () => {
    const raw = readNcuExport(readFileSync(fixture("dram_k4_f16_w32.raw.csv"), "utf8"), "raw")[0];
    const details = readNcuExport(readFileSync(fixture("dram_k4_f16_w32.details.csv"), "utf8"), "details")[0];
    expect(details.page).toBe("details");
    expect(details.values.get("Scheduler Statistics / One or More Eligible")).toBeCloseTo(raw.values.get("smsp__issue_active.avg.pct_of_peak_sustained_active")!, 1);
    expect(details.values.get("Launch Statistics / Block Size")).toBe(1024); // written "1,024"
  });

  it("picks a launch by kernel name and index, and says which exist when none or several match", () => {
    const text = readFileSync(fixture("fma_k4_w16.raw.csv"), "utf8").trim().split("\n");
    const two = [...text, text[2].replace(/^"0"/, '"1"')].join("\n");
    const launches = readNcuExport(two, "two.csv");
    expect(() => pickLaunch(launches, "two.csv")).toThrow(/2 launches match; pick one with --kernel NAME and\/or --launch N/);
    expect(pickLaunch(launches, "two.csv", "fma_chain", 1).id).toBe("1");
    expect(() => pickLaunch(launches, "two.csv", "ld_chain")).toThrow(/expected a launch of a kernel named like "ld_chain", found only: ID 0 void fma_chain<4>/);
  });
});

describe("warpsim compare", () => {
  it("prints measured beside simulated, largest disagreement first", async () => {
    const r = await cli("compare", "--ncu", fixture("fma_k4_w16.raw.csv"), "validation/ncu-compare/fma_k4_w16.yaml", "--format", "json");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { rows: { metric: string; measured: number; simulated: number; disagreement: number }[] };
    const row = (m: string) => out.rows.find((x) => x.metric === m)!;
    expect(row("Issue Active (One or More Eligible)").measured).toBeCloseTo(0.97725033, 10);
    expect(row("Warp Cycles Per Issued Instruction").measured).toBe(3.846034);
    expect(row("Active Warps Per Scheduler").measured).toBe(3.758538);
    const order = out.rows.map((x) => x.disagreement);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    // fma_chain<4> at 16 warps is issue-bound on the H100 and in warpsim alike.
    expect(Math.abs(row("Issue Active (One or More Eligible)").simulated - 0.977)).toBeLessThan(0.03);
  });

  it("reads a details-page export too, and writes CSV", async () => {
    const r = await cli("compare", "--ncu", fixture("l2_k1_f0_w8.details.csv"), "validation/ncu-compare/l2_k1_f0_w8.yaml", "--format", "csv");
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toBe("launch_id,kernel,section,metric,kind,measured,simulated,difference,note");
    expect(lines.some((l) => l.includes("Warp Cycles Per Issued Instruction"))).toBe(true);
  });

  it("a hand-made export without the scheduler statistics gets an error naming the metric", async () => {
    const dir = scratchDir();
    const rows = readFileSync(fixture("fma_k4_w16.raw.csv"), "utf8").trim().split("\n");
    const header = rows[0].split('","');
    const drop = header.findIndex((h) => h === "smsp__issue_active.avg.pct_of_peak_sustained_active");
    const without = rows.map((line) => {
      const cells = line.split('","');
      cells.splice(drop, 1);
      return cells.join('","');
    });
    const file = writeScenario(dir, "missing.csv", without.join("\n") + "\n");
    const r = await cli("compare", "--ncu", file, "validation/ncu-compare/fma_k4_w16.yaml");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/missing\.csv, launch ID 0: expected the raw page's "smsp__issue_active\.avg\.pct_of_peak_sustained_active" \(collect it with ncu --section SchedulerStats/);
    expect((await cli("compare", "--ncu", join(dir, "nothing.csv"), "validation/ncu-compare/fma_k4_w16.yaml")).stderr).toMatch(/nothing\.csv: expected an Nsight Compute CSV export that exists, found no such file/);
  });
});
