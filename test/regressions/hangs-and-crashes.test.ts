import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScenario, parseScenario, ScenarioError } from "../../src/index.js";
import { parseValues, parseVary } from "../../src/scenario/sweep.js";
import { simulateAsync } from "../../src/run/simulate.js";
import { runSweepDetailed } from "../../src/run/sweep/run-sweep.js";
import { expandSweep } from "../../src/scenario/sweep.js";
import { cli, scratchDir, writeScenario } from "../cli/cli-helper.js";

/** Regression tests for issues 17 and 18: hangs, crashes, lost work and unbounded input. */

const dir = scratchDir();
// Two warps of one block wait at a barrier for 64 threads' worth of warps... of a 32-thread block.
const deadlock = writeScenario(dir, "deadlock.yaml", `launch: {threadsPerBlock: 32}\nprogram: |\n  BAR.SYNC 0x0, 64\n  EXIT\n`);

describe("exit codes and messages of runs that cannot finish (issue 18.9, 16)", () => {
  it("run, report and sweep exit 2 on a deadlock and say which warps were stuck", async () => {
    const html = join(dir, "r.html");
    for (const args of [["run", deadlock], ["report", deadlock, "--html", html], ["sweep", deadlock, "--vary", "seed=1,2", "--jobs", "1"]]) {
      const r = await cli(...args);
      expect(r.code, args[0]).toBe(2);
      expect(r.stderr, args[0]).toMatch(/deadlock at cycle \d+.*warp 0 of block 0 \(SMSP 0\) in barrier at line 3 "BAR\.SYNC 0x0, 64"/);
    }
    expect(readFileSync(html, "utf8")).toMatch(/deadlock at cycle \d+ \(partial report/);
  });

  it("a warp held back by a deferred barrier that never completes is reported at the instruction it waits to issue", async () => {
    // The BAR lets the FFMA issue past it; EXIT waits for the release that never comes.
    const deferred = writeScenario(dir, "deadlock-deferred.yaml", `launch: {threadsPerBlock: 32}\nprogram: |\n  BAR.SYNC.DEFER_BLOCKING 0x0, 64\n  FFMA R1, R2, R3, R4\n  EXIT\n`);
    const r = await cli("run", deferred);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/deadlock at cycle 2: .*warp 0 of block 0 \(SMSP 0\) in barrier at line 5 "EXIT"/);
  });
});

describe("output folders that cannot be made (issue 18.6)", () => {
  it.runIf(existsSync("/proc/self"))("--chart /proc/x fails at once with the folder named", async () => {
    const r = await cli("run", "scenarios/single-warp-807.yaml", "--chart", "/proc/x");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot create the folder \/proc\/x/);
  });
});

describe("sweep sizes are checked before expanding (issue 18.7)", () => {
  it("a range of a billion values is refused without being built", () => {
    expect(() => parseValues("1..1000000000", "--vary launch.blocks")).toThrow(/at most 100000 values.*1000000000 values/);
    // A legal range still expands to its values.
    expect(parseValues("0..64:16", "x")).toEqual([0, 16, 32, 48, 64]);
  });
});

describe("sizes that allocate have stated limits (issues 17, 18.8)", () => {
  it("arch.maxWarpsPerSm beyond 256 is refused, naming the field", () => {
    expect(() => parseScenario(`arch: {preset: sm_90, maxWarpsPerSm: 10000000}\nlaunch: {threadsPerBlock: 32}\nprogram: "EXIT"\n`)).toThrow(
      /arch\.maxWarpsPerSm: expected a value <= 256, found 10000000/,
    );
  });

  it("launch.residentBlocks of a billion is refused", () => {
    expect(() => parseScenario(`launch: {threadsPerBlock: 32, residentBlocks: 1000000000}\nprogram: "EXIT"\n`)).toThrow(/launch\.residentBlocks: expected a value <= 256/);
  });

  it("a generator asked for a million FFMAs per load is refused before generating", () => {
    expect(() =>
      parseScenario(`launch: {threadsPerBlock: 32}\nprogram: {generator: load-compute, ilp: 4, computePerLoad: 1000000, iterations: 1}\n`),
    ).toThrow(/program\.computePerLoad: expected a generated program of at most 2000000 instructions.*4000010 instructions/);
  });
});

