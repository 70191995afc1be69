import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, scratchDir, writeScenario } from "./cli-helper.js";

const dir = scratchDir();
const scenarioFile = (name: string, text: string) => writeScenario(dir, name, text);

const launch = "launch:\n  threadsPerBlock: 32\n";
const program = (body: string) => `program: |\n${body.split("\n").map((l) => `  ${l}`).join("\n")}\n`;

describe("warpsim run", () => {
  it("prints the 807-cycle worked example and exits 0", async () => {
    const r = await cli("run", "scenarios/single-warp-807.yaml");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("completed in 807 cycles");
    expect(r.stderr).toBe("");
  });

  it("writes JSON and tidy CSV to --out", async () => {
    const json = join(dir, "out.json");
    expect((await cli("run", "scenarios/single-warp-807.yaml", "--format", "json", "--out", json)).code).toBe(0);
    expect(JSON.parse(readFileSync(json, "utf8")).cycles).toBe(807);
    const csv = (await cli("run", "scenarios/single-warp-807.yaml", "-f", "csv")).stdout.trim().split("\n");
    expect(csv[0]).toBe("scenario,seed,outcome,occupancy_limiter,scope,metric,value");
    const run = "single-warp-807,1,completed,blocks";
    expect(csv).toContain(`${run},sm,cycles,807`);
    expect(csv).toContain(`${run},smsp0,stall_long_scoreboard_warp_cycles,400`);
    // One type per column: every value is a number.
    for (const line of csv.slice(1)) expect(Number.isFinite(Number(line.split(",").pop()))).toBe(true);
  });

  it("--help explains every option", async () => {
    const r = await cli("run", "--help");
    expect(r.code).toBe(0);
    for (const option of ["--format", "--seed", "--out", "--max-cycles", "Exit codes"]) expect(r.stdout).toContain(option);
  });
});

