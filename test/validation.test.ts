import { describe, expect, it } from "vitest";
import { configOf, readValidationData, summarize, validate } from "../src/run/validate.js";
import { BENCH_SASS_FIXTURES, benchRowScenario } from "../src/run/bench-sass.js";
import { readSassFixtures } from "../src/run/sass-fixtures.js";
import { impliedTails } from "../src/run/memory-tails.js";
import { resolveScenario } from "../src/scenario/resolve.js";
import { scenarioSchema } from "../src/scenario/schema.js";
import { readerBeside } from "../src/scenario/load.js";
import { benchAssembly } from "../src/program/generators/h100-kernels.js";
import { Program, dynamicLengthOf } from "../src/program/program.js";
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

describe("the H100 microbenchmarks run from their own SASS (validation/microbench/bench-sass)", () => {
  const fixtures = readSassFixtures(BENCH_SASS_FIXTURES);
  it("hold every measured instantiation, and a warp executes ncu's count but the divergent block's second BSYNC", () => {
    // ncu: inst_executed / warps_launched = inst_per_warp. On the H100 lane 0 runs the record
    // block alone and the warp executes the BSYNC after it once per path; warpsim runs one path.
    for (const r of data) {
      const { fields, source } = benchRowScenario({ ...configOf(r), warpsPerSm: 1, threadsPerBlock: 32 }, fixtures);
      expect(source).toBe("sass");
      const resolved = resolveScenario(scenarioSchema.parse(fields), { file: "t", readFile: readerBeside(fixtures.listing) });
      if (!resolved.ok) throw new Error(JSON.stringify(resolved.issues));
      expect(dynamicLengthOf(resolved.scenario.program)).toBe(Number(r.inst_per_warp) - 1);
    }
  });
  it("falls back to the generated program for an instantiation the listing lacks", () => {
    const { source, fields } = benchRowScenario({ ...configOf(data[0]), kernel: "ld_chain", K: 3, F: 0 }, fixtures);
    expect(source).toBe("generated");
    expect(typeof fields.program).toBe("string");
  });
});

describe("the latency tails of the sm_90 preset", () => {
  it("are the ones src/run/memory-tails.ts derives from the one-warp-per-scheduler rows", () => {
    const { tail, estimates } = impliedTails(data);
    // K = 4 and 8, F = 0 and 16, W = 1, 2 and 4, for L2 and DRAM.
    expect(estimates).toHaveLength(24);
    expect(PRESETS.sm_90.memoryLevels.l2TailCycles).toBe(tail.l2);
    expect(PRESETS.sm_90.memoryLevels.dramTailCycles).toBe(tail.dram);
  });
});

describe("issue 12's targets, on the microbenchmarks and the warm SASS capture together", () => {
  it("issue active MAE <= 2 points, worst row <= 6, eligible MRE <= 8%, active cycles MAPE <= 4%, dominant stall >= 95%", () => {
    const sass = "validation/sass/data-warm/summary.csv";
    const rows = [...validate(data, "micro").rows, ...validate(readValidationData(sass), sass, undefined, readSassFixtures("validation/sass/kernels.json")).rows];
    const s = summarize(rows);
    // Reached with the micro family run from its own SASS (docs/validation.md, "Errors"):
    // MAE 0.84, worst 5.78, MRE 6.4%, MAPE 3.56%, dominant 152 of 156; with SASS branches
    // waiting their stall counts 0.81, 5.78, 6.2%, 3.45%, 153.
    expect(s.rows).toBe(156);
    expect(s.issueActiveMaePoints).toBeLessThanOrEqual(2);
    expect(s.issueActiveWorstPoints).toBeLessThanOrEqual(6);
    expect(s.warpsEligibleMre).toBeLessThanOrEqual(0.08);
    expect(s.cyclesActiveMape).toBeLessThanOrEqual(0.04);
    expect(s.dominantStallMatches / s.rows).toBeGreaterThanOrEqual(0.95);
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
    // Reached on this subset with every kernel run from its own SASS and the latency tails
    // derived on those runs: MAE 0.68 points, worst 4.7, eligible MRE 5.6%, MAPE 2.9%, dominant
    // stall 60 of 60 (with the generated programs and the old tails: 0.81, 3.6, 7.7%, 3.6%;
    // before the split FP32 pipe and the LDG dispatch hold: 1.11, 8.7, 8.1%, 4.2%).
    expect(s.issueActiveMaePoints).toBeLessThanOrEqual(0.75);
    expect(s.cyclesActiveMape).toBeLessThanOrEqual(0.033);
    expect(s.warpsEligibleMre).toBeLessThanOrEqual(0.065);
    expect(s.issueActiveWorstPoints).toBeLessThanOrEqual(5.5);
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
