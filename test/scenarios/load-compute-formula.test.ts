import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../../src/index.js";
import { scenarioYaml, unrolled } from "../helpers.js";

/**
 * Each iteration: one load (fixed latency L), then c FFMAs that each need only the load.
 * Alone, a warp issues the load at t, the FFMAs at t+L .. t+L+c-1, and the next load at
 * t+L+c: c+1 instructions every P = L+c cycles. W warps share one scheduler, which issues at
 * most one instruction per cycle, so in steady state
 *
 *     utilization = min(1, W * (c + 1) / (L + c)).
 *
 * Below saturation this needs the bursts of different warps not to interleave, which is what
 * greedy-then-oldest does: a warp whose load has returned keeps the scheduler until its FFMAs
 * are done. At saturation, GTO keeps the scheduler busy with the oldest warps while the
 * youngest wait. Utilization is counted in a window of 20 periods from 10 periods in, while
 * every warp is still resident (the run lasts 40 periods or more), so start-up and the
 * starved warps' tail are outside it.
 */
function windowUtilization(W: number, c: number, L: number, scheduler = "gto", P = L + c): number {
  const body = ["LDG.E R0, [R2.64]", ...Array.from({ length: c }, (_, j) => `FFMA R${10 + j}, R0, R4, R5`)];
  const scenario = parseScenario(
    scenarioYaml({
      warpsPerScheduler: W,
      scheduler,
      // One issue per cycle for both pipes the body uses (one undivided FP32 pipe, no dispatch
      // hold after a load), and no result delay.
      arch:
        "pipes: { lsu: { lanes: 32 }, fma: { lanes: 32 } }\nfmaHalves: null\n" +
        "opcodes: { FFMA: { latencyCycles: 4 }, LDG: { latencyCycles: 0, dispatchCycles: 1 } }\nresultDelayCycles: 0",
      memory: `latency: { kind: fixed, cycles: ${L} }\nstoreLatency: { kind: fixed, cycles: 1 }`,
      program: unrolled(body, 40),
    }),
  );
  const from = 10 * P;
  const to = 30 * P;
  let issued = 0;
  let firstExit = Infinity;
  simulate(scenario, {
    hooks: {
      issue: [(cycle, smsp) => void (smsp === 0 && cycle >= from && cycle < to && issued++)],
      stateChange: [(cycle, _smsp, _warp, state) => void (state === -1 && (firstExit = Math.min(firstExit, cycle)))],
    },
  });
  expect(firstExit).toBeGreaterThanOrEqual(to);
  return issued / (to - from);
}

describe("load then c independent FFMAs: utilization = min(1, W(c+1)/(L+c))", () => {
  const cases: [W: number, c: number, L: number][] = [
    [1, 0, 100],
    [1, 4, 100],
    [2, 4, 100],
    [4, 8, 200],
    [8, 3, 60],
    [3, 7, 400],
    [8, 2, 400],
    [5, 9, 50], // exactly saturated: 5 x 10 = 50 + 9 - 9
    [8, 8, 40], // saturated
    [6, 4, 16], // saturated
  ];
  for (const [W, c, L] of cases) {
    it(`W = ${W}, c = ${c}, L = ${L}`, () => {
      const expected = Math.min(1, (W * (c + 1)) / (L + c));
      expect(windowUtilization(W, c, L)).toBeCloseTo(expected, 9);
    });
  }
});

describe("loose round-robin on the same kernel", () => {
  it("interleaves two warps' bursts, so each period is L + 2c instead of L + c", () => {
    // W = 2, c = 4, L = 100: the loads issue at t and t+1 and return at t+100 and t+101; LRR
    // alternates the two warps, so warp 0's FFMAs go at +100, +102, +104, +106 and its next
    // load at +108: 2 x 5 instructions every 108 cycles (GTO's would be every 104).
    expect(windowUtilization(2, 4, 100, "lrr", 108)).toBeCloseTo(10 / 108, 9);
  });
});
