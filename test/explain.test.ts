import { describe, expect, it } from "vitest";
import { cli } from "./cli/cli-helper.js";
import { parseScenario } from "../src/index.js";
import { explain } from "../src/run/explain.js";

/**
 * `warpsim explain` against Little's-law values derived by hand. sm_90: LDG's result after the
 * memory latency (fixed 400 here), FFMA 4, a taken loop branch 11 cycles to the loop's first
 * instruction and a not-taken one 8 to the next (docs/timing.md), EXIT leaves a cycle later.
 */
const loop = (launch: string) => `
launch: { ${launch} }
memory: { latency: { kind: fixed, cycles: 400 } }
program: |
  .loop 100
    LDG.E R8, [R2.64]
    FFMA R9, R9, R8, R4
  .endloop
  EXIT
`;

describe("warpsim explain", () => {
  it("reads a lone warp's latency and predicts W x r1 (latency-bound)", () => {
    // One iteration: LDG at t, FFMA at t + 400, BRA at t + 401, next LDG at t + 412. The last
    // BRA falls through to EXIT at t + 410 (latency 6, resolve 3), which leaves at t + 411:
    // 99 x 412 + 411 = 41,199 cycles for 3 x 100 + 1 = 301 instructions.
    const e = explain(parseScenario(loop("threadsPerBlock: 128, blocks: 8"), "loop.yaml"));
    if ("error" in e.loneWarp) throw new Error(e.loneWarp.error);
    expect(e.loneWarp.cyclesPerInstruction).toBeCloseTo(41199 / 301, 10);
    expect(e.loneWarp.latencies[0].state).toBe("long_scoreboard");
    // 100 waits of 399 cycles (LDG + 1 to the FFMA at + 400) per 301 instructions.
    expect(e.loneWarp.latencies[0].cyclesPerInstruction).toBeCloseTo((100 * 399) / 301, 10);
    expect(e.limiter).toBe("latency");
    expect(e.predicted).toBeCloseTo(e.simulated.warpsPerScheduler * (301 / 41199), 10);
    // 8 warps per scheduler, nearly all resident all run long: the prediction holds within 2 points.
    expect(Math.abs(e.predicted - e.simulated.issueActive)).toBeLessThan(0.02);
  });

  it("the next knob fills the SM with blocks, predicted by W' x r1 and checked by a run", () => {
    // 2 blocks of 4 warps: 2 warps per scheduler; the SM holds 16 such blocks (warps + registers).
    const e = explain(parseScenario(loop("threadsPerBlock: 128, blocks: 2"), "loop.yaml"));
    expect(e.knob?.fields).toEqual({ "launch.blocks": 16 });
    expect(e.knob?.predicted).toBeCloseTo(16 * (301 / 41199), 10);
    expect(Math.abs(e.knob!.simulated - e.knob!.predicted)).toBeLessThan(0.02);
  });

  it("bounds issue by a pipe's throughput: 4 independent DFMAs per trip on 16-lane FP64 take 2 cycles each", () => {
    // 100 trips of 4 DFMA + BRA, then EXIT: 501 instructions, 400 of them DFMA at 2 cycles each,
    // so the FP64 pipe allows 501 / 800 = 62.6% issue per scheduler.
    const text = `launch: { threadsPerBlock: 1024, blocks: 2 }
program: |
  .loop 100
    DFMA R2, R4, R6, R2
    DFMA R8, R4, R6, R8
    DFMA R10, R4, R6, R10
    DFMA R12, R4, R6, R12
  .endloop
  EXIT
`;
    const e = explain(parseScenario(text, "dfma.yaml"));
    expect(e.limiter).toBe("pipe:fp64");
    expect(e.bounds[0].issueActive).toBeCloseTo(501 / 800, 10);
    expect(Math.abs(e.simulated.issueActive - 501 / 800)).toBeLessThan(0.02);
  });

  it("bounds issue by bandwidth: loads per cycle from bytes per cycle, per scheduler", () => {
    // 64 B/cycle and 128 B per load: 0.5 loads per SM cycle; a third of the instructions are
    // loads (LDG, FFMA, BRA per trip): 0.5 / (1/3 x 4 schedulers) = 37.5% per scheduler (EXIT
    // makes the share 100/301, so 0.5 x 301 / 400 = 37.6%).
    const text = loop("threadsPerBlock: 1024, blocks: 2").replace("memory: { latency: { kind: fixed, cycles: 400 } }", "memory: { latency: { kind: fixed, cycles: 400 }, bytesPerCycle: 64 }");
    const e = explain(parseScenario(text, "bw.yaml"));
    const bandwidth = e.bounds.find((b) => b.term === "bandwidth");
    expect(bandwidth?.issueActive).toBeCloseTo((0.5 * 301) / 400, 10);
  });

  it("bounds issue by the shared-memory pipe: wavefronts per instruction, bank conflicts included", () => {
    // Per trip LDS (one wavefront), FFMA, BRA; with EXIT, 100 wavefronts over 301 instructions.
    // One wavefront per cycle for the SM and 4 schedulers: 301 / (100 x 4) = 75.3% per scheduler.
    const text = [
      "launch: { threadsPerBlock: 1024, blocks: 2 }",
      "program: |",
      "  .loop 100",
      "    LDS R8, [R2]",
      "    FFMA R9, R9, R8, R4",
      "  .endloop",
      "  EXIT",
    ].join("\n");
    const shared = explain(parseScenario(text, "lds.yaml")).bounds.find((b) => b.term === "shared-memory");
    expect(shared?.issueActive).toBeCloseTo(301 / 400, 10);
  });

  it("explains a kernel from its SASS, limited by its bank conflicts (the held-out GEMM)", async () => {
    const { resolve } = await import("node:path");
    const { loadScenario } = await import("../src/index.js");
    const { scratchDir, writeScenario } = await import("./cli/cli-helper.js");
    const file = writeScenario(
      scratchDir(),
      "gemm.yaml",
      [
        "launch: { threadsPerBlock: 128, blocks: 8, registersPerThread: 56, staticSharedMemPerBlock: 16384 }",
        "memory: { level: l2 }",
        `program: { sass: ${JSON.stringify(resolve("validation/sass/heldout/heldout.sass"))}, kernel: gemm_tc, trips: { "0x0600": 2, "0x0a00": 4 }, taken: { "0x00c0": 1 } }`,
      ].join("\n"),
    );
    const e = explain(loadScenario(file));
    // The lone warp reads the listing too (it used to fail for lack of a file reader).
    expect("issueRate" in e.loneWarp).toBe(true);
    expect(e.limiter).toBe("shared-memory");
    // The bound and the run agree within a few percent: the pipe is what limits it.
    expect(Math.abs(e.predicted - e.simulated.issueActive) / e.simulated.issueActive).toBeLessThan(0.1);
  });

  it("prints the reading and the JSON from the command line", async () => {
    const r = await cli("explain", "scenarios/latency-hiding/ilp1-w4.yaml");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/predicted +\d+\.\d%, limited by latency/);
    expect(r.stdout).toMatch(/next knob +launch 16 blocks instead of 4/);
    const json = JSON.parse((await cli("explain", "scenarios/fma-saturate.yaml", "--format", "json")).stdout);
    expect(json.limiter).toBe("issue");
  });
});

