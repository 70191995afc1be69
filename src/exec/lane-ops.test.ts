import { describe, expect, it } from "vitest";
import { decode, execute, type ExecContext } from "./execute.js";
import { halfBits } from "./lane-ops.js";
import { parseOperand } from "./operands.js";
import { WarpRegisters } from "./warp-registers.js";

function ins(text: string) {
  const [opcode, ...modifiers] = text.split(" ")[0].split(".");
  const operands = text.slice(text.indexOf(" ") + 1).split(", ");
  return decode({ address: 0, opcode, modifiers, operands, text, line: 1, control: undefined } as never);
}
const ctx = { launch: { bank0: [] } as never, block: 0, warpInBlock: 0 } as ExecContext;

describe("constants loaded with HFMA2.MMA Rd, -RZ, RZ, hi, lo", () => {
  it("encodes each half as IEEE binary16, subnormals included", () => {
    expect(halfBits(parseOperand("2"))).toBe(0x4000);
    expect(halfBits(parseOperand("2.3125"))).toBe(0x40a0); // 1.15625 x 2: mantissa 160
    expect(halfBits(parseOperand("1549"))).toBe(0x660d); // 1.5127 x 2^10: mantissa 525
    // 25 x 2^-24, below 2^-14: subnormal, the exponent field 0.
    expect(halfBits(parseOperand("1.490116119384765625e-06"))).toBe(0x0019);
  });

  it("puts the first half printed in the high 16 bits, as the encoding's immediate has it", () => {
    // From listings: `HFMA2.MMA R21, -RZ, RZ, 2, 0` is encoded 0x40000000ff157435;
    // `HFMA2.MMA R8, -RZ, RZ, 1.490116119384765625e-06, 1549` 0x0019660dff087435 (1664525, an LCG's multiplier).
    for (const [text, value] of [["HFMA2.MMA R21, -RZ, RZ, 2, 0", 0x40000000], ["HFMA2.MMA R8, -RZ, RZ, 1.490116119384765625e-06, 1549", 1664525], ["HFMA2.MMA R5, -RZ, RZ, 2.3125, 0", 0x40a00000]] as const) {
      const regs = new WarpRegisters();
      const d = ins(text);
      execute(d, regs, -1, ctx);
      const r = (d.ops[0] as { index: number }).index;
      expect(regs.get(r, 0) >>> 0).toBe(value);
      expect(regs.get(r, 31) >>> 0).toBe(value);
      expect(regs.isKnown(r, 7)).toBe(true);
    }
  });
});

describe("carries out of a subtraction and of LEA.HI (a signed 64-bit remainder: copy_probe.cu's offsets)", () => {
  it("IADD3 and UIADD3 with -0: the adder adds ~0 + 1, so the carry out is set", () => {
    const regs = new WarpRegisters();
    execute(ins("IADD3 R5, P0, -RZ, R10, RZ"), regs, -1, ctx);
    expect(regs.getPred(0, 3)).toBe(true);
    execute(ins("MOV R10, 0x7"), regs, -1, ctx);
    execute(ins("IADD3 R5, P1, -R10, R10, RZ"), regs, -1, ctx); // 7 - 7: no borrow either
    expect(regs.getPred(1, 3)).toBe(true);
    regs.setUniform(8, 0, true);
    regs.setUniform(15, 5, true);
    execute(ins("UIADD3 UR8, UP0, -UR8, UR15, URZ"), regs, -1, ctx);
    expect(regs.getUniform(8)).toBe(5);
    expect(regs.getUniformPred(0)).toBe(true);
    // The high half then takes the carry: ~hi(0) + hi(a) + 1 = hi(a), not hi(a) - 1 (4 GiB low).
    regs.setUniform(9, 0, true);
    regs.setUniform(18, 7, true);
    execute(ins("UIADD3.X UR15, ~UR9, UR18, URZ, UP0, !UPT"), regs, -1, ctx);
    expect(regs.getUniform(15)).toBe(7);
  });
  it("ULEA.HI with a predicate: the operands after it, and the carry out of its sum", () => {
    const regs = new WarpRegisters();
    regs.setUniform(8, -1, true); // the sign word of a negative offset
    regs.setUniform(15, 0xffff0000 | 0, true);
    // 0xffff0000 + (0xffffffff >>> 15 = 0x1ffff) = 0x1_0000_ffff: 0xffff, carry out.
    execute(ins("ULEA.HI UR8, UP0, UR8, UR15, URZ, 0x11"), regs, -1, ctx);
    expect(regs.getUniform(8)).toBe(0xffff);
    expect(regs.getUniformPred(0)).toBe(true);
    execute(ins("ULEA UR9, UR15, URZ, 0x1"), regs, -1, ctx); // without a predicate: (a << 1) + 0
    expect(regs.getUniform(9) >>> 0).toBe(0xfffe0000);
  });
  it("LEA.HI with a predicate sets the carry out of its sum", () => {
    const regs = new WarpRegisters();
    execute(ins("MOV R2, 0xffffffff"), regs, -1, ctx);
    execute(ins("MOV R3, 0xffff0000"), regs, -1, ctx);
    execute(ins("LEA.HI R4, P2, R2, R3, RZ, 0x11"), regs, -1, ctx);
    expect(regs.get(4, 0)).toBe(0xffff);
    expect(regs.getPred(2, 0)).toBe(true);
  });
});

describe("UPLOP3 (the compiler's uniform branch conditions)", () => {
  it("writes its predicates from the truth table, over what they held before", () => {
    const regs = new WarpRegisters();
    regs.setUniformPred(0, true, true); // stale: a UISETP before it
    // All three sources true: row 7 of the table; 0x40 has only bit 6 set, so false.
    execute(ins("UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x40, 0x0"), regs, -1, ctx);
    expect(regs.getUniformPred(0)).toBe(false);
    expect(regs.isUniformPredKnown(0)).toBe(true);
    // 0x80: true only when a, b and c are all true.
    regs.setUniformPred(2, true, true);
    execute(ins("UPLOP3.LUT UP1, UPT, UP2, UPT, UPT, 0x80, 0x0"), regs, -1, ctx);
    expect(regs.getUniformPred(1)).toBe(true);
    regs.setUniformPred(2, false, true);
    execute(ins("UPLOP3.LUT UP1, UPT, UP2, UPT, UPT, 0x80, 0x0"), regs, -1, ctx);
    expect(regs.getUniformPred(1)).toBe(false);
  });
});

describe("the uniform datapath's bit operations run as their vector forms do", () => {
  it("UFLO, UPOPC, UBMSK and UBREV", () => {
    const regs = new WarpRegisters();
    regs.setUniform(5, 0x10, true);
    execute(ins("UFLO.U32 UR4, UR5"), regs, -1, ctx);
    expect(regs.getUniform(4)).toBe(4); // bit 4 is the highest set
    execute(ins("UPOPC UR6, UR5"), regs, -1, ctx);
    expect(regs.getUniform(6)).toBe(1);
    regs.setUniform(7, 1, true);
    execute(ins("UBREV UR8, UR7"), regs, -1, ctx);
    expect(regs.getUniform(8) >>> 0).toBe(0x80000000);
    regs.setUniform(9, 4, true);
    regs.setUniform(10, 3, true);
    execute(ins("UBMSK UR11, UR9, UR10"), regs, -1, ctx);
    expect(regs.getUniform(11)).toBe(0b1110000); // 3 bits from bit 4
    expect(regs.isUniformKnown(11)).toBe(true);
  });
});
