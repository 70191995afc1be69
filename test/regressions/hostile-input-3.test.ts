import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, LaunchError, loadScenario, occupancy, parseScenario, PRESETS, ScenarioError, simulate } from "../../src/index.js";
import { unitScale } from "../../src/ncu/read-export.js";
import { cli, scratchDir } from "../cli/cli-helper.js";

/** Issue 34, "Hostile input, round three": each point's regression test (each failed before its fix). */
const dir = scratchDir();
const noStack = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at /);

describe("1. special files are refused, not read until memory runs out", () => {
  it("a character device as the scenario: exit 1 naming it (was std::bad_alloc, exit 134)", async () => {
    const r = await cli("run", "/dev/zero");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("/dev/zero is a character device");
    noStack(r.stderr);
  });
  it("loadScenario of /dev/urandom throws a ScenarioError", () => {
    expect(() => loadScenario("/dev/urandom")).toThrow(ScenarioError);
  });
  it("a named pipe is refused at once instead of waiting for a writer forever", async () => {
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    const r = await cli("run", "--sass", fifo);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is a named pipe");
  }, 10_000);
});

describe("2. no stack traces for directories and full disks", () => {
  it("a directory as program.sass names the field", async () => {
    const file = join(dir, "dir-sass.yaml");
    writeFileSync(file, `launch: {threadsPerBlock: 32, blocks: 1}\nprogram: { sass: . }\n`);
    const r = await cli("run", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/field program\.sass: .* is a directory/);
    noStack(r.stderr);
  });
  it("--trace /dev/full: one line, exit 1 (was ENOSPC from report/trace)", async () => {
    const r = await cli("run", "scenarios/single-warp-807.yaml", "--trace", "/dev/full");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("cannot write /dev/full");
    noStack(r.stderr);
  });
});

describe("3. the library checks what it is given", () => {
  const scenario = loadScenario("scenarios/single-warp-807.yaml");
  it.each([
    ["maxCycles NaN (never stopped)", () => simulate(scenario, { maxCycles: NaN })],
    ["maxCycles -1 (returned cycles: -1)", () => simulate(scenario, { maxCycles: -1 })],
    ["seed NaN (NaN in the result)", () => simulate(scenario, { seed: NaN })],
    ["blocks -1 (completed in 0 cycles)", () => simulate({ ...scenario, launch: { ...scenario.launch, blocks: -1 } })],
    ["a load latency of -100 (completed in 410 cycles)", () => simulate({ ...scenario, loadLatency: { kind: "fixed", cycles: -100 } })],
    ["an unknown scheduler (TypeError: POLICIES[name] is not a function)", () => simulate({ ...scenario, scheduler: "nope" as never })],
  ])("%s: a ConfigError naming the field", (_, run) => {
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/simulate\(\): .*expected/);
  });
  it("the scenario itself still runs: one warp, 807 cycles", () => {
    expect(simulate(scenario).cycles).toBe(807);
  });
});

describe("4. the exported presets cannot be changed", () => {
  it("an assignment throws, and later scenarios keep sm_90's L2 hit latency (265)", () => {
    expect(() => {
      (PRESETS.sm_90.memoryLevels as { l2HitCycles: number }).l2HitCycles = 1;
    }).toThrow(TypeError);
    expect(loadScenario("scenarios/single-warp-807.yaml").arch.memoryLevels.l2HitCycles).toBe(265);
  });
});

