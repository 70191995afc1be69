import { describe, expect, it } from "vitest";
import type { SourcePage } from "../ncu/read-source-page.js";
import type { InstructionRow } from "../stats/per-instruction.js";
import { WARP_STATE_NAMES, type WarpStateName } from "../stats/warp-state.js";
import { compareSource } from "./compare-source.js";

const LISTING = ["/*0000*/ S2R R0, SR_TID.X", "/*0010*/ @P0 EXIT", "/*0020*/ BRA 0x20"];
const textOf = (pc: number) => LISTING[pc] ?? "";

function row(pc: number, executed: number, states: Partial<Record<WarpStateName, number>>): InstructionRow {
  const all = Object.fromEntries(WARP_STATE_NAMES.map((s) => [s, states[s] ?? 0])) as Record<WarpStateName, number>;
  const warpCycles = Object.values(all).reduce((a, b) => a + b, 0);
  return { pc, line: pc + 1, text: textOf(pc), executed, warpCycles, share: 0, states: all };
}

const PAGE: SourcePage = {
  kernel: "k",
  instructions: [
    { offset: 0, text: "S2R R0, SR_TID.X", executed: 400, samples: { no_instruction: 30, selected: 10 } },
    { offset: 16, text: "@P0 EXIT", executed: 400, samples: { wait: 20, selected: 10 } },
    { offset: 32, text: "BRA 0x7f0000000020", executed: 0, samples: { drain: 30 } },
  ],
};

describe("compareSource", () => {
  it("gives each instruction's share of the samples and of the warp-cycles, issues per warp over the first instruction's, and moves EXIT's drain to the instruction after it", () => {
    // Simulated: 4 warps; S2R 8 warp-cycles, EXIT 12 of which 8 drain: 20 in all.
    const c = compareSource(PAGE, [row(0, 4, { selected: 4, wait: 4 }), row(1, 4, { selected: 4, drain: 8 })], 3, textOf, "s.csv");
    const at = (offset: number) => c.rows.find((r) => r.offset === offset)!;
    expect(c.samples).toBe(100);
    expect(at(0)).toMatchObject({ pc: 0, measuredShare: 0.4, simulatedShare: 0.4, measuredPerWarp: 1, simulatedPerWarp: 1 });
    expect(at(0).measuredStates).toEqual({ no_instruction: 0.75, selected: 0.25 });
    expect(at(16)).toMatchObject({ measuredShare: 0.3, simulatedShare: 0.2 });
    // ncu puts the drain on the BRA after the EXIT; so does the comparison.
    expect(at(32)).toMatchObject({ pc: 2, measuredShare: 0.3, simulatedShare: 0.4, measuredPerWarp: 0 });
    expect(at(32).simulatedStates).toEqual({ drain: 1 });
    // Largest disagreement first: 0x20 and 0x10 differ by 10 points (a tie), 0x00 by none.
    expect(c.rows[2].offset).toBe(0);
    expect(c.states.find((s) => s.state === "no_instruction")).toEqual({ state: "no_instruction", measured: 0.3, simulated: 0 });
  });

  it("refuses a listing whose instruction at an offset is not the page's", () => {
    const other = (pc: number) => ["/*0000*/ S2R R0, SR_TID.X", "/*0010*/ IMAD R1, R0, R0, RZ"][pc] ?? "";
    expect(() => compareSource(PAGE, [row(0, 4, { selected: 4 })], 2, other, "s.csv")).toThrow(/s\.csv: kernel k: at offset 0x10 the Source page has "@P0 EXIT" where the listing has "IMAD R1, R0, R0, RZ"/);
  });
});
