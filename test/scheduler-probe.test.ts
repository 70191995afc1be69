import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../src/index.js";
import { readCsv } from "./csv.js";

/**
 * validation/microbench/sched_probe.cu on a real H100 (probe-h100.csv): W warps in one block run
 * an FFMA loop (ILP 4, 38 instructions per trip with a clock read and a guarded store) and
 * record the clock at the start of each trip. The same loop as a scenario must interleave its
 * warps as the hardware did.
 */
const ffma = (i: number) => `FFMA R${8 + 2 * (i % 4)}, R${8 + 2 * (i % 4)}, R2, R3`;
const body = ["IADD3 R7, RZ, 0x1, RZ"]; // CS2R.32 R7, SR_CLOCKLO
for (let i = 0; i < 32; i++) {
  body.push(ffma(i));
  if (i === 11) body.push("IADD3 R5, R5, 0x1, RZ");
  if (i === 15) body.push("ISETP.NE.AND P1, PT, R5, 0x200, PT");
}
body.push("@!P0 STS [R6], R7", "IADD3 R6, R6, 0x4, RZ");

function simulatedTrips(W: number): Map<number, number[]> {
  const text = `launch: { threadsPerBlock: ${W * 32}, blocks: 1 }\nprogram: |\n  .loop 512\n${body.map((l) => `    ${l}`).join("\n")}\n  .endloop @P1\n  EXIT\n`;
  const starts = new Map<number, number[]>();
  simulate(parseScenario(text), {
    hooks: { issue: [(cycle, _s, warp, pc) => void (pc === 0 && (starts.get(warp) ?? starts.set(warp, []).get(warp)!).push(cycle))], stateChange: [] },
  });
  return starts;
}

function measuredTrips(W: number): Map<number, number[]> {
  const trips = new Map<number, number[]>();
  for (const r of readCsv("validation/microbench/probe-h100.csv").filter((r) => Number(r.W) === W)) {
    const slot = Number(r.warpslot);
    (trips.get(slot) ?? trips.set(slot, []).get(slot)!)[Number(r.trip)] = Number(r.clock);
  }
  return trips;
}

describe("two warps on one scheduler (W = 8: slots 0 and 4 share sub-partition 0)", () => {
  const measured = measuredTrips(8);
  const simulated = simulatedTrips(8);
  const offset = (t: Map<number, number[]>, trip: number) => Math.abs(t.get(4)![trip] - t.get(0)![trip]);

  it("run whole trips in turn, one trip's issue apart, as on the H100", () => {
    for (const trip of [100, 200, 300, 400]) {
      expect(offset(measured, trip)).toBe(38);
      expect(offset(simulated, trip)).toBe(38);
    }
  });

  it("take the H100's time per trip within 3%", () => {
    const perTrip = (t: Map<number, number[]>) => (t.get(0)![400] - t.get(0)![100]) / 300;
    expect(perTrip(measured)).toBeCloseTo(87.2, 0);
    expect(Math.abs(perTrip(simulated) / perTrip(measured) - 1)).toBeLessThan(0.03);
  });
});