describe("5. nothing accepted in silence", () => {
  it("two kernels of one name in a listing", async () => {
    const file = join(dir, "twice.sass");
    const one = "\tcode for sm_90\n\t\tFunction : k\n        /*0000*/                   EXIT ;                        /* 0x000000000000794d */\n                                                                                 /* 0x000fea0003800000 */\n";
    writeFileSync(file, one + one);
    const r = await cli("run", "--sass", file, "--kernel", "k");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/expected one kernel named k .* found 2, at lines 2, 6/);
  });
  it("a label defined twice", async () => {
    const file = join(dir, "label.sass");
    const ins = (a: string, op: string) => `        /*${a}*/                   ${op} ;                        /* 0x000000000000794d */\n                                                                                 /* 0x000fea0003800000 */\n`;
    writeFileSync(file, "\t\tFunction : k\n.L_x_0:\n" + ins("0000", "NOP") + ".L_x_0:\n" + ins("0010", "EXIT"));
    const r = await cli("sass", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 5.*each label defined once in kernel k, found "\.L_x_0" defined again/);
  });
  it("the same --trip address twice", async () => {
    const r = await cli("run", "--sass", "validation/sass/kernels.sass", "--kernel", "ldg_imad", "--trip", "0x01c0=2", "--trip", "0x01c0=3");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("the address 0x01c0 is given twice");
  });
  it("--threads and --kernel without --sass", async () => {
    const r = await cli("run", "scenarios/single-warp-807.yaml", "--threads", "64", "--kernel", "x");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--threads, --kernel are for --sass runs");
  });
  it("--trace-window without --trace", async () => {
    const r = await cli("run", "scenarios/single-warp-807.yaml", "--trace-window", "0:10");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("give --trace too");
  });
  it("merge /dev/null (was exit 0 with empty output)", async () => {
    const r = await cli("merge", "/dev/null");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("/dev/null is a character device");
  });
  it.each([
    ["arch.opcodes", "arch: { preset: sm_90, opcodes: { __proto__: { latencyCycles: 3 } } }\nprogram: \"NOP\\nEXIT\"\n"],
    ["program.trips", "program: { sass: ../../validation/sass/kernels.sass, kernel: ldg_imad, trips: { constructor: 2 } }\n"],
  ])("a __proto__ or constructor key inside %s", (where, body) => {
    const file = join(dir, `proto-${where}.yaml`);
    writeFileSync(file, `launch: {threadsPerBlock: 32, blocks: 1}\n${body}`);
    expect(() => loadScenario(file)).toThrow(new RegExp(`field ${where.replace(".", "\\.")}: expected a name that is no JavaScript object internal`));
  });
});

