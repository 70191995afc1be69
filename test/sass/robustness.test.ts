import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../../src/index.js";
import { readSass } from "../../src/sass/read-sass.js";

/**
 * Listings of ordinary code (validation/sass/robustness: division and square-root slow paths
 * behind CALL, printf, a switch's jump table, a CAS loop, cooperative groups, half precision,
 * cp.async, nested loops) for sm_75 .. sm_120 as CUDA 13's cuobjdump printed them: every kernel
 * is read and runs to completion, with warnings for what is not simulated.
 */
const ARCHS = ["75", "80", "86", "90", "100", "120"];
/** kernels.cu (ten kernels) and complex.cu (six, shaped like library code: a tensor-core GEMM with cp.async, softmax, a shared-memory histogram, a bitonic sort, a stencil, a scan). */
const SETS = [
  { prefix: "sm_", kernels: 10 },
  { prefix: "complex_sm_", kernels: 6 },
];

describe("real listings of ordinary code, six architectures", () => {
  for (const arch of ARCHS) for (const set of SETS) {
    it(`${set.prefix}${arch}: every kernel reads and runs`, () => {
      const file = `validation/sass/robustness/${set.prefix}${arch}.sass`;
      const text = readFileSync(file, "utf8");
      const listing = readSass(text, file);
      expect(listing.ok).toBe(true);
      if (!listing.ok) return;
      expect(listing.kernels.length).toBe(set.kernels);
      for (const k of listing.kernels) {
        const yaml = `launch: { threadsPerBlock: 64, registersPerThread: 64 }\nprogram: { sass: ${file}, kernel: ${k.name}, defaultTrips: 3 }`;
        const scenario = parseScenario(yaml, "<test>", [], { readFile: () => ({ file, text }) });
        const result = simulate(scenario);
        expect(`${k.name}: ${result.outcome.status}`).toBe(`${k.name}: completed`);
        expect(result.sm.instExecuted).toBeGreaterThan(0);
      }
    });
  }

  it("says what it did not simulate: calls, the jump table, unreached code", () => {
    const file = "validation/sass/robustness/sm_90.sass";
    const text = readFileSync(file, "utf8");
    const warnings = (kernel: string) =>
      parseScenario(`launch: { threadsPerBlock: 64 }\nprogram: { sass: ${file}, kernel: ${kernel}, defaultTrips: 3 }`, "<test>", [], { readFile: () => ({ file, text }) }).warnings.join("\n");
    expect(warnings("divide")).toMatch(/CALL.*the functions they call are not simulated/);
    expect(warnings("jump_table")).toMatch(/indirect branch.*BRX.*taken as falling through/);
    expect(warnings("print")).toMatch(/CALL/);
  });
});
