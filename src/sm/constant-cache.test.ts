import { describe, expect, it } from "vitest";
import { PRESETS } from "../arch/presets/index.js";
import { programOf } from "../../test/sm-harness.js";
import { ConstantCache, constantLines } from "./constant-cache.js";

const program = programOf(
  [
    "IMAD R1, R2, c[0x0][0x210], R3", // bank 0, byte 0x210 = 528: line 8 of 64-byte lines
    "LDC R4, c[0x0][0x214]", // the same line, through LDC's own path
    "FFMA R5, R1, c[0x0][0x250], R4", // byte 0x250 = 592: line 9
    "IADD3 R6, R1, c[0x3][0x210], RZ", // bank 3: a line of its own
    "FFMA R7, R1, R1, R1", // no constant
    "EXIT",
  ].join("\n"),
);

describe("constant lines", () => {
  it("numbers each (bank, 64-byte line) in order of first appearance; -1 for no constant", () => {
    const lines = constantLines(program, 64);
    expect(Array.from(lines.lineOf)).toEqual([0, 0, 1, 2, -1, -1]);
    expect(lines.count).toBe(3);
  });

  it("marks LDC, which reads through its own path", () => {
    expect(Array.from(constantLines(program, 64).isLoad)).toEqual([0, 1, 0, 0, 0, 0]);
  });

  it("lines of 128 bytes put 0x210 and 0x250 on one line", () => {
    expect(Array.from(constantLines(program, 128).lineOf)).toEqual([0, 0, 0, 1, -1, -1]);
  });
});

describe("the SM's constant caches (sm_90: a first touch misses for 150 cycles)", () => {
  it("an operand's first touch starts the fetch; a later touch waits for the same arrival, then hits", () => {
    const cache = new ConstantCache(program, PRESETS.sm_90);
    expect(cache.operandLineAt(0, 10)).toBe(160);
    expect(cache.operandLineAt(0, 50)).toBe(160);
    expect(cache.operandLineAt(0, 500)).toBe(160); // long there: no wait (160 <= 500)
    expect(cache.operandLineAt(2, 20)).toBe(170); // another line misses on its own
  });

  it("LDC's path and the operands' warm nothing for each other", () => {
    const cache = new ConstantCache(program, PRESETS.sm_90);
    cache.operandLineAt(0, 0);
    expect(cache.ldcLineAt(1, 100)).toBe(250);
    expect(cache.operandLineAt(1, 100)).toBe(-1); // an LDC's operand does not wait at issue
  });

  it("an instruction without a constant never waits", () => {
    expect(new ConstantCache(program, PRESETS.sm_90).operandLineAt(4, 0)).toBe(-1);
  });

  it("without a constant cache (sm_80's preset has none) every line is there from the start", () => {
    const cache = new ConstantCache(program, PRESETS.sm_80);
    expect(cache.operandLineAt(0, 10)).toBe(0);
    expect(cache.ldcLineAt(1, 10)).toBe(0);
  });
});
