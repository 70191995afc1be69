import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as warpsim from "../src/index.js";

/** docs/library.md: each example, run as written (issue 33: the library exports more than run and occupancy). */
describe("the library's documented examples", () => {
  const { loadScenario, simulate } = warpsim;

  it("one run, and its reports", () => {
    const result = simulate(loadScenario("scenarios/latency-hiding/ilp1-w8.yaml"));
    expect(result.sm.issueActive).toBeGreaterThan(0);
    expect(warpsim.formatTable(result)).toContain("long_scoreboard");
    expect(warpsim.formatCsv(result).split("\n")[0]).toContain(",");
    expect(JSON.parse(warpsim.formatJson(result)).sm.issueActive).toBe(result.sm.issueActive);
  });

  it("sweeps: a row per configuration, in order, and a chart", async () => {
    const file = "scenarios/latency-hiding/ilp1-w8.yaml";
    const axes = [warpsim.parseVary("launch.blocks=1,2,4"), warpsim.parseVary("program.ilp=1,4")];
    const rows = await warpsim.runSweep({ text: readFileSync(file, "utf8"), file, configurations: warpsim.expandSweep(axes), jobs: 1 });
    expect(rows.map((r) => [r["launch.blocks"], r["program.ilp"]])).toEqual([[1, 1], [1, 4], [2, 1], [2, 4], [4, 1], [4, 4]]);
    const svg = await warpsim.renderSvg(warpsim.sweepCharts(rows, ["launch.blocks", "program.ilp"])[0].spec);
    expect(svg.startsWith("<svg")).toBe(true);
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const written = await warpsim.writeCharts(mkdtempSync(join(tmpdir(), "warpsim-lib-")), warpsim.sweepCharts(rows, ["launch.blocks", "program.ilp"]).slice(0, 1), { formats: ["pdf", "png"], style: { width: 240, font: "Times New Roman", fontSize: 9 } });
    expect(written.map((p) => p.slice(p.lastIndexOf("."))).sort()).toEqual([".pdf", ".png"]);
    expect(readFileSync(written.find((p) => p.endsWith(".pdf"))!).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("Little's law and the next knob", () => {
    const e = warpsim.explain(loadScenario("scenarios/latency-hiding/ilp4-w8.yaml"));
    expect(e.bounds.map((b) => b.term)).toContain("latency");
    expect(warpsim.formatExplanation(e)).toContain("Little's law");
    expect(warpsim.latencyBound(8, 0.05)).toBeCloseTo(0.4, 12);
  });

  it("beside Nsight Compute: the raw page and the Source page", () => {
    const ncu = "test/fixtures/ncu/fma_k4_w16.raw.csv";
    const launch = warpsim.pickLaunch(warpsim.readNcuExport(readFileSync(ncu, "utf8"), ncu), ncu);
    const rows = warpsim.compare(launch, simulate(loadScenario("validation/ncu-compare/fma_k4_w16.yaml")), ncu);
    expect(rows.find((r) => r.metric === "Warp Cycles Per Issued Instruction")!.measured).toBe(3.846034);
    const scenario = loadScenario("validation/exec/div_index.yaml");
    const per = new warpsim.PerInstruction(scenario.program.length);
    const result = simulate(scenario, { hooks: per.hooks() });
    per.finish(result.cycles);
    const perRows = per.rows((pc) => scenario.program.textAt(pc), (pc) => scenario.program.line[pc]);
    const file = "validation/exec/source/source-div_index.csv";
    const [page] = warpsim.readSourcePage(readFileSync(file, "utf8"), file);
    const c = warpsim.compareSource(page, perRows, scenario.program.length, (pc) => scenario.program.textAt(pc), file);
    // The largest disagreement: the H100's warps waiting for their first instruction (docs/source-view.md).
    expect(c.rows[0].offset).toBe(0);
  });

  it("SASS listings: kernels and their instructions, or issues naming the line", () => {
    const file = "validation/exec/kernels.sass";
    const listing = warpsim.readSass(readFileSync(file, "utf8"), file);
    expect(listing.ok && listing.kernels.map((k) => k.name)).toContain("div_index");
    const bad = warpsim.readSass("garbage", "bad.sass");
    expect(!bad.ok && bad.issues[0].line).toBe(1);
  });
});