describe("8. a scenario reads only its own files", () => {
  const file = join(dir, "escape.yaml");
  writeFileSync(file, "launch: {threadsPerBlock: 32, blocks: 1}\nprogram: { sass: ../../../../../../../../etc/hostname }\n");
  it("a listing outside the scenario's folder and the working directory is refused", async () => {
    const r = await cli("run", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("expected a listing inside the scenario's folder or the working directory (--allow-any-path reads any)");
  });
  it("a bundled scenario still reads its bundled listing (../validation/...) from any working directory", () => {
    const run = (cwd: string) => execFileSync("node", [join(process.cwd(), "bin/warpsim.js"), "run", join(process.cwd(), "scenarios/sass-ldg-imad.yaml")], { cwd, encoding: "utf8" });
    // The same report as from the repository's root, where the listing sits beside the scenario's folder.
    const out = run(dir);
    expect(out).toMatch(/completed in \d+ cycles/);
    expect(out).toBe(run(process.cwd()));
  }, 30_000);
  it("with --allow-any-path it is read, and the error quotes only the first word of its first line", async () => {
    const secret = join(dir, "secret.txt");
    writeFileSync(secret, "root:x:0:0:root:/root:/bin/bash and the rest of a secret line\n");
    const f = join(dir, "escape2.yaml");
    writeFileSync(f, `launch: {threadsPerBlock: 32, blocks: 1}\nprogram: { sass: ${secret} }\n`);
    const r = await cli("run", f, "--allow-any-path");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('found "root:x:0:0:root:/root:/bin/bash"');
    expect(r.stderr).not.toContain("secret line");
  });
});

describe("6. a long job says so, whatever the command, and is alive when piped", () => {
  it("explain of 10 blocks x 32 warps x 100,000 trips notes its size first (was silent)", async () => {
    const file = join(dir, "big.yaml");
    writeFileSync(file, "launch: {threadsPerBlock: 1024, blocks: 10}\nprogram: |\n  .loop 100000\n    FFMA R1, R1, R2, R3\n  .endloop\n  EXIT\n");
    const r = await cli("explain", file);
    expect(r.code).toBe(0);
    // 320 warps x 200,001 instructions = 6.4e7 per run; explain makes 6 runs: 3.84e8, 77 s at 5 M/s.
    expect(r.stderr).toMatch(/note: .*big\.yaml takes up to 3\.84e\+8 warp-instructions, about 77 s at 5 M\/s/);
  });
  it("a sweep notes the size of all its configurations before it starts", async () => {
    const file = join(dir, "big2.yaml");
    writeFileSync(file, "launch: {threadsPerBlock: 1024, blocks: 10}\nprogram: |\n  .loop 100000\n    FFMA R1, R1, R2, R3\n  .endloop\n  EXIT\n");
    const r = await cli("sweep", file, "--vary", "seed=1,2,3", "--jobs", "1");
    expect(r.code).toBe(0);
    // 320 warps x 200,001 instructions = 6.4e7 per configuration, 3 of them: 38 s at 5 M/s.
    expect(r.stderr).toMatch(/note: the sweep of 3 configurations of .*big2\.yaml takes up to 1\.92e\+8 warp-instructions, about 38 s/);
  });
});

describe("7. --jobs under an address-space limit", () => {
  it("ulimit -v 3 GiB and --jobs 4: 2 workers and a note (was a V8 abort, exit 133)", () => {
    const out = execFileSync("bash", ["-c", "ulimit -v 3145728; node bin/warpsim.js sweep scenarios/single-warp-807.yaml --vary seed=1..8 --jobs 4 2>&1 >/dev/null; echo exit $?"], { encoding: "utf8" });
    expect(out).toContain("leaves room for 2 worker threads");
    expect(out).toContain("exit 0");
  }, 30_000);
});

describe("5. compare and occupancy: nothing accepted in silence", () => {
  const text = readFileSync("test/fixtures/ncu/dram_k4_f16_w32.raw.csv", "utf8").split("\n");
  const run = (name: string, csv: string) => {
    const file = join(dir, name);
    writeFileSync(file, csv);
    return cli("compare", "--ncu", file, "validation/ncu-compare/dram_k4_f16_w32.yaml");
  };
  it("an export without the row of units (was accepted)", async () => {
    const r = await run("no-units.csv", [text[0], ...text.slice(2)].join("\n"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("expected the row of units under the header");
  });
  it("a unit that is another quantity (was read as cycles)", async () => {
    const header = text[0].split('","');
    const units = text[1].split('","');
    units[header.indexOf("sm__cycles_active.avg")] = "msecond";
    const r = await run("bad-unit.csv", [text[0], units.join('","'), ...text.slice(2)].join("\n"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('expected the unit of sm__cycles_active.avg to be "cycle" (the row under the header), found "msecond"');
  });
  it("ncu's K prefix is read as thousands: 1.5 Kcycle is 1,500 cycles", () => {
    expect(unitScale("Kcycle", "cycle")).toBe(1000);
    expect(unitScale("cycle", "cycle")).toBe(1);
    expect(unitScale("msecond", "cycle")).toBeUndefined();
  });
  it("a launch without a kernel name (printed `launch ID 0, )`)", async () => {
    const r = await run("no-name.csv", text.join("\n").replace(/"void ld_chain[^"]*"/g, '""'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("launch ID 0: expected the kernel's name");
  });
  it("a missing metric column is named in a note instead of its row vanishing", async () => {
    const header = text[0].split('","');
    const drop = header.indexOf("smsp__warps_eligible.avg.per_cycle_active");
    const cut = (l: string) => l.split('","').filter((_, i) => i !== drop).join('","');
    const r = await run("no-eligible.csv", text.map(cut).join("\n"));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/has no column for \d+ of the quantities compare reads, left out: .*Eligible Warps Per Scheduler/);
  });
  it("occupancy() refuses a string or NaN for an optional field, and null (were accepted or a TypeError)", () => {
    expect(() => occupancy(PRESETS.sm_90, { threadsPerBlock: 128, registersPerThread: 32, staticSharedMemBytes: "x" as never })).toThrow(/staticSharedMemBytes must be a whole number, found "x"/);
    expect(() => occupancy(PRESETS.sm_90, null as never)).toThrow(LaunchError);
  });
});

describe("5. occupancy -r 0", () => {
  it("computes (the calculator accepts 0) but says what 0 registers means (was accepted in silence)", async () => {
    const r = await cli("occupancy", "-t", "128", "-r", "0");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("-r 0: no registers per thread, as for an empty kernel");
  });
});

describe("3. the other public functions check their arguments too", () => {
  it.each([
    ["parseScenario(null)", () => parseScenario(null as never), ConfigError],
    ["parseScenario(123)", () => parseScenario(123 as never), ConfigError],
    ["loadScenario(undefined)", () => loadScenario(undefined as never), ConfigError],
    ["occupancy(null, launch)", () => occupancy(null as never, { threadsPerBlock: 32, registersPerThread: 8 }), LaunchError],
  ])("%s throws warpsim's own error, not a TypeError", (_, call, type) => {
    expect(call).toThrow(type);
  });
});
