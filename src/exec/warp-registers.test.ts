import { describe, expect, it } from "vitest";
import { RZ } from "./operands.js";
import { WarpRegisters } from "./warp-registers.js";

describe("WarpRegisters", () => {
  it("a fresh warp's registers are 0 and known, and RZ reads 0", () => {
    const regs = WarpRegisters.acquire();
    expect(regs.get(7, 3)).toBe(0);
    expect(regs.isKnown(7, 3)).toBe(true);
    regs.set(RZ, 0, 5, true);
    expect(regs.get(RZ, 0)).toBe(0);
    expect(regs.rows[RZ].every((v) => v === 0)).toBe(true);
  });

  it("registers given back come out reset: nothing of the last warp's values, unknowns or predicates", () => {
    const regs = WarpRegisters.acquire();
    regs.set(10, 4, 1234, false);
    regs.setPred(2, 4, true, false);
    regs.setUniform(3, 99, false);
    WarpRegisters.release(regs);
    const next = WarpRegisters.acquire();
    expect(next).toBe(regs);
    expect(next.get(10, 4)).toBe(0);
    expect(next.rows[10][4]).toBe(0);
    expect(next.isKnown(10, 4)).toBe(true);
    expect(next.getPred(2, 4)).toBe(false);
    expect(next.isPredKnown(2, 4)).toBe(true);
    expect(next.getUniform(3)).toBe(0);
    expect(next.isUniformKnown(3)).toBe(true);
  });
});
