import { describe, expect, it } from "vitest";
import { loadScenario, simulate } from "../src/index.js";
import { run } from "./helpers.js";

/**
 * Adding a warp can lower issue utilization under the age-priority policies (gto, oldest,
 * oldest-block): near saturation the older warps take every issue slot, the youngest starves,
 * and then runs alone, latency-bound, after they finish (docs/scheduling.md, "Starvation").
 * A fair policy has no such dip: with no bandwidth limit, more warps never hurt.
 */
const scenario = (o: { scheduler: string; blocks: number; latency: number; ilp: number; computePerLoad: number; iterations: number }) => `
arch: sm_90
launch: { threadsPerBlock: 128, blocks: ${o.blocks}, registersPerThread: 32 }
memory: { latency: { kind: fixed, cycles: ${o.latency} } }
scheduler: ${o.scheduler}
program: { generator: load-compute, ilp: ${o.ilp}, computePerLoad: ${o.computePerLoad}, iterations: ${o.iterations} }
`;

describe("warps added never lower utilization under a fair policy (issue 17 property)", () => {
  for (const latency of [400, 800]) {
    for (const ilp of [1, 4]) {
      for (const computePerLoad of [8, 32]) {
        it(`lrr, latency ${latency}, ILP ${ilp}, ${computePerLoad} FFMA per load: 1..16 warps per scheduler`, () => {
          let previous = 0;
          for (let blocks = 1; blocks <= 16; blocks++) {
            const r = run(scenario({ scheduler: "lrr", blocks, latency, ilp, computePerLoad, iterations: 12 }));
            expect(r.sm.issueActive, `${blocks} warps per scheduler`).toBeGreaterThanOrEqual(previous - 0.01);
            previous = r.sm.issueActive;
          }
        });
      }
    }
  }
});

describe("starvation under greedy-then-oldest (issue 18, documented)", () => {
  const at = (blocks: number) => run(scenario({ scheduler: "gto", blocks, latency: 400, ilp: 4, computePerLoad: 8, iterations: 32 }));

  it("10 -> 11 warps per scheduler at latency 400, ILP 4: utilization falls, and the warp lifetimes show why", () => {
    const ten = at(10);
    const eleven = at(11);
    expect(eleven.sm.issueActive).toBeLessThan(ten.sm.issueActive - 0.2);
    // At 10 warps all finish together: each warp's 32 iterations are latency-bound.
    expect(ten.warpLifetimes.maxCycles / ten.warpLifetimes.minCycles).toBeLessThan(1.1);
    // At 11 the youngest waits for the others and then still needs its 32 load round trips of
    // 400 cycles each, alone.
    expect(eleven.warpLifetimes.maxCycles).toBeGreaterThanOrEqual(eleven.warpLifetimes.minCycles + 32 * 400);
  });
});

describe("Warp Cycles Per Issued Instruction (ncu's headline stall figure)", () => {
  it("is the warp's lifetime per instruction for one warp: 807 cycles / 4 instructions", () => {
    const r = simulate(loadScenario("scenarios/single-warp-807.yaml"));
    expect(r.sm.warpCyclesPerIssue).toBe(807 / 4);
    expect(r.warpLifetimes).toEqual({ exitedWarps: 1, minCycles: 807, meanCycles: 807, maxCycles: 807 });
  });
});
