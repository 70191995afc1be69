import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The instruction-fetch probe (validation/microbench/ifetch-probe) against the H100: one block
 * of straight-line or looped FFMA code, ncu's SM active cycles with caches flushed (median of
 * the three launches). Each row runs from the committed listing and the probe's arguments.
 */
function measured(): Map<string, number> {
  const lines = readFileSync("validation/microbench/ifetch-probe/ncu_all.csv", "utf8").split("\n").filter((l) => l.startsWith('"'));
  const cells = (l: string) => l.slice(1, -1).split('","');
  const head = cells(lines[0]);
  const runs = new Map<string, number[]>();
  for (const line of lines.slice(2)) {
    const r = cells(line);
    const key = `${r[head.indexOf("Kernel Name")].replace(/^void /, "").replace(/\(.*$/, "")} x ${r[head.indexOf("Block Size")].replace(/^\((\d+).*$/, "$1")}`;
    runs.set(key, [...(runs.get(key) ?? []), Number(r[head.indexOf("sm__cycles_active.max")].replace(/,/g, ""))]);
  }
  return new Map([...runs].map(([k, v]) => [k, v.sort((a, b) => a - b)[1]]));
}

describe("instruction fetch on the H100's probe (no_instruction from a cold start)", () => {
  const h100 = measured();
  // Without the fetch model these rows were 48% (1,024 instructions) and 33% (256) short.
  for (const [kernel, threads] of [["body<1024, 1>", 32], ["body<1024, 1>", 128], ["body<256, 1>", 32], ["body<1024, 8>", 32]] as const) {
    it(`${kernel}, ${threads} threads: within 10% of the H100's ${h100.get(`${kernel} x ${threads}`)} cycles`, async () => {
      const r = await cli("run", "--sass", "validation/microbench/ifetch-probe/sass.txt", "--kernel", kernel, "--grid", "1", "--block", String(threads), "--args", "4KiB,512,1.0001,0.5", "--format", "json");
      const cycles = JSON.parse(r.stdout).cycles as number;
      const hw = h100.get(`${kernel} x ${threads}`)!;
      expect(Math.abs(cycles / hw - 1)).toBeLessThan(0.1);
    });
  }
});
