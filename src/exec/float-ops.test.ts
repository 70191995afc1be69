import { describe, expect, it } from "vitest";
import { branchLanes, decode, execute, type ExecContext } from "./execute.js";
import { WarpRegisters } from "./warp-registers.js";

function ins(text: string) {
  const guard = text.startsWith("@") ? text.slice(0, text.indexOf(" ")) : undefined;
  const body = guard === undefined ? text : text.slice(guard.length + 1);
  const [opcode, ...modifiers] = body.split(" ")[0].split(".");
  const operands = body.slice(body.indexOf(" ") + 1).split(", ");
  return decode({ address: 0, opcode, modifiers, operands, text, line: 1, control: undefined, guard } as never);
}
const ctx = { launch: { bank0: [] } as never, block: 0, warpInBlock: 0 } as ExecContext;
const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);
const bits = (x: number) => ((f32[0] = x), i32[0]);
const float = (b: number) => ((i32[0] = b), f32[0]);

/** A warp whose every lane holds `values` in R0, R1, ... (known). */
function warp(...values: number[]): WarpRegisters {
  const regs = new WarpRegisters();
  values.forEach((v, r) => {
    for (let l = 0; l < 32; l++) regs.set(r, l, bits(v), true);
  });
  return regs;
}
function run(text: string, regs: WarpRegisters): void {
  execute(ins(text), regs, -1, ctx);
}

describe("float arithmetic on known values (float-ops.ts)", () => {
  it("FADD, FMUL and FFMA round to the nearest float; integer-looking immediates are floats", () => {
    const regs = warp(0.1, 3, 2.5);
    run("FADD R4, R0, R1", regs); // 0.1f + 3 = 3.1f's nearest: 3.0999999046325684
    expect(float(regs.get(4, 0))).toBe(Math.fround(Math.fround(0.1) + 3));
    run("FMUL R5, R2, 2.5", regs); // 6.25, exact
    expect(float(regs.get(5, 9))).toBe(6.25);
    run("FFMA R6, -R1, R2, 1", regs); // -3 x 2.5 + 1 = -6.5
    expect(float(regs.get(6, 31))).toBe(-6.5);
    run("FADD R7, R1, -2", regs); // the immediate `-2` is -2.0f, not the integer -2
    expect(float(regs.get(7, 0))).toBe(1);
    run("FADD R8, |R6|, -R2", regs); // |-6.5| - 2.5 = 4
    expect(float(regs.get(8, 0))).toBe(4);
    expect(regs.isKnown(8, 5)).toBe(true);
  });

  it("FFMA rounds once: (1 + 2^-23)(1 - 2^-24) - 1 is 2^-24 - 2^-47, where rounding the product first gives 0", () => {
    // Rounded after the multiply the product would be 1 and the result 0; fused it is -2^-48.
    const regs = warp(1 + 2 ** -23, 1 - 2 ** -24);
    run("FFMA R2, R0, R1, -1", regs);
    expect(float(regs.get(2, 0))).toBe(Math.fround((1 + 2 ** -23) * (1 - 2 ** -24) - 1));
    expect(float(regs.get(2, 0))).not.toBe(0);
  });

  it("FSETP compares, ordered comparisons false on NaN, unordered true; both destinations and the combining predicate", () => {
    const regs = warp(3.5, 4, NaN);
    run("FSETP.LT.AND P0, P1, R0, 4, PT", regs); // 3.5 < 4
    expect(regs.getPred(0, 0)).toBe(true);
    expect(regs.getPred(1, 0)).toBe(false);
    run("FSETP.GE.AND P2, PT, R2, R1, PT", regs); // NaN >= 4: false
    expect(regs.getPred(2, 3)).toBe(false);
    run("FSETP.GEU.AND P3, PT, R2, R1, PT", regs); // unordered: true
    expect(regs.getPred(3, 3)).toBe(true);
    run("FSETP.GT.OR P4, PT, R0, R1, P0", regs); // false OR true
    expect(regs.getPred(4, 0)).toBe(true);
    expect(regs.isPredKnown(4, 0)).toBe(true);
  });

  it("a value from an unknown register stays unknown", () => {
    const regs = warp(2);
    regs.setKnown(0, -1, 0);
    run("FMUL R3, R0, 2", regs);
    expect(regs.isKnown(3, 0)).toBe(false);
    run("FSETP.LT.AND P0, PT, R0, 4, PT", regs);
    expect(regs.isPredKnown(0, 0)).toBe(false);
  });

  it("FMNMX takes the minimum with !PT and the maximum with PT; MUFU.RSQ, EX2 and SQRT", () => {
    const regs = warp(-1.5, 0.25);
    run("FMNMX R2, R0, R1, !PT", regs);
    expect(float(regs.get(2, 0))).toBe(-1.5);
    run("FMNMX R3, R0, R1, PT", regs);
    expect(float(regs.get(3, 0))).toBe(0.25);
    run("MUFU.RSQ R4, R1", regs); // 1 / sqrt(0.25)
    expect(float(regs.get(4, 0))).toBe(2);
    run("MUFU.EX2 R5, R0", regs); // 2^-1.5
    expect(float(regs.get(5, 0))).toBe(Math.fround(2 ** -1.5));
    run("MUFU.SQRT R6, R1", regs);
    expect(float(regs.get(6, 0))).toBe(0.5);
  });

  it("FCHK takes the fast division for normal operands, the slow one for a zero divisor or dividend", () => {
    const regs = warp(2.5, 1024, 0);
    run("FCHK P0, R0, R1", regs);
    expect(regs.getPred(0, 0)).toBe(false);
    run("FCHK P1, R0, R2", regs);
    expect(regs.getPred(1, 0)).toBe(true);
    run("FCHK P2, R2, R1", regs); // 0 / 1024: the H100 goes the slow way (float-ops.ts fchk)
    expect(regs.getPred(2, 0)).toBe(true);
  });

  it(".FTZ flushes a subnormal result to zero", () => {
    const regs = warp(2 ** -100, 2 ** -30);
    run("FMUL.FTZ R2, R0, R1", regs); // 2^-130: subnormal
    expect(float(regs.get(2, 0))).toBe(0);
    run("FMUL R3, R0, R1", regs);
    expect(float(regs.get(3, 0))).toBe(2 ** -130);
  });
});

describe("a branch with a predicate operand (`@!P0 BRA P1, target`)", () => {
  it("goes where the guard and the predicate both hold", () => {
    const regs = new WarpRegisters();
    // P0 (the guard is !P0): lanes 0-15 set; P1: even lanes.
    for (let l = 0; l < 32; l++) {
      regs.setPred(0, l, l < 16, true);
      regs.setPred(1, l, l % 2 === 0, true);
    }
    const lanes = branchLanes(ins("@!P0 BRA P1, 0x3b0"), regs, -1);
    // Lanes 16..31 (guard) and even (P1): 16, 18, ..., 30.
    let expected = 0;
    for (let l = 16; l < 32; l += 2) expected |= 1 << l;
    expect(lanes).toBe(expected);
    expect(branchLanes(ins("@!P0 BRA !P1, 0x3b0"), regs, -1)).toBe(~expected & ~0xffff);
  });
});
