import { describe, expect, it } from "vitest";
import { AtomicUnit } from "./atomic-unit.js";

describe("the SM's atomic unit takes one global atomic every cyclesPerAtomic", () => {
  it("atomics issued together queue 9 cycles apart (sm_90's globalAtomicCycles)", () => {
    const unit = new AtomicUnit(9);
    expect([unit.access(0), unit.access(0), unit.access(0)]).toEqual([0, 9, 18]);
  });

  it("an atomic issued after the unit is free is taken at once", () => {
    const unit = new AtomicUnit(9);
    unit.access(0);
    expect(unit.access(100)).toBe(100);
    expect(unit.access(104)).toBe(109);
  });

  it("with no limit (0) every atomic is taken when it issues", () => {
    const unit = new AtomicUnit(0);
    expect([unit.access(5), unit.access(5)]).toEqual([5, 5]);
  });
});
