import { describe, expect, it } from "vitest";
import { PT, RZ, URZ, parseOperand } from "./operands.js";

describe("SASS operands as the executor reads them", () => {
  it("registers with their modifiers; RZ", () => {
    expect(parseOperand("-R3.reuse")).toEqual({ kind: "reg", index: 3, negate: true, abs: false, not: false });
    expect(parseOperand("|R7|")).toEqual({ kind: "reg", index: 7, negate: false, abs: true, not: false });
    expect(parseOperand("~R2")).toMatchObject({ kind: "reg", index: 2, not: true });
    expect(parseOperand("RZ")).toMatchObject({ kind: "reg", index: RZ });
  });

  it("uniform registers and predicates, negated ones and the true ones", () => {
    expect(parseOperand("UR6")).toMatchObject({ kind: "ureg", index: 6 });
    expect(parseOperand("URZ")).toMatchObject({ kind: "ureg", index: URZ });
    expect(parseOperand("!P2")).toEqual({ kind: "pred", index: 2, not: true, uniform: false });
    expect(parseOperand("UP1")).toEqual({ kind: "pred", index: 1, not: false, uniform: true });
    expect(parseOperand("!PT")).toEqual({ kind: "pred", index: PT, not: true, uniform: false });
  });

  it("immediates: hex, negative hex, decimal, float", () => {
    expect(parseOperand("0xffffffe")).toEqual({ kind: "imm", value: 0xffffffe, float: false });
    expect(parseOperand("-0x1")).toEqual({ kind: "imm", value: -1, float: false });
    expect(parseOperand("0xffffffff")).toEqual({ kind: "imm", value: -1, float: false });
    expect(parseOperand("9.9999997473787516356e-05")).toMatchObject({ kind: "imm", float: true });
  });

  it("constant-bank reads, with a register offset", () => {
    expect(parseOperand("c[0x0][0x210]")).toEqual({ kind: "const", bank: 0, offset: 0x210, reg: -1, ureg: -1, negate: false });
    expect(parseOperand("c[0x3][R2+0x10]")).toEqual({ kind: "const", bank: 3, offset: 0x10, reg: 2, ureg: -1, negate: false });
    // The zero register adds nothing (it once made the offset NaN, read as 0 of bank 0).
    expect(parseOperand("c[0x4][RZ]")).toEqual({ kind: "const", bank: 4, offset: 0, reg: -1, ureg: -1, negate: false });
    expect(parseOperand("c[0x4][URZ+0x8]")).toEqual({ kind: "const", bank: 4, offset: 8, reg: -1, ureg: -1, negate: false });
  });

  it("memory addresses, with or without a descriptor, a 64-bit base and an offset", () => {
    expect(parseOperand("desc[UR4][R4.64+0x80]")).toEqual({ kind: "mem", reg: 4, wide: true, ureg: URZ, offset: 0x80 });
    expect(parseOperand("[R2+-0x4]")).toEqual({ kind: "mem", reg: 2, wide: false, ureg: URZ, offset: -4 });
    expect(parseOperand("[UR4+0x8]")).toEqual({ kind: "mem", reg: RZ, wide: false, ureg: 4, offset: 8 });
  });

  it("special registers and convergence barriers", () => {
    expect(parseOperand("SR_TID.X")).toEqual({ kind: "special", name: "SR_TID.X" });
    expect(parseOperand("B1")).toEqual({ kind: "barrier", index: 1 });
  });
});
