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
