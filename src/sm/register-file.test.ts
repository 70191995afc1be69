import { describe, expect, it } from "vitest";
import type { Program } from "../program/program.js";
import { RegisterFileBanks } from "./register-file.js";

/** Two banks; instruction i reads evens[i] registers of bank 0 and odds[i] of bank 1. */
function banks(reads: readonly (readonly [number, number])[]): RegisterFileBanks {
  return new RegisterFileBanks({ registerBanks: 2, bankReads: Uint8Array.from(reads.flat()) } as unknown as Program);
}

/** Issues the instructions `pattern` in turn, each as soon as the last one's hold ends: cycles per instruction over `n`. */
function cyclesPerInstruction(pattern: readonly number[], rf: RegisterFileBanks, n = 600): number {
  let now = 0;
  for (let i = 0; i < n; i++) now += rf.read(pattern[i % pattern.length], now) + 1;
  return now / n;
}

// validation/microbench/regbank-probe/summary.csv: the H100's cycles per FFMA at 8 warps per
// sub-partition, every warp running the same loop.
describe("RegisterFileBanks, against the register-bank probe", () => {
  it("takes the most reads in one bank per instruction when every instruction reads alike", () => {
    expect(cyclesPerInstruction([0], banks([[2, 1]]))).toBeCloseTo(2, 2); // R2 R3 R4: 1.96
    expect(cyclesPerInstruction([0], banks([[3, 0]]))).toBeCloseTo(3, 2); // R2 R4 R6: 2.94
    expect(cyclesPerInstruction([0], banks([[1, 1]]))).toBeCloseTo(1, 2); // R2 R3: 1.00
  });

  it("overlaps reads of different banks, and instructions that read nothing", () => {
    // R2 R4 R6 in turn with R3 R5 R7, with nothing, with R3 alone: 1.47 each; R2 R4 / R3 R5: 1.00; R2 R4 / R6: 1.47
    expect(cyclesPerInstruction([0, 1], banks([[3, 0], [0, 3]]))).toBeCloseTo(1.5, 2);
    expect(cyclesPerInstruction([0, 1], banks([[3, 0], [0, 0]]))).toBeCloseTo(1.5, 2);
    expect(cyclesPerInstruction([0, 1], banks([[3, 0], [0, 1]]))).toBeCloseTo(1.5, 2);
    expect(cyclesPerInstruction([0, 1], banks([[2, 0], [0, 2]]))).toBeCloseTo(1, 2);
    expect(cyclesPerInstruction([0, 1], banks([[2, 0], [1, 0]]))).toBeCloseTo(1.5, 2);
  });

  it("returns the wait and books the banks from the end of it", () => {
    const rf = banks([[3, 0], [1, 1]]);
    expect(rf.read(0, 10)).toBe(0);
    expect(Array.from(rf.freeAt)).toEqual([13, 0]);
    expect(rf.read(1, 11)).toBe(2); // bank 0 busy until 13
    expect(Array.from(rf.freeAt)).toEqual([14, 14]);
  });

  it("times nothing without banks", () => {
    const rf = new RegisterFileBanks({ registerBanks: 0, bankReads: new Uint8Array(0) } as unknown as Program);
    expect(rf.read(0, 5)).toBe(0);
  });
});
