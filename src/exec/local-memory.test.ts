import { describe, expect, it } from "vitest";
import { decode } from "./execute.js";
import { WarpLocalMemory } from "./local-memory.js";
import { WarpRegisters } from "./warp-registers.js";

function ins(text: string) {
  const [opcode, ...modifiers] = text.split(" ")[0].split(".");
  const operands = text.slice(text.indexOf(" ") + 1).split(", ");
  return decode({ address: 0, opcode, modifiers, operands, text, line: 1, control: undefined, guard: undefined } as never);
}

/** R1 = 0xfff0 in every lane (a stack pointer), R2 = 100 + lane, R3 = lane x 4 (known). */
function warp(): WarpRegisters {
  const regs = new WarpRegisters();
  for (let l = 0; l < 32; l++) {
    regs.set(1, l, 0xfff0, true);
    regs.set(2, l, 100 + l, true);
    regs.set(3, l, 4 * l, true);
  }
  return regs;
}

describe("a warp's local memory as the executor follows it (local-memory.ts)", () => {
  it("each lane loads what it stored at the same address: a frame's saved register", () => {
    const local = new WarpLocalMemory();
    const regs = warp();
    local.store(ins("STL [R1+0x4], R2"), regs, -1);
    local.load(ins("LDL R5, [R1+0x4]"), regs, -1);
    for (const l of [0, 7, 31]) {
      expect(regs.get(5, l)).toBe(100 + l);
      expect(regs.isKnown(5, l)).toBe(true);
    }
    // Another offset was never stored: unknown.
    local.load(ins("LDL R6, [R1+0x8]"), regs, -1);
    expect(regs.isKnown(6, 0)).toBe(false);
  });

  it("a lane's own offset (an array indexed at run time) and a 64-bit pair", () => {
    const local = new WarpLocalMemory();
    const regs = warp();
    local.store(ins("STL.64 [R3], R2"), regs, -1); // lane l: words l and l + 1 <- R2, R3
    // Lane l reads word l + 1, which it stored as R3 (4l).
    local.load(ins("LDL R7, [R3+0x4]"), regs, -1);
    expect(regs.get(7, 9)).toBe(36);
    expect(regs.isKnown(7, 9)).toBe(true);
  });

  it("only the lanes that stored know the word; an unknown value stores unknown", () => {
    const local = new WarpLocalMemory();
    const regs = warp();
    local.store(ins("STL [R1], R2"), regs, 0b101);
    regs.setKnown(2, -1, 0);
    local.store(ins("STL [R1+0x10], R2"), regs, -1);
    local.load(ins("LDL R8, [R1]"), regs, -1);
    local.load(ins("LDL R9, [R1+0x10]"), regs, -1);
    expect([0, 1, 2].map((l) => regs.isKnown(8, l))).toEqual([true, false, true]);
    expect(regs.get(8, 2)).toBe(102);
    expect(regs.isKnown(9, 0)).toBe(false);
  });

  it("a store at an address it does not know forgets everything; a byte store forgets its word", () => {
    const local = new WarpLocalMemory();
    const regs = warp();
    local.store(ins("STL [R1], R2"), regs, -1);
    local.store(ins("STL [R1+0x4], R2"), regs, -1);
    local.store(ins("STL.U8 [R1+0x4], R2"), regs, -1);
    local.load(ins("LDL R8, [R1+0x4]"), regs, -1);
    expect(regs.isKnown(8, 0)).toBe(false);
    local.load(ins("LDL R8, [R1]"), regs, -1);
    expect(regs.isKnown(8, 0)).toBe(true);
    regs.setKnown(3, -1, 0);
    local.store(ins("STL [R3], R2"), regs, -1);
    local.load(ins("LDL R8, [R1]"), regs, -1);
    expect(regs.isKnown(8, 0)).toBe(false);
  });
});
