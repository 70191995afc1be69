import { describe, expect, it } from "vitest";
import { decode, type ExecContext } from "./execute.js";
import { accessSectors, accessWidth, laneAddresses } from "./lane-addresses.js";
import { LANES, WarpRegisters } from "./warp-registers.js";

function ins(text: string) {
  const [opcode, ...modifiers] = text.split(" ")[0].split(".");
  const operands = text.slice(text.indexOf(" ") + 1).split(", ");
  return decode({ address: 0, opcode, modifiers, operands, text, line: 1, control: undefined } as never);
}
const ctx = { launch: {} as never, block: 3, warpInBlock: 1 } as ExecContext;

describe("lane addresses", () => {
  it("adds the 64-bit register pair, the uniform pair and the offset", () => {
    const regs = new WarpRegisters();
    for (let l = 0; l < LANES; l++) {
      regs.set(2, l, 0x1000 + 4 * l, true);
      regs.set(3, l, 1, true); // high word: 4 GiB
    }
    regs.setUniform(4, 0x100, true);
    const out = new Float64Array(32);
    expect(laneAddresses(ins("LDG.E R0, desc[UR6][R2.64+UR4+0x10]"), regs, -1, out)).toBe(true);
    expect(out[0]).toBe(4294967296 + 0x1000 + 0x100 + 0x10);
    expect(out[31]).toBe(4294967296 + 0x1000 + 124 + 0x110);
  });
  it("is unknown when a lane's address register holds loaded data", () => {
    const regs = new WarpRegisters();
    regs.set(2, 5, 0, false);
    expect(laneAddresses(ins("LDG.E R0, desc[UR6][R2.64]"), regs, -1, new Float64Array(32))).toBe(false);
    // Lane 5 inactive: the rest are known.
    expect(laneAddresses(ins("LDG.E R0, desc[UR6][R2.64]"), regs, ~(1 << 5), new Float64Array(32))).toBe(true);
  });
  it("reads the width from the modifiers", () => {
    expect(accessWidth(ins("LDG.E.128 R4, desc[UR6][R2.64]"))).toBe(16);
    expect(accessWidth(ins("STG.E.64 desc[UR6][R2.64], R4"))).toBe(8);
    expect(accessWidth(ins("LDG.E.U8 R4, desc[UR6][R2.64]"))).toBe(1);
    expect(accessWidth(ins("LDG.E R4, desc[UR6][R2.64]"))).toBe(4);
  });
  it("a local array indexed per lane (each lane its own word) takes a sector per lane", () => {
    // Lane l's offset 4l: its word sits at 128 l + 4 l of the warp's interleaved region, one line per lane.
    const regs = new WarpRegisters();
    for (let l = 0; l < LANES; l++) regs.set(1, l, 4 * l, true);
    expect(accessSectors(ins("LDL R4, [R1]"), regs, -1, ctx, new Float64Array(32), new Float64Array(64))).toBe(32);
  });
  it("a local access of 8 bytes per lane is 256 interleaved bytes: 8 sectors", () => {
    const sectors = new Float64Array(64);
    expect(accessSectors(ins("STL.64 [R1+0x8], R4"), new WarpRegisters(), -1, ctx, new Float64Array(32), sectors)).toBe(8);
    expect(sectors[1] - sectors[0]).toBe(1);
  });
});
