import { describe, expect, it } from "vitest";
import { loadScenario, simulate } from "../../src/index.js";
import { formatJson } from "../../src/report/json.js";

describe("determinism", () => {
  it("the same scenario and seed give byte-identical JSON", () => {
    const scenario = loadScenario("scenarios/latency-hiding/ilp4-w8.yaml");
    const a = formatJson(simulate(scenario));
    const b = formatJson(simulate(loadScenario("scenarios/latency-hiding/ilp4-w8.yaml")));
    expect(b).toBe(a);
  });

  it("with a random latency, another seed gives other cycles", () => {
    const scenario = loadScenario("scenarios/latency-hiding/ilp1-w4.yaml");
    const cycles = new Set([1, 2, 3].map((seed) => simulate(scenario, { seed }).cycles));
    expect(cycles.size).toBe(3);
  });

  it("the random scheduler is seeded too", () => {
    const scenario = loadScenario("test/scenarios/fixtures/barrier-waves.yaml");
    const withPolicy = { ...scenario, scheduler: "random" as const };
    expect(formatJson(simulate(withPolicy, { seed: 7 }))).toBe(formatJson(simulate(withPolicy, { seed: 7 })));
  });
});
