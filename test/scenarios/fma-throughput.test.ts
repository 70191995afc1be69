import { describe, expect, it } from "vitest";
import { run, scenarioYaml, unrolled } from "../helpers.js";

/**
 * FFMA only, latency 4, one issue per cycle: a warp with k independent chains has k FFMAs
 * ready every 4 cycles, so n such warps per scheduler keep it busy a fraction min(1, n*k/4)
 * of the cycles (Little's law with latency 4 and concurrency n*k).
 *
 * Loose round-robin keeps the n warps in step, so all of them are resident for the whole run.
 * (Greedy-then-oldest runs the oldest warps first: with n*k > 4 the youngest starve until the
 * oldest finish, and the tail runs with fewer warps; see the GTO test below.)
 */
describe("FMA-only issue utilization equals min(1, n*k/4)", () => {
  const cases: [n: number, k: number][] = [
    [1, 1], [2, 1], [3, 1], [4, 1], [6, 1], [1, 2], [1, 3], [1, 4], [2, 2], [3, 2], [1, 8], [8, 4],
  ];
  for (const [n, k] of cases) {
    it(`n = ${n} warps per scheduler, k = ${k} chains`, () => {
      const chains = Array.from({ length: k }, (_, j) => `FFMA R${10 + j}, R${10 + j}, R4, R5`);
      const yaml = scenarioYaml({
        warpsPerScheduler: n,
        arch: "opcodes: { FFMA: { latencyCycles: 4, issueCycles: 1 } }\nresultDelayCycles: 0",
        scheduler: "lrr",
        program: unrolled(chains, Math.ceil(2400 / k)),
      });
      const r = run(yaml);
      const expected = Math.min(1, (n * k) / 4);
      for (const sp of r.subpartitions) expect(Math.abs(sp.issueActive - expected)).toBeLessThanOrEqual(0.01);
    });
  }
});

describe("greedy-then-oldest on the same kernel", () => {
  it("starves the youngest warps: 6 warps x 1 chain run as 4 at full rate, then 2 at half rate", () => {
    // With 6 warps and latency 4, GTO rotates among the 4 oldest (each ready every 4 cycles),
    // so they issue 2400 FFMAs each in 4 x 2400 cycles while warps 5 and 6 wait; then those two
    // issue 2 per 4 cycles for another 4 x 2400 cycles: (6 x 2400) / (2 x 9600) = 0.75.
    const yaml = scenarioYaml({
      warpsPerScheduler: 6,
      arch: "opcodes: { FFMA: { latencyCycles: 4, issueCycles: 1 } }\nresultDelayCycles: 0",
      scheduler: "gto",
      program: unrolled(["FFMA R10, R10, R4, R5"], 2400),
    });
    const sp = run(yaml).subpartitions[0];
    expect(sp.issueActive).toBeCloseTo(0.75, 3);
  });
});
