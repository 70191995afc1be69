import { describe, expect, it } from "vitest";
import { mmaOperandBytes, mmaWidth } from "./async-table.js";

describe("the asynchronous instructions' operands", () => {
  it("an HGMMA's N from its shape 64xNxK", () => {
    expect(mmaWidth("HGMMA.64x128x16.F32 R24, gdesc[UR16], R24, gsb0")).toBe(128);
    expect(mmaWidth("HGMMA.64x256x16.F32.BF16 R24, gdesc[UR4], R24")).toBe(256);
    expect(mmaWidth("HGMMA R24")).toBe(0);
  });
});

describe("a warpgroup MMA's operands in shared memory", () => {
  it("both through the descriptor: A 64 x 32 bytes and B N x 32 (N = 128: 6,144 bytes)", () => {
    expect(mmaOperandBytes("HGMMA.64x128x16.F32 R24, gdesc[UR16], R24, gsb0")).toBe(6144);
    expect(mmaOperandBytes("HGMMA.64x16x16.F32 R24, gdesc[UR4], R24")).toBe(2560);
  });
  it("A from registers: B alone (N = 64: 2,048 bytes)", () => {
    expect(mmaOperandBytes("HGMMA.64x64x16.F32 R24, R88, gdesc[UR4], R24")).toBe(2048);
  });
});
