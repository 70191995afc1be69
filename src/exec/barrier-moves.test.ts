import { describe, expect, it } from "vitest";
import { type BarrierState, moveBarrier } from "./barrier-moves.js";
import { decode } from "./execute.js";
import { WarpRegisters } from "./warp-registers.js";

function ins(text: string) {
  const [opcode, ...modifiers] = text.split(" ")[0].split(".");
  const operands = text.slice(text.indexOf(" ") + 1).split(", ");
  return decode({ address: 0, opcode, modifiers, operands, text, line: 1, control: undefined, guard: undefined } as never);
}

describe("BMOV saves and restores a convergence barrier across a call (barrier-moves.ts)", () => {
  it("a recursive frame frees B6 and gives the caller's back, lanes waiting included", () => {
    const b = { expected: new Int32Array(16), arrived: new Int32Array(16), resumeAt: new Int32Array(16).fill(-1) };
    const saved: BarrierState[] = [];
    const regs = new WarpRegisters();
    // The caller's B6: lanes 0-7 must meet, lanes 0-3 wait at its BSYNC to resume at instruction 40.
    b.expected[6] = 0xff;
    b.arrived[6] = 0x0f;
    b.resumeAt[6] = 40;
    moveBarrier(ins("BMOV.32.CLEAR R16, B6"), regs, 0xf0, b, saved);
    expect(regs.get(16, 4)).toBe(0xff);
    expect([b.expected[6], b.arrived[6], b.resumeAt[6]]).toEqual([0, 0, -1]);
    // The callee uses B6 for its own lanes, then restores the caller's.
    b.expected[6] = 0x30;
    b.arrived[6] = 0x10;
    b.resumeAt[6] = 22;
    moveBarrier(ins("BMOV.32 B6, R16"), regs, 0xf0, b, saved);
    expect([b.expected[6], b.arrived[6], b.resumeAt[6]]).toEqual([0xff, 0x0f, 40]);
    expect(saved).toHaveLength(0);
  });

  it("without .CLEAR the barrier stays as it was; predicated off, nothing moves", () => {
    const b = { expected: new Int32Array(16), arrived: new Int32Array(16), resumeAt: new Int32Array(16).fill(-1) };
    const saved: BarrierState[] = [];
    b.expected[2] = 0xf;
    moveBarrier(ins("BMOV.32 R4, B2"), new WarpRegisters(), -1, b, saved);
    expect(b.expected[2]).toBe(0xf);
    moveBarrier(ins("BMOV.32.CLEAR R4, B2"), new WarpRegisters(), 0, b, saved);
    expect(b.expected[2]).toBe(0xf);
    expect(saved).toHaveLength(1);
  });
});
