import { describe, expect, it } from "vitest";
import { parseScenario } from "./parse-scenario.js";

const scenario = (memory: string) => `launch: { threadsPerBlock: 32, blocks: 1 }\nmemory: { ${memory} }\nprogram: |\n  EXIT\n`;

describe("range errors say which bound is allowed", () => {
  it("a bound the field excludes: bytesPerCycle 0 is not 'a value >= 0' but 'a value > 0'", () => {
    expect(() => parseScenario(scenario("bytesPerCycle: 0"), "t.yaml")).toThrow(/field memory\.bytesPerCycle: expected a value > 0, found 0/);
  });

  it("a bound the field includes keeps >=", () => {
    expect(() => parseScenario(scenario("contentionCycles: -1"), "t.yaml")).toThrow(/field memory\.contentionCycles: expected a value >= 0, found -1/);
  });
});
