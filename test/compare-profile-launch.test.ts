import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readNcuExport, type NcuLaunch } from "../src/ncu/read-export.js";
import { profileLaunch } from "../src/ncu/profile-launch.js";
import { compare } from "../src/run/compare.js";
import { loadScenario } from "../src/scenario/load.js";
import { simulate } from "../src/run/simulate.js";
import { cli, scratchDir, writeScenario } from "./cli/cli-helper.js";

const EXEC = "validation/exec/data/profile.raw.csv";
const launchOf = (file: string, kernel: string) => readNcuExport(readFileSync(file, "utf8"), file).find((l) => l.kernel === kernel)!;
const DIV = ["--sass", "validation/exec/kernels.sass", "--kernel", "div_index", "--args", "ptr:4MiB,i32:38000,i32:13"];

describe("the launch a profile records (issue 32: profiles that set up the run)", () => {
  it("reads block, grid, registers and shared memory off the raw page", () => {
    // kernels.cu launches div_index<<<300, 128>>>; ptxas gave it 16 registers and no shared memory.
    expect(profileLaunch(launchOf(EXEC, "div_index"))).toEqual({ block: [128], grid: [300], registersPerThread: 16, staticSharedBytes: 0, dynamicSharedBytes: 0 });
    expect(profileLaunch(launchOf(EXEC, "tail_stride"))).toMatchObject({ block: [256], grid: [264], registersPerThread: 24 });
  });

  it("compare --sass takes the launch from the profile where the flags do not give it, and says so", async () => {
    const fromProfile = await cli("compare", "--ncu", EXEC, ...DIV, "--format", "json");
    expect(fromProfile.code).toBe(0);
    expect(fromProfile.stderr).toContain(`the launch from ${EXEC}: block 128, grid 300, 16 registers per thread\n`);
    const byHand = await cli("compare", "--ncu", EXEC, ...DIV, "--grid", "300", "--block", "128", "--registers", "16", "--format", "json");
    expect(fromProfile.stdout).toBe(byHand.stdout);
  });

  it("keeps a flag that disagrees with the profile, with a warning", async () => {
    const r = await cli("compare", "--ncu", EXEC, ...DIV, "--registers", "32");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`warning: --registers 32 but ${EXEC}'s launch has 16 registers per thread; the simulation uses 32.`);
  });

  it("warns when a scenario's launch is not the profile's", async () => {
    const dir = scratchDir();
    const text = readFileSync("validation/ncu-compare/fma_k4_w16.yaml", "utf8").replace("threadsPerBlock: 512", "threadsPerBlock: 32").replace("sass: ../", `sass: ${process.cwd()}/validation/`);
    const file = writeScenario(dir, "small.yaml", text);
    const r = await cli("compare", "--ncu", "test/fixtures/ncu/fma_k4_w16.raw.csv", file, "--allow-any-path");
    expect(r.stderr).toContain(`${file}: launch.threadsPerBlock is 32 where test/fixtures/ncu/fma_k4_w16.raw.csv's launch has 512`);
    // The bundled scenario is the profiled launch: no warning.
    expect((await cli("compare", "--ncu", "test/fixtures/ncu/fma_k4_w16.raw.csv", "validation/ncu-compare/fma_k4_w16.yaml")).stderr).not.toContain("warning");
  });
});

describe("stalls from warp-state sampling when the export has no counted ratios", () => {
  const full = launchOf("validation/exec/source/source.raw.csv", "div_index");
  // The sampling capture has no Scheduler Statistics: issue active is given (it is not what is checked).
  const without = (keep: (metric: string) => boolean): NcuLaunch => ({
    ...full,
    values: new Map([...[...full.values].filter(([m]) => !m.startsWith("smsp__average_warps_issue_stalled_") && keep(m)), ["smsp__issue_active.avg.pct_of_peak_sustained_active", 50] as [string, number]]),
  });
  const wait = (launch: NcuLaunch) => compare(launch, simulate(loadScenario("scenarios/single-warp-807.yaml")), "s.csv").find((r) => r.metric === "Stall wait (cycles per issued instruction)")!.measured;

  it("a state's samples over the selected ones (one warp is selected per issue)", () => {
    // div_index: 480 wait samples, 175 selected.
    expect(wait(without(() => true))).toBeCloseTo(480 / 175, 10);
  });

  it("with only the _not_issued variants: the state's share of them times the warp-cycles per issue less one", () => {
    // 328 of 1,875 not-issued samples were wait; 12.910214 warp-cycles per issued instruction.
    const notIssued = without((m) => !/^smsp__pcsamp_warps_issue_stalled_\w+$/.test(m) || m.endsWith("_not_issued"));
    expect(wait(notIssued)).toBeCloseTo((328 / 1875) * (12.910214 - 1), 10);
  });
});
