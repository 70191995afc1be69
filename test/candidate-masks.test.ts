import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadScenario, parseScenario, simulate } from "../src/index.js";
import { formatJson } from "../src/report/json.js";

/**
 * The schedulers' candidate masks (src/sm/candidate-masks.ts) keep the candidates' warp states
 * in aggregate instead of warp by warp: every report must be the one the scan gives, to the byte.
 */
const both = (text: string, file = "loop.yaml") => {
  const scenario = parseScenario(text, file);
  return {
    masks: formatJson(simulate(scenario, { candidateMasks: true, maxCycles: 2_000_000 })),
    scan: formatJson(simulate(scenario, { candidateMasks: false, maxCycles: 2_000_000 })),
  };
};

describe("candidate masks", () => {
  for (const file of readdirSync("scenarios").filter((f) => f.endsWith(".yaml") && !f.startsWith("sweep"))) {
    it(`scenarios/${file}: the same report with masks as with the scan`, () => {
      const scenario = loadScenario(`scenarios/${file}`);
      expect(formatJson(simulate(scenario, { candidateMasks: true }))).toBe(formatJson(simulate(scenario, { candidateMasks: false })));
    });
  }

  it("a warp that exits takes its bit with it: 16 warps, two trips, all finish", () => {
    // Once, the policy's last pick (a warp that had just issued EXIT) was repicked because the
    // eligible mask, renumbered after it left, looked unchanged: the run never ended.
    const { masks, scan } = both("launch: { threadsPerBlock: 512, blocks: 1 }\nprogram: |\n  .loop 2\n    FFMA R10, R10, R4, R5\n  .endloop\n  EXIT\n");
    expect(JSON.parse(masks).outcome.status).toBe("completed");
    expect(masks).toBe(scan);
  });

  it("loads with dispatch holds, two waves of blocks and a cycle limit: the same", () => {
    const text = [
      "launch: { threadsPerBlock: 256, blocks: 24, registersPerThread: 64 }",
      "memory: { latency: { kind: uniform, min: 200, max: 400 } }",
      "program: |",
      "  .loop 6",
      "    LDG.E R8, [R2.64]",
      "    FFMA R10, R8, R10, R4",
      "    IADD3 R20, R20, 1, RZ",
      "    BAR.SYNC 0",
      "  .endloop",
      "  EXIT",
    ].join("\n");
    const { masks, scan } = both(text);
    expect(masks).toBe(scan);
    const scenario = parseScenario(text, "limit.yaml");
    const limited = (m: boolean) => formatJson(simulate(scenario, { candidateMasks: m, maxCycles: 3_001 }));
    expect(JSON.parse(limited(true)).outcome.status).toBe("cycle_limit");
    expect(limited(true)).toBe(limited(false));
  });
});
