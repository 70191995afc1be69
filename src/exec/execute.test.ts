import { describe, expect, it } from "vitest";
import { decode, execute, writtenRegisters, type ExecContext } from "./execute.js";
import { Op, OTHER } from "./decode.js";
import { WarpRegisters } from "./warp-registers.js";
import { GLOBALS_BASE, GLOBAL_WINDOW } from "./launch.js";

function ins(text: string) {
  const [opcode, ...modifiers] = text.split(" ")[0].split(".");
  const operands = text.slice(text.indexOf(" ") + 1).split(", ");
  return decode({ address: 0, opcode, modifiers, operands, text, line: 1, control: undefined } as never);
}
const ctx = { launch: { bank0: [] } as never, block: 0, warpInBlock: 0 } as ExecContext;

describe("the registers an instruction the executor does not follow writes (all become unknown)", () => {
  it("counts a double's pair, 64-bit conversions, vector widths and matrix accumulators", () => {
    // From the PTX ISA's register layouts: a double is a pair; mma m16n8k16 .f32 holds 4
    // accumulators per thread, .f16 two packed pairs (2 registers); m8n8k16 .s32 two.
    const cases: [string, number][] = [
      ["DADD R8, R2, 1", 2],
      ["DFMA R12, R8, -R12, 1", 2],
      ["DMUL R10, R2, R12", 2],
      ["MUFU.RSQ64H R11, R9", 1],
      ["F2F.F64.F32 R2, R0", 2],
      ["F2F.F32.F64 R0, R2", 1],
      ["I2F.F64.S64 R2, R4", 2],
      ["I2F.S64 R2, R4", 1],
      ["F2I.S64.TRUNC R2, R4", 2],
      ["F2I.F64.TRUNC R2, R4", 1],
      ["LDG.E.64 R2, desc[UR4][R4.64]", 2],
      ["LDG.E.128 R4, desc[UR4][R4.64]", 4],
      ["HMMA.16816.F32 R4, R8, R12, R4", 4],
      ["HMMA.16816.F16 R4, R8, R12, R4", 2],
      ["IMMA.8816.S8.S8 R4, R8, R12, R4", 2],
      ["IMMA.16832.S8.S8 R4, R8, R12, R4", 4],
      ["FADD R0, R1, R2", 1],
    ];
    for (const [text, count] of cases) expect([text, writtenRegisters(ins(text))]).toEqual([text, count]);
  });

  it("DADD leaves both halves of its result unknown, the register after them untouched", () => {
    const regs = new WarpRegisters();
    for (const r of [8, 9, 10]) for (let l = 0; l < 32; l++) regs.set(r, l, 7, true);
    execute(ins("DADD R8, R2, 1"), regs, -1, ctx);
    expect(regs.isKnown(8, 0)).toBe(false);
    expect(regs.isKnown(9, 31)).toBe(false);
    expect(regs.isKnown(10, 0)).toBe(true);
  });

  it("conversions to or from 64-bit types are not run as 32-bit ones", () => {
    expect(ins("I2F.F64.S32 R2, R4").code).toBe(OTHER);
    expect(ins("F2I.F64.TRUNC R2, R4").code).toBe(OTHER);
    expect(ins("I2F.U32 R2, R4").code).toBe(Op.I2F);
    expect(ins("F2I.TRUNC.NTZ R2, R4").code).toBe(Op.F2I);
  });
});

describe("VIADDMNMX and PRMT run per lane", () => {
  it("VIADDMNMX: max (!PT) or min (PT) of a + b and c, as a strided loop's trip count and a clamp use them", () => {
    const regs = new WarpRegisters();
    for (let l = 0; l < 32; l++) {
      regs.set(7, l, 16 * 5 + l, true); // k = rowptr[row] + lane
      regs.set(2, l, 16 * 6, true); // rowptr[row + 1]
    }
    execute(ins("VIADDMNMX R5, R7, 0x20, R2, !PT"), regs, -1, ctx);
    expect(regs.get(5, 0)).toBe(112); // max(80 + 32, 96)
    expect(regs.get(5, 31)).toBe(143); // max(111 + 32, 96)
    expect(regs.isKnown(5, 3)).toBe(true);
    execute(ins("VIADDMNMX R6, R7, -R2, 0x4, PT"), regs, -1, ctx);
    expect(regs.get(6, 0)).toBe(-16); // min(80 - 96, 4)
    expect(regs.get(6, 31)).toBe(4); // min(111 - 96, 4)
  });

  it("PRMT d, a, selector, b: 0x7610 keeps a's low half under b's high half", () => {
    const regs = new WarpRegisters();
    for (let l = 0; l < 32; l++) {
      regs.set(2, l, 0x11223344, true);
      regs.set(5, l, 0x55667788, true);
    }
    execute(ins("PRMT R4, R2, 0x7610, R5"), regs, -1, ctx);
    expect(regs.get(4, 0) >>> 0).toBe(0x55663344);
    expect(ins("PRMT.F4E R4, R2, 0x7610, R5").code).toBe(OTHER);
  });
});

