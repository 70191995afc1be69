import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScenario, simulate } from "../src/index.js";
import { TraceWriter } from "../src/report/trace.js";

const dir = mkdtempSync(join(tmpdir(), "warpsim-trace-"));

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  args?: Record<string, unknown>;
}

function traced(file: string, window?: { start: number; end: number }) {
  const scenario = loadScenario(file);
  const path = join(dir, `${Math.random()}.json`);
  const writer = new TraceWriter(path, scenario.arch.subpartitionsPerSm, window, (pc) => scenario.program.textAt(pc));
  const result = simulate(scenario, { hooks: writer.hooks() });
  writer.finish(result.cycles);
  const json = JSON.parse(readFileSync(path, "utf8")) as { traceEvents: TraceEvent[] };
  return { result, events: json.traceEvents };
}

describe("Perfetto trace", () => {
  const { result, events } = traced("test/scenarios/fixtures/barrier-waves.yaml");

  it("gives every event the fields its phase requires", () => {
    for (const e of events) {
      expect(typeof e.name).toBe("string");
      expect(["X", "C", "M"]).toContain(e.ph);
      expect(Number.isInteger(e.pid)).toBe(true);
      expect(Number.isInteger(e.tid)).toBe(true);
      if (e.ph !== "M") expect(Number.isFinite(e.ts)).toBe(true);
      if (e.ph === "X") expect(e.dur).toBeGreaterThan(0);
      if (e.ph === "C") expect(typeof Object.values(e.args ?? {})[0]).toBe("number");
    }
  });

  it("never goes back in time within a track", () => {
    const last = new Map<string, number>();
    for (const e of events) {
      if (e.ph === "M") continue;
      const track = e.ph === "X" ? `${e.pid}/${e.tid}` : `${e.pid}/${e.name}`;
      expect(e.ts!).toBeGreaterThanOrEqual(last.get(track) ?? -Infinity);
      last.set(track, e.ph === "X" ? e.ts! + e.dur! : e.ts!);
    }
  });

  it("tiles each warp's lifetime: its slices add up to the active warp-cycles, state by state", () => {
    result.subpartitions.forEach((sp, s) => {
      const slices = events.filter((e) => e.ph === "X" && e.pid === s);
      const total = slices.reduce((sum, e) => sum + e.dur!, 0);
      expect(total).toBe(sp.warpsActive * sp.activeCycles);
      for (const [state, m] of Object.entries(sp.stalls)) {
        const inState = slices.filter((e) => e.name === state).reduce((sum, e) => sum + e.dur!, 0);
        expect(inState).toBe(m.warpCycles);
      }
    });
  });

  it("counts issues like the scheduler: issue counter on-time equals instructions", () => {
    for (let s = 0; s < 4; s++) {
      const issue = events.filter((e) => e.ph === "C" && e.pid === s && e.name === "issue");
      let on = 0;
      for (let i = 0; i < issue.length; i++) {
        const end = i + 1 < issue.length ? issue[i + 1].ts! : result.cycles;
        if (issue[i].args!.issued === 1) on += end - issue[i].ts!;
      }
      expect(on).toBe(result.subpartitions[s].instExecuted);
    }
  });

  it("keeps only the window it is given", () => {
    const windowed = traced("test/scenarios/fixtures/barrier-waves.yaml", { start: 500, end: 1500 }).events;
    for (const e of windowed.filter((x) => x.ph !== "M")) {
      expect(e.ts!).toBeGreaterThanOrEqual(500);
      expect(e.ts! + (e.dur ?? 0)).toBeLessThanOrEqual(1500);
    }
  });

  it("names each slice's instruction, pc and block (issue 16)", () => {
    const { events } = traced("scenarios/single-warp-807.yaml");
    const slices = events.filter((e) => e.ph === "X");
    // One warp: LDG at 0 (selected), FFMA waits on it (long_scoreboard, pc 1), STG, EXIT, and the
    // drain of its store is about the EXIT.
    expect(slices.map((e) => [e.name, e.args?.pc, e.args?.instruction, e.args?.block])).toEqual([
      ["selected", 0, "LDG.E R0, [R2.64]", 0],
      ["long_scoreboard", 1, "FFMA R1, R0, R0, R4", 0],
      ["selected", 1, "FFMA R1, R0, R0, R4", 0],
      ["wait", 2, "STG.E [R2.64], R1", 0],
      ["selected", 2, "STG.E [R2.64], R1", 0],
      ["selected", 3, "EXIT", 0],
      ["drain", 3, "EXIT", 0],
    ]);
    expect(slices.find((e) => e.name === "barrier")).toBeUndefined();
    const barriers = traced("test/scenarios/fixtures/barrier-waves.yaml").events.filter((e) => e.name === "barrier");
    for (const b of barriers) expect(b.args?.instruction).toBe("BAR.SYNC 0");
  });
});
