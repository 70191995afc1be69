import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseArguments, placeArguments } from "../../src/exec/kernel-args.js";
import { profileKernel } from "../../src/exec/kernel-profile.js";
import { launchBank } from "../../src/exec/launch.js";
import { executableKernel } from "../../src/exec/run-warp.js";
import { readSass } from "../../src/sass/read-sass.js";

/**
 * validation/exec: six kernels whose control flow differs between lanes, warps and blocks
 * (kernels.cu says what each exercises), measured on an H100 (capture.sh). Run from the listing
 * and the arguments over every block of the grid, each issues exactly ncu's
 * smsp__inst_executed.sum.
 */
const listing = readSass(readFileSync("validation/exec/kernels.sass", "utf8"), "kernels.sass");
const manifest = readFileSync("validation/exec/data/manifest.txt", "utf8")
  .trim()
  .split("\n")
  .map((l) => l.split(/\s+/));
const counts: Record<string, string>[] = parse(readFileSync("validation/exec/data/counts.csv", "utf8"), { columns: true });

describe("kernels whose control flow differs between lanes, warps and blocks issue what ncu counted", () => {
  for (const [, name, grid, block, args] of manifest) {
    const measured = Number(counts.find((r) => r["Kernel Name"] === name && r["Metric Name"] === "smsp__inst_executed.sum")!["Metric Value"].replace(/,/g, ""));
    it(`${name} <<<${grid}, ${block}>>>(${args}): ${measured}`, () => {
      if (!listing.ok) throw new Error("kernels.sass did not read");
      const kernel = listing.kernels.find((k) => k.name === name)!;
      const g = [Number(grid), 1, 1] as const;
      const b = [Number(block), 1, 1] as const;
      const placed = placeArguments(parseArguments(args, undefined));
      const launch = { grid: g, block: b, bank0: launchBank(g, b, placed.bytes, 0x210), buffers: placed.buffers };
      const every = Array.from({ length: g[0] }, (_, i) => i);
      const p = profileKernel(executableKernel(kernel), launch, every);
      expect(p.outOfBounds).toBeUndefined();
      expect(p.unknownBranches.size).toBe(0);
      expect(p.instructions.mean * p.warps).toBe(measured);
    });
  }
});
