import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadScenario, simulate } from "../../src/index.js";
import { formatJson } from "../../src/report/json.js";

/**
 * Golden outputs: the full JSON of several scenarios, byte for byte. Speed work must leave
 * them untouched. A deliberate model change regenerates them (bench/golden.mjs) and says
 * what moved, with the validation errors before and after (docs/validation.md).
 */
const cases = [
  "scenarios/single-warp-807.yaml",
  "scenarios/latency-hiding/ilp4-w8.yaml",
  "scenarios/fma-saturate.yaml",
  "test/scenarios/fixtures/barrier-waves.yaml",
  "test/scenarios/fixtures/mixed-pipes.yaml",
];

describe("golden outputs", () => {
  for (const file of cases) {
    it(`${file} is byte-identical to test/golden`, () => {
      const golden = readFileSync(`test/golden/${file.split("/").pop()!.replace(".yaml", ".json")}`, "utf8");
      expect(formatJson(simulate(loadScenario(file)))).toBe(golden);
    });
  }
});
