import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, scratchDir } from "./cli/cli-helper.js";
import { parseCsv } from "./csv.js";
import { loadScenario, parseScenario, simulate } from "../src/index.js";
import { schedulerColumns } from "../src/stats/metric-columns.js";
import { formatSweepCsv } from "../src/cli/commands/sweep.js";
import { axesFromSection, expandSweep, parseValues, parseVary } from "../src/scenario/sweep.js";
import { runSweep } from "../src/run/sweep/run-sweep.js";

const file = "scenarios/sweep-ilp-warps.yaml";
const text = readFileSync(file, "utf8");

describe("sweep axes", () => {
  it("parse lists, ranges with steps, and strings", () => {
    expect(parseValues("1,2,4..6", "t")).toEqual([1, 2, 4, 5, 6]);
    expect(parseValues("0..64:16", "t")).toEqual([0, 16, 32, 48, 64]);
    expect(parseValues("gto,lrr", "t")).toEqual(["gto", "lrr"]);
    expect(parseVary("program.ilp=1,2")).toEqual({ path: ["program", "ilp"], values: [1, 2] });
    expect(() => parseVary("program.ilp")).toThrow(/FIELD=VALUES/);
    expect(() => parseValues("8..1", "t")).toThrow(/low <= high/);
  });

  it("expand to the Cartesian product, the first axis slowest", () => {
    const configs = expandSweep([
      { path: ["a"], values: [1, 2] },
      { path: ["b"], values: ["x", "y", "z"] },
    ]);
    expect(configs.map((c) => c.map((a) => a.value).join(""))).toEqual(["1x", "1y", "1z", "2x", "2y", "2z"]);
  });
});

describe("warpsim sweep", () => {
  const axes = axesFromSection({ "launch.blocks": [1, 4, 16], "program.ilp": "1,4" }, file);
  const configurations = expandSweep(axes);

  it("gives one row per configuration whose metrics equal running it alone", async () => {
    const rows = await runSweep({ text, file, configurations, jobs: 1 });
    expect(rows).toHaveLength(6);
    for (const [i, assignments] of configurations.entries()) {
      const alone = simulate(parseScenario(text, file, assignments));
      expect(rows[i]["launch.blocks"]).toBe(assignments[0].value);
      expect(rows[i]["program.ilp"]).toBe(assignments[1].value);
      for (const [metric, value] of Object.entries(schedulerColumns(alone.sm))) expect(rows[i][metric]).toBe(value);
    }
  });

  it("writes byte-identical CSV serially and on 2 worker threads", async () => {
    const serial = formatSweepCsv(await runSweep({ text, file, configurations, jobs: 1 }));
    const parallel = formatSweepCsv(await runSweep({ text, file, configurations, jobs: 2 }));
    expect(parallel).toBe(serial);
    expect(serial.split("\n")[0].startsWith("scenario,seed,launch.blocks,program.ilp,warps_per_scheduler,outcome,cycles")).toBe(true);
  });

  it("reports a configuration that is bad input with its assignment", async () => {
    const bad = expandSweep([{ path: ["launch", "threadsPerBlock"], values: [128, 0] }]);
    await expect(runSweep({ text, file, configurations: bad, jobs: 1 })).rejects.toThrow(/launch\.threadsPerBlock=0.*expected a value >= 1/);
  });

  it("ignores the sweep section when a scenario runs alone", () => {
    expect(loadScenario(file).launch.blocks).toBe(1);
  });
});

describe("tidy sweep output (issue 16)", () => {
  it("rows carry the scenario name and seed; histograms come as long rows that sum to active cycles", async () => {
    const dir = scratchDir();
    const hist = join(dir, "hist.csv");
    const r = await cli("sweep", "scenarios/sweep-ilp-warps.yaml", "--vary", "launch.blocks=1,2", "--vary", "program.ilp=1", "--jobs", "1", "--histogram", hist);
    expect(r.code).toBe(0);
    const rows = parseCsv(r.stdout);
    expect(rows.map((x) => [x.scenario, x.seed, x["launch.blocks"]])).toEqual([
      ["sweep-ilp-warps", "1", "1"],
      ["sweep-ilp-warps", "1", "2"],
    ]);
    expect(Object.keys(rows[0])).not.toContain("eligible_hist");
    const long = parseCsv(readFileSync(hist, "utf8"));
    expect(Object.keys(long[0])).toEqual(["scenario", "seed", "launch.blocks", "program.ilp", "eligible", "cycles"]);
    for (const blocks of ["1", "2"]) {
      const own = long.filter((x) => x["launch.blocks"] === blocks);
      const active = Number(rows.find((x) => x["launch.blocks"] === blocks)!.active_cycles);
      expect(own.reduce((sum, x) => sum + Number(x.cycles), 0)).toBe(active);
    }
  });
});

describe("sharded sweeps (issue 16)", () => {
  it("3 shards merged in any order give the unsharded CSV byte for byte, histograms too", async () => {
    const dir = scratchDir();
    const args = ["scenarios/sweep-ilp-warps.yaml", "--vary", "launch.blocks=1,2,4", "--vary", "program.ilp=1,4", "--jobs", "1"];
    const full = join(dir, "full.csv");
    const fullHist = join(dir, "full-hist.csv");
    expect((await cli("sweep", ...args, "--out", full, "--histogram", fullHist)).code).toBe(0);
    const parts: string[] = [];
    const hists: string[] = [];
    for (const i of [1, 2, 3]) {
      parts.push(join(dir, `part-${i}.csv`));
      hists.push(join(dir, `hist-${i}.csv`));
      expect((await cli("sweep", ...args, "--shard", `${i}/3`, "--out", parts[i - 1], "--histogram", hists[i - 1])).code).toBe(0);
    }
    // Shard 2 of 3 runs configurations 1 and 4 (every third, from the second).
    expect(parseCsv(readFileSync(parts[1], "utf8")).map((r) => r.configuration)).toEqual(["1", "4"]);
    const merged = await cli("merge", parts[2], parts[0], parts[1]);
    expect(merged.stdout).toBe(readFileSync(full, "utf8"));
    expect((await cli("merge", ...hists.reverse())).stdout).toBe(readFileSync(fullHist, "utf8"));
  });

  it("refuses a bad shard and a file that is not a part", async () => {
    expect((await cli("sweep", "scenarios/sweep-ilp-warps.yaml", "--shard", "4/3")).stderr).toMatch(/I\/N with 1 <= I <= N/);
    const r = await cli("merge", "scenarios/sweep-ilp-warps.yaml");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/sweep-ilp-warps\.yaml, line \d+: expected a (CSV part of a sharded sweep|sweep part whose first column is "configuration")/);
  });
});
