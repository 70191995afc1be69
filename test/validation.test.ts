import { describe, expect, it } from "vitest";
import { readValidationData, summarize, validate } from "../src/run/validate.js";
import { benchAssembly } from "../src/program/generators/h100-kernels.js";
import { Program } from "../src/program/program.js";
import { parseAssembly } from "../src/program/parse.js";
import { PRESETS } from "../src/index.js";

const data = readValidationData("validation/h100/data/summary.csv");

describe("the H100 microbenchmarks rebuilt from their SASS", () => {
  it("execute exactly the measured instructions per warp (ncu inst_executed / warps_launched)", () => {
    for (const r of data) {
      const config = {
        kernel: r.kernel as "fma_chain" | "ld_chain",
        variant: r.variant,
        K: Number(r.K),
        F: Number(r.F),
        warpsPerSm: 1,
        threadsPerBlock: 32,
        blocks: 132,
        dynSmemBytes: 0,
        iters: Number(r.iters),
      };
      // Without inst_per_warp the overhead comes from the README's table; it must agree.
      const parsed = parseAssembly(benchAssembly(config), { file: "t", path: [], lineOffset: 0 });
      if (!parsed.ok) throw new Error("generator produced bad assembly");
      expect(new Program(parsed.program, PRESETS.sm_90).dynamicLength()).toBe(Number(r.inst_per_warp));
    }
  });
});

describe("the stall counts of ld_chain's loop (the SASS's control codes)", () => {
  const loop = (K: number, F: number) => {
    const text = benchAssembly({ kernel: "ld_chain", variant: "l2", K, F, warpsPerSm: 1, threadsPerBlock: 32, blocks: 132, dynSmemBytes: 0, iters: 2 });
    const body = text.slice(text.indexOf(".loop"), text.indexOf(".endloop")).split("\n").slice(1, -1);
    return body.map((l) => ({ stall: Number(/\[S(\d+)\]/.exec(l)?.[1] ?? 1), op: l.replace(/\[S\d+\]/, "").trim().split(/[ .]/)[0] }));
  };
  it("spans the load phase of ld_chain<4,0> as the SASS does: last LDG 18 cycles after the first IMAD.WIDE, LDGs 4 apart", () => {
    // steady-probe/sass-control.txt, ld_chain<4,0>: IMAD.WIDE S4, IMAD.WIDE S1, LDG S3, IMAD.WIDE S2, LDG S2,
    // IMAD.WIDE S2, LDG S4, LDG S1: the LDGs issue at 5, 10, 14, 18.
    const body = loop(4, 0).filter((i) => i.op !== "LDC");
    let t = 0;
    const loads: number[] = [];
    for (const i of body.slice(0, 8)) {
      if (i.op === "LDG") loads.push(t);
      t += i.stall;
    }
    expect(loads[3]).toBe(18);
    for (let k = 1; k < 4; k++) expect(loads[k] - loads[k - 1]).toBeGreaterThanOrEqual(4);
    // Then UIADD3 S6 and, with F = 0, ISETP S13 before the BRA.
    expect(body.slice(8).map((i) => `${i.op} S${i.stall}`)).toEqual(["UIADD3 S6", "ISETP S13"]);
  });
  it("puts the LOP3s of ld_chain<8,16> 2 cycles apart, the last 1 before the BRA", () => {
    const lops = loop(8, 16).filter((i) => i.op === "LOP3");
    expect(lops.map((i) => i.stall)).toEqual([2, 2, 2, 2, 2, 2, 2, 1]);
  });
});

/**
 * Regression guard: a subset (every other W) of the bundled H100 data must stay at least as
 * close to the hardware as the model is now (docs/validation.md records the full-set errors
 * and which targets are not met yet). The thresholds are the errors this model reached on the
 * subset when this test was written, plus a small margin; a model change that moves them must
 * say so.
 */
describe("warpsim validate on a subset of the bundled H100 data", () => {
  const subset = data.filter((r) => ["1", "4", "16", "64"].includes(r.warps_per_sm));
  const report = validate(subset, "subset");

  it("keeps issue active within 3 points on average (the target)", () => {
    expect(report.summary.issueActiveMaePoints).toBeLessThanOrEqual(3);
  });
  it("does not regress on the other errors", () => {
    const s = summarize(report.rows);
    // Reached on this subset with ld_chain's loop in the SASS's order with its stall counts
    // (before: MAE 0.87 points, worst 4.6, eligible MRE 9.0%, MAPE 4.1%; before the split FP32
    // pipe and the LDG dispatch hold: 1.11, 8.7, 8.1%, 4.2%): MAE 0.81 points, worst 3.6,
    // eligible MRE 7.7%, MAPE 3.6%, dominant stall 60 of 60.
    expect(s.issueActiveMaePoints).toBeLessThanOrEqual(0.9);
    expect(s.cyclesActiveMape).toBeLessThanOrEqual(0.04);
    expect(s.warpsEligibleMre).toBeLessThanOrEqual(0.085);
    expect(s.issueActiveWorstPoints).toBeLessThanOrEqual(8);
    expect(s.dominantStallMatches).toBe(s.rows);
  });
  it("maps every warp state onto an ncu stall reason: per issue they add up to warps active / issue active", () => {
    // Each active warp is in one state per cycle, so the states' warp-cycles per issued
    // instruction sum to (warps active x active cycles) / instructions. A state missing from
    // the mapping to ncu's names would break the sum.
    for (const r of report.rows) {
      const sum = Object.values(r.predicted.stallPerIssue).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(r.predicted.warpsActive / r.predicted.issueActive, 6);
    }
  });
});
