import { describe, expect, it } from "vitest";
import { Reg } from "./opcodes.js";
import { parseAssembly, type ParsedInstruction } from "./parse.js";

const ctx = { file: "t.yaml", path: ["program"], lineOffset: 10 };
const ok = (text: string) => {
  const r = parseAssembly(text, ctx);
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.expected} / ${i.found}`).join("\n"));
  return r.program.instructions;
};
const issues = (text: string) => {
  const r = parseAssembly(text, ctx);
  if (r.ok) throw new Error("expected errors");
  return r.issues;
};

describe("parseAssembly", () => {
  it("reads destinations and sources, and skips zero registers and immediates", () => {
    const [ffma] = ok("FFMA R1, R2, 1.5, RZ\nEXIT");
    expect(ffma.dsts).toEqual([1]);
    expect(ffma.srcs).toEqual([2, Reg.RZ]);
  });

  it("accepts pasted cuobjdump SASS: addresses, guards, descriptors, uniform registers, ';'", () => {
    const ins = ok(
      [
        "/*0240*/ FFMA R7, R7, UR8, R0 ;",
        "/*0270*/ ISETP.LE.AND P1, PT, R6, UR4, PT ;",
        "@!P0 LDG.E.STRONG.GPU R5, desc[UR6][R4.64] ;",
        "IMAD.WIDE.U32 R14, R15, 0x4, R4 ;",
        "EXIT ;",
      ].join("\n"),
    );
    expect(ins[0].srcs).toEqual([7, Reg.UR0 + 8, 0]);
    expect(ins[1].dsts).toEqual([Reg.P0 + 1, Reg.PT]);
    expect(ins[2].srcs).toEqual([Reg.P0, Reg.UR0 + 6, 4, 5]);
    expect(ins[2].dsts).toEqual([5]);
    expect(ins[3].dsts).toEqual([14, 15]);
  });

  it("turns .loop/.endloop into a closing BRA with trips and a counter per loop", () => {
    const ins = ok(".loop 3\n FFMA R1, R1, R2, R3\n .loop 2\n  IADD3 R4, R4, 1, RZ\n .endloop\n.endloop\nEXIT");
    const bras = ins.filter((i): i is ParsedInstruction & { loop: object } => i.loop !== undefined);
    expect(bras.map((b) => b.loop)).toEqual([
      { start: 1, trips: 2, slot: 0 },
      { start: 0, trips: 3, slot: 1 },
    ]);
  });

  it("reads barrier ids and thread counts", () => {
    const [a, b] = ok("BAR.SYNC 2\nBAR.SYNC 0x1, 64\nEXIT");
    expect(a.barrier).toEqual({ id: 2, threads: undefined });
    expect(b.barrier).toEqual({ id: 1, threads: 64 });
  });

  it("names the file line, what was expected and what was found", () => {
    const [e] = issues("FFMA R1, R2, R3, R4\nFOO R1\nEXIT");
    expect(e).toMatchObject({ code: "unknown_opcode", line: 12, found: '"FOO"' });
    expect(issues("FFMA R1, R300, R2, R3\nEXIT")[0]).toMatchObject({ code: "bad_operand", line: 11 });
    expect(issues("FFMA R1, R300, R2, R3\nEXIT")[0].expected).toContain("R0..R254");
    expect(issues("FFMA R1, R2\nEXIT")[0].expected).toBe("4 operands for FFMA");
    expect(issues("LDG.E.64 R254, [R2]\nEXIT")[0].expected).toContain("R254");
    expect(issues(".loop 0\nEXIT\n.endloop")[0].expected).toContain("N >= 1");
    expect(issues(".loop 2\nFFMA R1, R2, R3, R4\nEXIT")[0]).toMatchObject({ line: 11, found: "the end of the program" });
    expect(issues("BAR.SYNC 0, 40\nEXIT")[0].expected).toContain("multiple of 32");
    expect(issues("BRA 0x240\nEXIT")[0].expected).toContain(".loop");
    expect(issues("FFMA R1, R2, R3, R4")[0].expected).toBe("a program that ends with EXIT");
  });
});
