import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../src/index.js";
import { parseCsv } from "./csv.js";

/**
 * The SM's shared-memory path on sm_90: one wavefront per cycle for the whole SM, an LDS's
 * 23-cycle latency counted from when the pipe takes it; against hand-derived issue cycles and
 * the H100 probe (validation/microbench/lds-probe).
 */
describe("shared memory on sm_90", () => {
  it("two sub-partitions' LDS in one cycle: the second waits a cycle for the pipe, so its consumer issues at 24", () => {
    const out: number[][] = [];
    const text = `arch: { preset: sm_90, warpLaunchIntervalCycles: 0 }\nlaunch: {threadsPerBlock: 64}\nprogram: |\n  LDS R1, [R2]\n  FFMA R3, R1, R1, R1\n  EXIT\n`;
    simulate(parseScenario(text), { hooks: { issue: [(cycle, smsp, _warp, pc) => void (pc === 1 && out.push([smsp, cycle]))], stateChange: [] } });
    expect(out).toEqual([
      [0, 23],
      [1, 24],
    ]);
  });

  it("pointer chains through shared memory take what the H100 probe measured, within 8%, from 1 to 32 warps", () => {
    // The loops of the probe's SASS: per chain and trip, LEA (the address) and the LDS.
    const rows = parseCsv(readFileSync("validation/microbench/lds-probe/cycles.csv", "utf8"));
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const K = Number(row.K);
      const unroll = K === 1 ? 16 : 4;
      const body: string[] = [];
      for (let u = 0; u < unroll; u++) for (let k = 0; k < K; k++) body.push(`LEA R${10 + k}, R${10 + k}, UR4, 0x2`, `LDS R${10 + k}, [R${10 + k}]`);
      const text = `arch: sm_90
launch: {threadsPerBlock: ${32 * Number(row.warps_per_block)}, blocks: 1, registersPerThread: 32}
program: |
  .loop ${1600 / unroll}
${body.map((l) => `    ${l}`).join("\n")}
    IADD3 R4, R4, -0x10, RZ
    ISETP.GT.AND P1, PT, R4, 0xc, PT
  .endloop @P1
  EXIT
`;
      const perTrip = simulate(parseScenario(text)).cycles / 1600;
      expect(Math.abs(perTrip / Number(row.cycles_per_trip) - 1), `K=${K} W=${row.warps_per_block}`).toBeLessThan(0.08);
    }
  });
});
