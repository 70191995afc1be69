import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cli } from "./cli-helper.js";

/** Issue 33, "Docs and help": what the tool says about itself is true. */
describe("help and listings say what is so", () => {
  it("warpsim archs lists the scheduling policies (run --help points there) and says only sm_90 is calibrated", async () => {
    const r = await cli("archs");
    expect(r.stdout).toContain("Scheduling policies (scheduler: or --scheduler): oldest-block, gto, lrr, oldest, random, two-level, gty");
    expect(r.stdout).toContain("Only sm_90 is calibrated against hardware");
  });
  it("a report of another architecture says its timings are not checked", async () => {
    const r = await cli("run", "--sass", "validation/sass/kernels.sass", "--kernel", "ldg_imad", "--trip", "0x01c0=4", "--arch", "sm_80");
    expect(r.stdout).toContain("note         only sm_90 is calibrated against hardware; sm_80's timings are not checked");
    const h100 = await cli("run", "scenarios/single-warp-807.yaml");
    expect(h100.stdout).not.toContain("only sm_90 is calibrated");
  });
  it("run --help describes the CSV's seven columns as the CSV has them", async () => {
    const help = await cli("run", "--help");
    const csv = (await cli("run", "scenarios/single-warp-807.yaml", "--format", "csv")).stdout.split("\n")[0];
    expect(csv).toBe("scenario,seed,outcome,occupancy_limiter,scope,metric,value");
    expect(help.stdout.replace(/\s+/g, " ")).toContain("scenario,seed,outcome,occupancy_limiter,scope,metric,value");
  });
  it("the design notes the code cites (DESIGN.md) and the license package.json names ship with the project", () => {
    expect(existsSync("DESIGN.md")).toBe(true);
    expect(readFileSync("LICENSE", "utf8")).toMatch(/^MIT License/);
    const pkg = JSON.parse(readFileSync("package.json", "utf8"));
    expect(pkg.license).toBe("MIT");
    expect(pkg.files).toEqual(expect.arrayContaining(["DESIGN.md", "LICENSE"]));
  });
});

describe("compare --help's example (issue 33)", () => {
  it("names only files the package ships (package.json files), and runs", async () => {
    const help = (await cli("compare", "--help")).stdout;
    // package.json's files: folders (bin, scenarios) and single files (validation/exec/kernels.sass).
    const shipped = JSON.parse(readFileSync("package.json", "utf8")).files as string[];
    const paths = [...help.matchAll(/(?:^|\s)((?:[\w.-]+\/)+[\w.-]+\.(?:csv|sass|yaml))/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) {
      expect(existsSync(p)).toBe(true);
      expect(shipped.some((f) => p === f || p.startsWith(`${f}/`))).toBe(true);
    }
    const r = await cli("compare", "--ncu", "validation/exec/data/profile.raw.csv", "--sass", "validation/exec/kernels.sass", "--kernel", "tail_stride", "--grid", "264", "--block", "256", "--args", "ptr:4MiB, i32:200003");
    expect(r.code).toBe(0);
  }, 60_000);
});