describe("warpsim explain from addresses (validation/memory)", () => {
  it("names the L2's write rate for the naive transpose, whose every store touches 32 lines", async () => {
    const r = await cli("explain", "--sass", "validation/memory/kernels.sass", "--kernel", "transpose_naive", "--grid", "64,64", "--block", "32,8", "--args", "ptr:16MiB,ptr:16MiB,i32:2048", "--format", "json");
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.limiter).toBe("l2-writes");
    // SM 0 runs 32 of the 64 x 64 blocks (4,096 / 132 = 31.03); each warp's 4 stores walk a column:
    // 32 lanes, 32 rows apart, 32 sectors each. 32 x 8 x 4 x 32 = 32,768 sectors.
    const bound = e.bounds.find((b: { term: string }) => b.term === "l2-writes");
    expect(bound.reading).toMatch(/stores wrote 32768 sectors/);
  });
});

describe("warpsim explain for a pipelined kernel: copies in flight (validation/async/copy_probe.cu)", () => {
  // One thread per block keeps `stages` copies of `bytes` in flight, reissuing each as it lands.
  const probe = async (bytes: number, stages: number) => {
    const args = `tmap(f16,64x131072,box 64x${bytes / 128}),16MiB,${bytes},${stages},200,0,1GiB,0,2KiB`;
    const r = await cli("explain", "--sass", "validation/async/copy_probe.sass", "--kernel", "copy_stream", "--grid", "132", "--block", "32", "--registers", "32", "--static-shared", "1024", "--shared-mem", String(stages * bytes + 1024), "--cache", "warm", "--args", args, "--format", "json");
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout).copies;
  };
  it("one stage: never more than the one copy in flight, and more stages can draw more", async () => {
    const c = await probe(16384, 1);
    expect(c.copies).toBe(200);
    expect(c.bytesPerCopy).toBe(16384);
    expect(c.bytesInFlight).toBeLessThanOrEqual(16384);
    expect(c.shareBinds).toBe(false);
  });
  it("six stages of 32 KiB: six copies in flight nearly all the time, at the copies' share", async () => {
    // The kernel keeps all six in flight but at its start and end; at the share the rate is 44.6.
    const c = await probe(32768, 6);
    expect(c.bytesInFlight / (6 * 32768)).toBeGreaterThan(0.9);
    expect(c.bytesInFlight / (6 * 32768)).toBeLessThanOrEqual(1);
    expect(c.shareBinds).toBe(true);
  });
});

describe("explain's advice is the best checked option, or says none helps (issue 33)", () => {
  it("starvation.yaml (72.2% now): 16 blocks simulate 60.2% and ILP 8 63.3%, so no knob is recommended", async () => {
    const r = await cli("explain", "scenarios/starvation.yaml");
    expect(r.stdout).toContain("next knob    none helps: the best checked, ILP 4 -> 8, simulates 63.3% against 72.2% now");
    expect(r.stdout).not.toContain("launch 16 blocks instead of 10");
  });
  it("a knob that helps is given with what its prediction leaves out", async () => {
    const r = await cli("explain", "scenarios/latency-hiding/ilp1-w4.yaml");
    expect(r.stdout).toMatch(/next knob    launch 16 blocks instead of 4 \(the SM holds 16\): predicted 24\.7%, simulated 23\.1%/);
    expect(r.stdout).toContain("it leaves out waves, the tail and the scheduler's queueing");
  });
});