describe("sweep field paths (issue 18.11)", () => {
  it("__proto__ is refused and Object.prototype stays clean", () => {
    expect(() => parseVary("__proto__.x=1")).toThrow(/a field path of scenario field names/);
    expect(() => parseVary("launch.constructor.prototype=1")).toThrow(ScenarioError);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("hostile files (issues 17, 18.12)", () => {
  it("a megabyte of binary junk gets one short error", async () => {
    const bytes = Buffer.alloc(1 << 20);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    const junk = writeScenario(dir, "junk.bin", bytes as unknown as string);
    const r = await cli("run", junk);
    expect(r.code).toBe(1);
    expect(r.stderr.length).toBeLessThan(400);
    expect(r.stderr).toMatch(/junk\.bin, line 1: expected a text file \(YAML or JSON, UTF-8\), found binary data/);
  });

  it("a YAML alias bomb through the library API throws ScenarioError with a line", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 8; i++) levels.push(`l${i}: &l${i} [${Array(9).fill(i === 1 ? "*a" : `*l${i - 1}`).join(", ")}]`);
    const bomb = `${levels.join("\n")}\nlaunch: {threadsPerBlock: 32}\nprogram: "EXIT"\n`;
    let error: unknown;
    try {
      parseScenario(bomb, "bomb.yaml");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).toMatch(/bomb\.yaml, line 2: expected YAML whose aliases/);
  });

  it("an error lists at most 20 problems and counts the rest", () => {
    const body = Array.from({ length: 50 }, () => "BOGUS R1").join("\n");
    expect(() => parseScenario(`launch: {threadsPerBlock: 32}\nprogram: |\n${body.replace(/^/gm, "  ")}\n  EXIT\n`)).toThrow(/\.\.\. and 30 more problems/);
  });
});

describe("stopping on request (issues 17, 18.10)", () => {
  it("an aborted run returns a partial result marked interrupted, with invariants intact", async () => {
    const scenario = loadScenario("scenarios/latency-hiding/ilp4-w16.yaml");
    const controller = new AbortController();
    const r = await simulateAsync(scenario, { signal: controller.signal, onProgress: () => controller.abort() });
    expect(r.outcome.status).toBe("interrupted");
    expect(r.cycles).toBeGreaterThan(0);
    for (const sp of r.subpartitions) expect(sp.instExecuted).toBeLessThanOrEqual(sp.activeCycles);
  });

  it("an interrupted sweep keeps the rows of the configurations that finished", async () => {
    const text = readFileSync("scenarios/single-warp-807.yaml", "utf8");
    const controller = new AbortController();
    const configurations = expandSweep([parseVary("seed=1..5")]);
    const result = await runSweepDetailed({
      text,
      file: "807",
      configurations,
      jobs: 1,
      signal: controller.signal,
      onProgress: (done) => done === 2 && controller.abort(),
    });
    expect(result.interrupted).toBe(true);
    expect(result.rows.map((r) => r.seed)).toEqual([1, 2]);
  });
});

describe("pipes closed by the reader (issue 16)", () => {
  it("`warpsim help run | head -1` ends quietly", () => {
    const out = spawnSync("sh", ["-c", "node bin/warpsim.js help run | head -1"], { encoding: "utf8" });
    expect(out.stderr).toBe("");
    expect(out.stdout).toMatch(/^Usage: warpsim run/);
    expect(execFileSync("node", ["bin/warpsim.js", "--version"], { encoding: "utf8" }).trim()).toBe("0.1.0");
  });
});

describe("loops per program are bounded (issue 17)", () => {
  it("a program of 70,000 loops is refused: every warp would keep 70,000 trip counters", () => {
    const body = Array.from({ length: 70_000 }, () => ".loop 2\nNOP\n.endloop").join("\n");
    expect(() => parseScenario(`launch: {threadsPerBlock: 32}\nprogram: |\n${(body + "\nEXIT").replace(/^/gm, "  ")}\n`)).toThrow(/at most 65536 loops in a program/);
  });
});
