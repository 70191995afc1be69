import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli, scratchDir } from "./cli-helper.js";

/** Issue 33: a sweep over seeds gives each configuration's mean and spread, in a CSV and as error bars. */
describe("warpsim sweep --seeds N", () => {
  const dir = scratchDir();
  const scenario = "scenarios/latency-hiding/ilp1-w8.yaml";

  it("runs every configuration with N seeds, summarizes them, and draws the mean with min-max bars", async () => {
    const [rowsFile, spreadFile, charts] = [join(dir, "rows.csv"), join(dir, "spread.csv"), join(dir, "charts")];
    const r = await cli("sweep", scenario, "--vary", "launch.blocks=1,4", "--seeds", "3", "--jobs", "1", "--out", rowsFile, "--spread", spreadFile, "--chart", charts);
    expect(r.code).toBe(0);
    const rows = parse(readFileSync(rowsFile, "utf8"), { columns: true, cast: true }) as Record<string, number>[];
    // The scenario's seed (1) and the two after it, for each block count.
    expect(rows.map((x) => [x["launch.blocks"], x.seed])).toEqual([[1, 1], [1, 2], [1, 3], [4, 1], [4, 2], [4, 3]]);
    const spread = parse(readFileSync(spreadFile, "utf8"), { columns: true, cast: true }) as Record<string, number>[];
    expect(spread).toHaveLength(2);
    for (const [i, blocks] of [1, 4].entries()) {
      const own = rows.filter((x) => x["launch.blocks"] === blocks).map((x) => x.cycles);
      const mean = own.reduce((a, b) => a + b, 0) / 3;
      expect(spread[i]).toMatchObject({ "launch.blocks": blocks, seeds: 3, cycles_min: Math.min(...own), cycles_max: Math.max(...own) });
      expect(spread[i].cycles_mean).toBeCloseTo(mean, 6);
      expect(spread[i].cycles_sd).toBeCloseTo(Math.sqrt(own.reduce((a, c) => a + (c - mean) ** 2, 0) / 2), 6);
      // Random load latencies: the seeds differ.
      expect(spread[i].cycles_sd).toBeGreaterThan(0);
    }
    const svg = readFileSync(join(charts, "utilization-vs-warps.svg"), "utf8");
    expect(svg).toContain('aria-roledescription="errorbar"');
    expect(svg).toContain("mean of 3 seeds");
  });

  it("says what is wrong with --spread alone or a seed varied twice", async () => {
    const alone = await cli("sweep", scenario, "--vary", "launch.blocks=1,4", "--spread", join(dir, "s.csv"));
    expect(alone.code).not.toBe(0);
    expect(alone.stderr).toContain("--spread summarizes a sweep over seeds: give --seeds N too.");
    const twice = await cli("sweep", scenario, "--vary", "seed=1,2", "--seeds", "2");
    expect(twice.stderr).toContain("--seeds varies the seed; the sweep already varies `seed`");
  });
});
