import fc from "fast-check";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, scratchDir, writeScenario } from "../cli/cli-helper.js";
import { parseScenario, simulate, WarpsimError } from "../../src/index.js";
import { aliasBomb, binaryJunk, program, scenarioObject, straightProgram, validSetup } from "./generators.js";
import { classify, type FuzzClass } from "./harness.js";

/**
 * Fuzzing the scenario loader and the engine: every input either simulates with sane metrics
 * or gets a clean error (file, line or field, what was expected). A fixed seed and a small
 * budget here; FUZZ_RUNS=5000 npm run fuzz runs a larger one and prints the counts per class.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const counts: Record<FuzzClass, number> = { ok: 0, clean_error: 0, crash: 0, bad_metrics: 0, slow: 0 };
const failures: string[] = [];

function check(text: string): boolean {
  const outcome = classify(text);
  counts[outcome.kind]++;
  if (outcome.kind === "ok" || outcome.kind === "clean_error") return true;
  if (failures.length < 5) failures.push(`${outcome.kind}: ${outcome.detail}\n--- input ---\n${text.slice(0, 600)}`);
  return process.env.FUZZ_REPORT !== undefined; // a report run counts every class, fails none
}

const property = (arb: fc.Arbitrary<string>) => fc.assert(fc.property(arb, check), { numRuns: RUNS, seed: SEED, endOnFailure: true });

describe("fuzz: hostile scenarios get a clean error or a sane result", () => {
  it("scenarios with odd field values (JSON)", () => property(scenarioObject.map((o) => JSON.stringify(o))), 300_000);
  it("programs of random instructions, operands and directives", () =>
    property(program.map((p) => `launch: {threadsPerBlock: 64, registersPerThread: 255}\nmemory: {latency: {kind: fixed, cycles: 50}}\nprogram: |\n${p.replace(/^/gm, "  ")}\n`)), 300_000);
  it("YAML alias bombs", () => property(aliasBomb), 300_000);
  it("binary junk", () => property(binaryJunk), 300_000);
  it("straight-line programs issue length x warps instructions, whatever the launch and policy", () => {
    fc.assert(
      fc.property(straightProgram, validSetup, (lines, s) => {
        const text = [
          `launch: {threadsPerBlock: ${s.threadsPerBlock}, blocks: ${s.blocks}, registersPerThread: 64}`,
          `memory: {latency: {kind: fixed, cycles: ${s.latency}}}`,
          `scheduler: ${s.scheduler}`,
          `seed: ${s.seed}`,
          "program: |",
          ...[...lines, "EXIT"].map((l) => `  ${l}`),
        ].join("\n");
        if (!check(text)) return false;
        const r = simulate(parseScenario(text));
        // Every warp of every block issues each line once, then EXIT.
        return r.outcome.status === "completed" && r.sm.instExecuted === (lines.length + 1) * Math.ceil(s.threadsPerBlock / 32) * s.blocks;
      }),
      { numRuns: Math.max(20, Math.round(RUNS / 3)), seed: SEED },
    );
  }, 300_000);
  it("report", () => {
    if (process.env.FUZZ_REPORT !== undefined) console.log(`fuzz counts (${RUNS} runs per property, seed ${SEED}):`, counts, failures.join("\n\n"));
    expect(failures).toEqual([]);
  });
});

describe("fuzz: the CLI never prints a stack trace", () => {
  const dir = scratchDir();
  const flag = fc.oneof(
    fc.constantFrom("--format", "--seed", "--max-cycles", "--out", "--chart", "--trace", "--trace-window", "--vary", "--jobs", "--threads", "--regs", "--smem", "--arch", "--html", "--bogus"),
    fc.constantFrom("json", "csv", "table", "0", "-1", "1e3", "abc", "1..3", "seed=1,2", "launch.blocks=1..2", "__proto__.x=1", "x=", "10:5", ":"),
  );
  it("random arguments to run, sweep, report and occupancy", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("run", "sweep", "report", "occupancy"), scenarioObject, fc.array(flag, { maxLength: 6 }), async (command, scenario, flags) => {
        const file = writeScenario(dir, "cli-fuzz.yaml", JSON.stringify(scenario));
        // Output paths stay inside the scratch folder.
        const args = flags.map((f, i) => (["--out", "--chart", "--trace", "--html"].includes(flags[i - 1] ?? "") ? join(dir, f) : f));
        const withJobs = command === "sweep" ? ["--jobs", "1", "--max-cycles", "20000"] : command === "occupancy" ? [] : ["--max-cycles", "20000"];
        const r = await cli(command, ...(command === "occupancy" ? [] : [file]), ...withJobs, ...args);
        return [0, 1, 2].includes(r.code) && !/\n\s+at /.test(r.stderr);
      }),
      { numRuns: Math.max(10, Math.round(RUNS / 5)), seed: SEED },
    );
  }, 300_000);
});

describe("the scheduler's shortcut picks what a full rescan picks (issue 13)", () => {
  it("random programs, launches and every policy: identical results with and without the shortcut", () => {
    const loopBody = fc.array(fc.constantFrom("FFMA R1, R1, R2, R3", "IADD3 R4, R4, 1, RZ", "LDG.E R8, [R2.64]", "FFMA R9, R8, R9, R3", "MUFU.RSQ R10, R9", "DFMA R12, R12, R14, R12", "BAR.SYNC 0", "BAR.SYNC.DEFER_BLOCKING 0", "LDS R6, [R7]"), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(loopBody, validSetup, fc.integer({ min: 1, max: 6 }), (body, s, trips) => {
        const text = [
          `launch: {threadsPerBlock: ${s.threadsPerBlock}, blocks: ${s.blocks}, registersPerThread: 64}`,
          `memory: {latency: {kind: uniform, min: 20, max: ${20 + s.latency}}}`,
          `scheduler: ${s.scheduler}`,
          `seed: ${s.seed}`,
          "program: |",
          `  .loop ${trips}`,
          ...body.map((l) => `    ${l}`),
          "  .endloop",
          "  EXIT",
        ].join("\n");
        const scenario = parseScenario(text);
        // The default (candidate masks, src/sm/candidate-masks.ts), the candidate list with its
        // scans skipped while nothing changed, and a full rescan every cycle.
        const masks = JSON.stringify(simulate(scenario));
        const list = JSON.stringify(simulate(scenario, { candidateMasks: false }));
        const reference = JSON.stringify(simulate(scenario, { referenceScan: true }));
        return masks === reference && list === reference;
      }),
      { numRuns: Math.max(30, Math.round(RUNS / 2)), seed: SEED },
    );
  }, 300_000);
});

describe("fuzz: hostile input, round three (issue 34)", () => {
  const hostile = fc.constantFrom<unknown>(NaN, -1, -100, Infinity, -Infinity, 0, 0.5, "abc", null, undefined, 1e15, {});
  // Fields of a loaded scenario a library caller might change by hand, and simulate()'s options.
  const field = fc.constantFrom(
    ["launch", "blocks"], ["launch", "threadsPerBlock"], ["launch", "registersPerThread"], ["residentBlocks"], ["seed"], ["scheduler"],
    ["loadLatency", "cycles"], ["storeLatency", "cycles"], ["memoryLimits", "bytesPerCycle"], ["arch", "warpLaunchIntervalCycles"], ["arch", "memoryLevels", "l2HitCycles"],
    ["options", "maxCycles"], ["options", "seed"],
  );
  const base = parseScenario("launch: {threadsPerBlock: 64, blocks: 2}\nmemory: {latency: {kind: fixed, cycles: 30}}\nprogram: |\n  LDG.E R2, [R4.64]\n  FFMA R3, R2, R2, R2\n  EXIT\n", "fuzz.yaml");
  it("API objects with hostile values: simulate() returns a sane result or throws warpsim's own error", () => {
    fc.assert(
      fc.property(field, hostile, (path, value) => {
        const set = (o: Record<string, unknown>, p: readonly string[]): Record<string, unknown> => (p.length === 1 ? { ...o, [p[0]]: value } : { ...o, [p[0]]: set(o[p[0]] as Record<string, unknown>, p.slice(1)) });
        const options = path[0] === "options" ? { maxCycles: 200_000, [path[1]]: value } : { maxCycles: 200_000 };
        const scenario = path[0] === "options" ? base : (set(base as unknown as Record<string, unknown>, path) as unknown as typeof base);
        try {
          const r = simulate(scenario, options as never);
          const ok = Number.isFinite(r.cycles) && r.cycles >= 0 && r.sm.instExecuted >= 0 && !JSON.stringify(r).includes("null");
          counts[ok ? "ok" : "bad_metrics"]++;
          return ok;
        } catch (e) {
          const clean = e instanceof WarpsimError && /expected/.test(e.message);
          counts[clean ? "clean_error" : "crash"]++;
          if (!clean && failures.length < 5) failures.push(`${path.join(".")} = ${String(value)}: ${(e as Error).name}: ${(e as Error).message}`);
          return clean || process.env.FUZZ_REPORT !== undefined;
        }
      }),
      { numRuns: Math.max(40, RUNS), seed: SEED },
    );
  }, 300_000);

  const dir = scratchDir();
  it("special files as scenario, listing, ncu export and sweep part: exit 1, the file named, no stack trace", async () => {
    const fifo = join(dir, "a-pipe");
    execFileSync("mkfifo", [fifo]);
    const special = fc.constantFrom("/dev/zero", "/dev/urandom", "/dev/null", dir, fifo);
    const use = fc.constantFrom<(f: string) => string[]>(
      (f) => ["run", f],
      (f) => ["sass", f],
      (f) => ["run", "--sass", f],
      (f) => ["merge", f],
      (f) => ["compare", "--ncu", f, "scenarios/single-warp-807.yaml"],
    );
    await fc.assert(
      fc.asyncProperty(special, use, async (file, args) => {
        const r = await cli(...args(file));
        return r.code === 1 && r.stderr.includes(file) && !/\n\s+at /.test(r.stderr);
      }),
      { numRuns: 25, seed: SEED },
    );
  }, 300_000);

  it("mutated ncu exports: compare answers or refuses in one paragraph, never a stack trace", async () => {
    const text = readFileSync("test/fixtures/ncu/dram_k4_f16_w32.raw.csv", "utf8");
    const lines = text.split("\n");
    const mutation = fc.oneof(
      fc.integer({ min: 0, max: 400 }).map((col) => lines.map((l) => l.split('","').filter((_, i) => i !== col).join('","')).join("\n")), // a column dropped
      fc.constant(lines.filter((_, i) => i !== 1).join("\n")), // no units row
      fc.constant(text.replace(/"void ld_chain[^"]*"/g, '""')), // no kernel name
      fc.integer({ min: 0, max: text.length - 1 }).map((at) => text.slice(0, at)), // cut short
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (csv) => {
        const file = writeScenario(dir, "mutated.csv", csv);
        const r = await cli("compare", "--ncu", file, "validation/ncu-compare/dram_k4_f16_w32.yaml");
        return [0, 1].includes(r.code) && !/\n\s+at /.test(r.stderr);
      }),
      { numRuns: 20, seed: SEED },
    );
  }, 300_000);
  it("report (round three)", () => {
    if (process.env.FUZZ_REPORT !== undefined) console.log(`fuzz counts with the API property (${Math.max(40, RUNS)} runs):`, counts, failures.join("\n"));
    expect(failures).toEqual([]);
  });
});
