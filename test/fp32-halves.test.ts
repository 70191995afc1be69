import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../src/index.js";
import { run, scenarioYaml, unrolled } from "./helpers.js";

/**
 * sm_90's FP32 pipe is two 16-lane halves (ncu fmaheavy and fmalite), each busy 2 cycles per
 * warp-instruction; FFMA takes either (the lite half when both are free), IMAD only the heavy
 * half (2 cycles), IMAD.WIDE the heavy half for 4; an LDG holds its scheduler for 4 cycles.
 * The expected values below are derived by hand from those rules, or measured on the H100
 * (validation/microbench/pipe-probe/README.md).
 */

/** One warp per scheduler running `body` (independent instructions) `times` times. */
function oneWarp(body: string[], times: number, arch = "") {
  return run(scenarioYaml({ warpsPerScheduler: 1, arch, program: unrolled(body, times) }));
}

const chains = (op: string, n: number) => Array.from({ length: n }, (_, k) => `${op} R${10 + 2 * k}, R${40 + k}, R${50 + k}, R${10 + 2 * k}`);

describe("split FP32 pipe (sm_90)", () => {
  it("issues 8 independent FFMA chains at one per cycle, half on each half", () => {
    // 8 chains of latency 4: never a dependency stall; the halves alternate, each 2 cycles busy.
    const r = oneWarp(chains("FFMA", 8), 100, "resultDelayCycles: 0");
    const p = r.sm.pipes;
    expect(p.fmaheavy.instructions).toBe(4 * 400);
    expect(p.fmalite.instructions).toBe(4 * 400);
    expect(p.fma.instructions).toBe(4 * 800);
    expect(r.subpartitions[0].issueActive).toBeGreaterThan(0.99);
    expect(p.fma.activeFraction).toBeGreaterThan(0.99);
  });

  it("runs IMAD on the heavy half only, every 2 cycles (ILP-4 IMAD measured 2.06 cycles apart)", () => {
    const r = oneWarp(chains("IMAD", 8), 100, "resultDelayCycles: 0");
    expect(r.sm.pipes.fmalite.instructions).toBe(0);
    expect(r.subpartitions[0].issueActive).toBeCloseTo(0.5, 2);
  });

  it("keeps the heavy half 4 cycles per IMAD.WIDE", () => {
    const body = Array.from({ length: 8 }, (_, k) => `IMAD.WIDE.U32 R${10 + 2 * k}, R${40 + k}, 0x4, R${60 + 2 * k}`);
    const r = oneWarp(body, 100, "resultDelayCycles: 0");
    expect(r.subpartitions[0].issueActive).toBeCloseTo(0.25, 2);
    expect(r.sm.pipes.fmaheavy.activeFraction).toBeCloseTo(1, 2);
  });

  it("pairs IMAD (heavy) with FFMA (lite) at one per cycle", () => {
    const body = Array.from({ length: 4 }, (_, k) => [`IMAD R${10 + k}, R40, R41, R${10 + k}`, `FFMA R${20 + k}, R42, R43, R${20 + k}`]).flat();
    const r = oneWarp(body, 100, "resultDelayCycles: 0");
    expect(r.subpartitions[0].issueActive).toBeGreaterThan(0.99);
    expect(r.sm.pipes.fmalite.instructions).toBe(4 * 400);
  });

  it("is one undivided pipe with fmaHalves: null (IMAD then still 2 cycles, FFMA 1)", () => {
    const r = oneWarp(chains("FFMA", 8), 100, "resultDelayCycles: 0\nfmaHalves: null");
    expect(r.sm.pipes.fmalite.instructions).toBe(0);
    expect(r.sm.pipes.fmaheavy.instructions).toBe(4 * 800);
    expect(r.subpartitions[0].issueActive).toBeGreaterThan(0.99);
  });
});

describe("LDG dispatch hold (sm_90)", () => {
  it("holds the scheduler 4 cycles after an LDG: an independent FFMA issues at cycle 4, not 1", () => {
    const issued: number[] = [];
    const scenario = parseScenario(
      scenarioYaml({
        warpsPerScheduler: 1,
        memory: "latency: { kind: fixed, cycles: 100 }",
        program: "  LDG.E R0, [R2.64]\n  FFMA R10, R4, R5, R6\n  EXIT",
      }),
    );
    simulate(scenario, { hooks: { issue: [(cycle, smsp) => void (smsp === 0 && issued.push(cycle))], stateChange: [] } });
    expect(issued.slice(0, 2)).toEqual([0, 4]);
  });

  it("counts the other ready warps of the scheduler in dispatch_stall meanwhile", () => {
    // Two warps per scheduler, each LDG then an independent FFMA. The hold makes ready warps
    // wait in dispatch_stall; without the hold (dispatchCycles: 1) there is none.
    const program = unrolled(["LDG.E R0, [R2.64]", "FFMA R10, R4, R5, R6"], 4);
    const held = run(scenarioYaml({ warpsPerScheduler: 2, memory: "latency: { kind: fixed, cycles: 100 }", program }));
    const free = run(
      scenarioYaml({ warpsPerScheduler: 2, memory: "latency: { kind: fixed, cycles: 100 }", program, arch: "opcodes: { LDG: { latencyCycles: 0, dispatchCycles: 1 } }" }),
    );
    expect(held.sm.stalls.dispatch_stall.warpCycles).toBeGreaterThan(0);
    expect(free.sm.stalls.dispatch_stall.warpCycles).toBe(0);
  });
});

describe("the pipe probes replayed (H100 measurements, W = 64)", () => {
  // Issue active and fmaheavy / fmalite FFMAs per warp per loop trip, from ncu on the H100.
  const cases: [file: string, issue: number, heavyFfma?: number, liteFfma?: number][] = [
    ["ffma-rr", 1.0, 64, 64],
    ["mix-wide", 0.91, 57, 71],
    ["mix-narrow", 0.95, 61, 67],
    ["ld-l1-8", 0.86],
  ];
  for (const [file, issue, heavy, lite] of cases) {
    it(`${file}: issue active ${issue} within 0.03${heavy === undefined ? "" : `, FFMAs ${heavy}/${lite} on heavy/lite within 1`}`, () => {
      const text = readFileSync(`validation/microbench/pipe-probe/${file}.yaml`, "utf8");
      const r = simulate(parseScenario(text, file));
      expect(Math.abs(r.sm.issueActive - issue)).toBeLessThanOrEqual(0.03);
      if (heavy !== undefined && lite !== undefined) {
        const perTrip = 64 * 64; // 64 warps x 64 trips
        expect(Math.abs(r.sm.pipes.fmaheavy.instructions / perTrip - heavy)).toBeLessThanOrEqual(1);
        expect(Math.abs(r.sm.pipes.fmalite.instructions / perTrip - lite)).toBeLessThanOrEqual(1);
      }
    });
  }
});

describe("assembly: carry-out predicates", () => {
  it("treats `LEA R4, P1, ...` as writing P1, so a later reader waits for it", () => {
    // LEA writes P1 at cycle 0 (latency 4); the guarded FFMA reads P1: it issues at 4, not 1.
    const issued: number[] = [];
    const scenario = parseScenario(
      scenarioYaml({ warpsPerScheduler: 1, arch: "resultDelayCycles: 0", program: "  LEA R4, P1, R6, R7, 0x2\n  @P1 FFMA R10, R11, R12, R13\n  EXIT" }),
    );
    simulate(scenario, { hooks: { issue: [(cycle, smsp) => void (smsp === 0 && issued.push(cycle))], stateChange: [] } });
    expect(issued.slice(0, 2)).toEqual([0, 4]);
  });
});
