import { describe, expect, it } from "vitest";
import { registerReads } from "./register-reads.js";
import { sassLines as listing } from "../../test/sass-lines.js";

/** Cycles a bank of two takes for the reads, at one per cycle: the most registers of one parity. */
function readCycles(reads: readonly number[], banks: number): number {
  const per = new Array<number>(banks).fill(0);
  for (const r of reads) per[r % banks]++;
  return Math.max(1, ...per);
}

/** The reads of the last line, after the one before it (which may cache operands). */
function reads(...lines: string[]): number[] {
  const l = listing(lines);
  return registerReads(l[l.length - 1], l.length > 1 ? l[l.length - 2] : undefined);
}

// Cycles per FFMA the H100 takes at 8 warps per sub-partition, by the registers each FFMA reads
// (validation/microbench/regbank-probe/summary.csv): 2 banks by register parity, one read each
// per cycle, so the cycles are the most reads in one bank.
describe("registerReads and readCycles, against the register-bank probe", () => {
  it("counts each register once, and neither RZ nor constants, immediates or uniform registers", () => {
    expect(reads("FFMA R21, R2, R3, R4")).toEqual([2, 3, 4]); // distinct_eoe: 1.96 cycles
    expect(readCycles([2, 3, 4], 2)).toBe(2);
    expect(readCycles(reads("FFMA R21, R2, R4, R6"), 2)).toBe(3); // all_even: 2.94
    expect(readCycles(reads("FFMA R21, R3, R5, R7"), 2)).toBe(3); // all_odd: 2.93
    expect(readCycles(reads("FFMA R21, R2, R2, R3"), 2)).toBe(1); // ab_same_reg: 1.00
    expect(readCycles(reads("FFMA R21, R2, R2, R2"), 2)).toBe(1); // abc_same_reg: 1.00
    expect(readCycles(reads("FFMA R21, R2, R4, RZ"), 2)).toBe(2); // two_even_rz: 1.96
    expect(readCycles(reads("FFMA R21, R2, R3, RZ"), 2)).toBe(1); // two_mixed_rz: 1.00
    expect(readCycles(reads("FFMA R21, R2, R6, R3"), 2)).toBe(2); // ab_mod4_same: 1.96, as ab_even_c_odd: two banks, not four
    expect(reads("IMAD R0, R0, UR4, R9")).toEqual([0, 9]);
    expect(reads("FFMA R5, R2, -R4, 1")).toEqual([2, 4]);
    expect(reads("FFMA R5, R2, c[0x0][0x210], R4")).toEqual([2, 4]);
    expect(reads("MOV R2, 0x400")).toEqual([]);
  });

  it("leaves out an operand the previous instruction cached in the same slot, for one instruction", () => {
    // all_even_reuse_ab: 1.016 cycles; ab_even_reuse_a: 1.008
    expect(reads("FFMA R21, R2.reuse, R4.reuse, R6", "FFMA R23, R2.reuse, R4.reuse, R6")).toEqual([6]);
    expect(reads("FFMA R21, R2.reuse, R4, R3", "FFMA R23, R2.reuse, R4, R3")).toEqual([4, 3]);
    // reuse_a_read_a: 2.46 cycles, the mean of 3 and 2; reuse_a_read_b (slot b): 2.94, no saving
    expect(readCycles(reads("FFMA R21, R2.reuse, R4, R6", "FFMA R23, R2, R8, R10"), 2)).toBe(2);
    expect(readCycles(reads("FFMA R21, R2.reuse, R4, R6", "FFMA R23, R8, R2, R10"), 2)).toBe(3);
    // alternate_reuse_a: 2.94: R2 cached two instructions back is read again
    expect(reads("FFMA R21, R2.reuse, R4, R6", "FFMA R23, R8, R10, R12", "FFMA R22, R2, R4, R6")).toEqual([2, 4, 6]);
  });

  it("finds the slots after predicate destinations and carry-outs", () => {
    // FSETP's slots: a = R2, b = R3; the FSEL after it reads R3 in slot b, cached.
    expect(reads("FSETP.GEU.AND P4, PT, R2, R3.reuse, PT", "FSEL R2, R21, R3, !P4")).toEqual([21]);
    expect(reads("IADD3 R0, P0, PT, R2, R4, RZ")).toEqual([2, 4]);
    expect(readCycles(reads("IADD3 R0, P0, PT, R2, R4, RZ"), 2)).toBe(2);
  });

  it("reads nothing for an instruction no lane executes (@!PT)", () => {
    // never_all_even: @!PT FFMA R21, R2, R4, R6 runs 1.00 cycles per instruction; executed, 2.94.
    expect(reads("@!PT FFMA R21, R2, R4, R6")).toEqual([]);
    expect(reads("@!P0 FFMA R21, R2, R4, R6")).toEqual([2, 4, 6]);
  });

  it("models only fixed-latency math outside the tensor and FP64 pipes", () => {
    expect(reads("LDG.E R2, desc[UR4][R4.64]")).toEqual([]);
    expect(reads("STS [R2], R4")).toEqual([]);
    expect(reads("DFMA R2, R4, R6, R8")).toEqual([]);
    expect(reads("HMMA.16816.F32 R4, R8, R12, R4")).toEqual([]);
    expect(reads("IMAD.WIDE R2, R0, 0x4, R6.64")).toEqual([0]);
  });
});