describe("REDUX, P2R and R2P", () => {
  it("REDUX.SUM.S32 UR4, R0 adds the active lanes' values; MIN/MAX compare signed with .S32", () => {
    const regs = new WarpRegisters();
    for (let l = 0; l < 32; l++) regs.set(0, l, l - 3, true);
    execute(ins("REDUX.SUM.S32 UR4, R0"), regs, 0xff, ctx); // lanes 0-7: -3 + ... + 4 = 4
    expect(regs.getUniform(4)).toBe(4);
    expect(regs.isUniformKnown(4)).toBe(true);
    execute(ins("REDUX.MIN.S32 UR5, R0"), regs, -1, ctx);
    expect(regs.getUniform(5)).toBe(-3);
    execute(ins("REDUX.MAX UR6, R0"), regs, -1, ctx); // unsigned: -1 (0xffffffff) is the largest
    expect(regs.getUniform(6)).toBe(-1);
    regs.set(0, 9, 0, false);
    execute(ins("REDUX.SUM UR7, R0"), regs, -1, ctx);
    expect(regs.isUniformKnown(7)).toBe(false);
  });

  it("P2R R12, PR, RZ, 0x40 keeps P6 in bit 6; R2P PR, R12, 0x40 brings it back", () => {
    const regs = new WarpRegisters();
    for (let l = 0; l < 32; l++) regs.setPred(6, l, l % 2 === 1, true);
    execute(ins("P2R R12, PR, RZ, 0x40"), regs, -1, ctx);
    expect(regs.get(12, 0)).toBe(0);
    expect(regs.get(12, 1)).toBe(0x40);
    for (let l = 0; l < 32; l++) regs.setPred(6, l, false, true);
    execute(ins("R2P PR, R12, 0x40"), regs, -1, ctx);
    expect(regs.getPred(6, 3)).toBe(true);
    expect(regs.getPred(6, 4)).toBe(false);
  });
});

describe("VOTE's two-operand form", () => {
  it("VOTE.ANY P0, !P0 sets the predicate alone (__any_sync as a branch's condition)", () => {
    const regs = new WarpRegisters();
    for (let l = 0; l < 32; l++) regs.setPred(0, l, l !== 5, true); // !P0 holds on lane 5 only
    execute(ins("VOTE.ANY P0, !P0"), regs, -1, ctx);
    expect(regs.getPred(0, 0)).toBe(true);
    expect(regs.getPred(0, 31)).toBe(true);
    for (let l = 0; l < 32; l++) regs.setPred(1, l, true, true);
    execute(ins("VOTE.ANY P1, !P1"), regs, -1, ctx);
    expect(regs.getPred(1, 7)).toBe(false);
  });
});

describe("constant banks other than the launch's", () => {
  const launchCtx = { launch: { bank0: Int32Array.of(256, 1, 1) } as never, block: 0, warpInBlock: 0 } as ExecContext;
  it("bank 4 holds the addresses of the module's __device__ variables, one 64-bit word each", () => {
    const regs = new WarpRegisters();
    execute(ins("LDC.64 R2, c[0x4][RZ]"), regs, -1, launchCtx);
    execute(ins("LDC.64 R4, c[0x4][0x8]"), regs, -1, launchCtx);
    const address = (r: number) => (regs.get(r, 0) >>> 0) + (regs.get(r + 1, 0) >>> 0) * 2 ** 32;
    expect(regs.isKnown(2, 0) && regs.isKnown(3, 0)).toBe(true);
    expect(address(2)).toBe(GLOBALS_BASE);
    expect(address(4)).toBe(GLOBALS_BASE + GLOBAL_WINDOW);
  });
  it("bank 3 (a module's __constant__ data) is unknown, not bank 0's words", () => {
    const regs = new WarpRegisters();
    execute(ins("LDC R2, c[0x3][0x0]"), regs, -1, launchCtx);
    expect(regs.isKnown(2, 0)).toBe(false);
  });
});