describe("bad input: one paragraph naming file, line or field, expected and found; exit 1", () => {
  const cases: [name: string, text: string, mentions: string[]][] = [
    ["unknown opcode", `${launch}${program("FOO R1, R2\nEXIT")}`, ["line 4", "opcode", '"FOO"']],
    ["register out of range", `${launch}${program("FFMA R1, R300, R2, R3\nEXIT")}`, ["line 4", "R0..R254", "R300"]],
    [
      "negative latency",
      `${launch}memory:\n  latency: { kind: fixed, cycles: -5 }\n${program("EXIT")}`,
      ["line 4", "memory.latency.cycles", ">= 1", "-5"],
    ],
    [
      "negative opcode latency",
      `arch:\n  opcodes: { FFMA: { latencyCycles: -1 } }\n${launch}${program("EXIT")}`,
      ["arch.opcodes.FFMA.latencyCycles", "-1"],
    ],
    ["zero threads", `launch:\n  threadsPerBlock: 0\n${program("EXIT")}`, ["line 2", "launch.threadsPerBlock", ">= 1", "found 0"]],
    ["malformed YAML", `launch:\n  threadsPerBlock: [32\n${program("EXIT")}`, ["line", "valid YAML"]],
    ["unknown field", `${launch}  warps: 4\n${program("EXIT")}`, ["launch", "unknown field", '"warps"']],
    ["missing program", launch, ["program", "required"]],
    ["program without EXIT", `${launch}${program("FFMA R1, R2, R3, R4")}`, ["ends with EXIT"]],
    ["too many threads", `launch:\n  threadsPerBlock: 2048\n${program("EXIT")}`, ["too many resources", "2048", "1024"]],
    [
      "a generator parameter out of range",
      `${launch}program: { generator: load-compute, ilp: 0, computePerLoad: 2, iterations: 3 }\n`,
      ["line 3", "field program.ilp", ">= 1", "found 0"],
    ],
    ["an unknown preset", `arch: sm_91\n${launch}${program("EXIT")}`, ["line 1", "field arch", "sm_90", '"sm_91"']],
    ["an unknown latency kind", `${launch}memory:\n  latency: { kind: gamma }\n${program("EXIT")}`, ["memory.latency.kind", "fixed, uniform", '"gamma"']],
  ];
  for (const [name, text, mentions] of cases) {
    it(name, async () => {
      const file = scenarioFile(`${name.replace(/ /g, "-")}.yaml`, text);
      const r = await cli("run", file);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(file);
      for (const m of mentions) expect(r.stderr).toContain(m);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    });
  }

  it("a missing file", async () => {
    const r = await cli("run", join(dir, "nope.yaml"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no such file");
  });

  it("a bad option value", async () => {
    const r = await cli("run", "scenarios/single-warp-807.yaml", "--seed", "-3");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--seed");
  });
});

describe("runs that cannot finish exit 2 and say what the warps were doing", () => {
  it("a barrier waiting for more warps than the block has is a deadlock", async () => {
    // 64 threads (2 warps) but the barrier waits for 96 threads (3 warps).
    const file = scenarioFile("deadlock.yaml", `launch:\n  threadsPerBlock: 64\n${program("FFMA R1, R2, R3, R4\nBAR.SYNC 0, 96\nEXIT")}`);
    const r = await cli("run", file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("deadlock");
    expect(r.stderr).toContain("2 warps were still on the SM");
    expect(r.stderr).toContain('in barrier at line 5 "BAR.SYNC 0, 96"');
    expect(r.stdout).toContain("DEADLOCK");
  });

  it("the cycle limit", async () => {
    const r = await cli("run", "scenarios/single-warp-807.yaml", "--max-cycles", "500");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("cycle limit reached at cycle 500");
    // At cycle 500 the warp has issued EXIT (407) and waits for its store (until 807).
    expect(r.stderr).toContain('in drain at line 20 "EXIT"');
  });
});

describe("sweep, report and trace from the command line", () => {
  it("runs a small sweep end to end on 2 worker threads, with charts", async () => {
    const out = join(dir, "sweep.csv");
    const charts = join(dir, "charts");
    const r = await cli("sweep", "scenarios/sweep-ilp-warps.yaml", "--vary", "launch.blocks=1,2", "--vary", "program.ilp=1,4", "--jobs", "2", "--out", out, "--chart", charts);
    expect(r.code).toBe(0);
    const lines = readFileSync(out, "utf8").trim().split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[1].startsWith("sweep-ilp-warps,1,1,1,1,completed,")).toBe(true);
    expect(readFileSync(join(charts, "utilization-vs-warps.svg"), "utf8").startsWith("<svg")).toBe(true);
    // Cells, and each cell's value written in it (issue 33: readable in print).
    expect(JSON.parse(readFileSync(join(charts, "heatmap.vl.json"), "utf8")).layer.map((l: { mark: string | { type: string } }) => (typeof l.mark === "string" ? l.mark : l.mark.type))).toEqual(["rect", "text"]);
  });

  it("writes a self-contained HTML report", async () => {
    const html = join(dir, "report.html");
    const r = await cli("report", "scenarios/single-warp-807.yaml", "--html", html);
    expect(r.code).toBe(0);
    const page = readFileSync(html, "utf8");
    expect(page).toContain("completed in 807 cycles");
    expect(page).toContain("<svg");
    expect(page).toContain("FFMA R1, R0, R0, R4");
    expect(page).not.toMatch(/<script|src="http/);
    // Real tables, not a copy of the terminal: the SM row with 807 / 4 = 201.75 warp cycles per issue.
    expect(page).toMatch(/<tr><th scope="row">SM<\/th><td>807<\/td><td>4<\/td>.*<td>201\.75<\/td>/);
    expect(page).toMatch(/<th scope="row">long_scoreboard<\/th><td>400<\/td>/);
    expect(page).not.toContain("warp states (SM)    cycles/issue");
    expect(page).not.toContain("Instructions (where the warp-cycles go");
  });

  it("adds the per-instruction account to the HTML report when asked (issue 32)", async () => {
    const html = join(dir, "report-per-instruction.html");
    expect((await cli("report", "scenarios/single-warp-807.yaml", "--html", html, "--per-instruction")).code).toBe(0);
    const page = readFileSync(html, "utf8");
    // By hand (the scenario's comments): the FFMA waits 400 cycles for the load and issues once, 401 of 807.
    expect(page).toMatch(/<tr><th scope="row">18<\/th><td>FFMA R1, R0, R0, R4<\/td><td>1<\/td><td>401<\/td><td>49\.7%<\/td><td>long_scoreboard 99\.8%, selected 0\.2%<\/td><\/tr>/);
  });

  it("writes a trace and rejects a bad window", async () => {
    const trace = join(dir, "t.json");
    expect((await cli("run", "scenarios/single-warp-807.yaml", "--trace", trace, "--trace-window", "0:500")).code).toBe(0);
    expect(JSON.parse(readFileSync(trace, "utf8")).traceEvents.length).toBeGreaterThan(3);
    const bad = await cli("run", "scenarios/single-warp-807.yaml", "--trace", trace, "--trace-window", "9:3");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("START:END");
  });
});

describe("output files that cannot be written", () => {
  it("get a one-line message and exit 1, not a stack trace", async () => {
    const nowhere = join(dir, "no", "such", "dir", "out.csv");
    for (const args of [
      ["run", "scenarios/single-warp-807.yaml", "--out", nowhere],
      ["run", "scenarios/single-warp-807.yaml", "--trace", nowhere],
      ["report", "scenarios/single-warp-807.yaml", "--html", nowhere],
    ]) {
      const r = await cli(...args);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^warpsim: cannot write .*out\.csv: .*no such file or directory/i);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
