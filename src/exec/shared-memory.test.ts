import { describe, expect, it } from "vitest";
import { decode, execute, type ExecContext } from "./execute.js";
import { BlockSharedMemory } from "./shared-memory.js";
import { WarpRegisters } from "./warp-registers.js";

function ins(text: string) {
  const [opcode, ...modifiers] = text.split(" ")[0].split(".");
  const operands = text.slice(text.indexOf(" ") + 1).split(", ");
  return decode({ address: 0, opcode, modifiers, operands, text, line: 1, control: undefined, guard: undefined } as never);
}

/** A warp whose lane l holds l in R0 (a thread index) and the given values in R1, R2, ... (known). */
function warp(...values: number[]): WarpRegisters {
  const regs = new WarpRegisters();
  for (let l = 0; l < 32; l++) {
    regs.set(0, l, l, true);
    values.forEach((v, r) => regs.set(r + 1, l, v, true));
  }
  return regs;
}

describe("a block's shared memory as the executor follows it (shared-memory.ts)", () => {
  const shared = new BlockSharedMemory();
  const ctx = { launch: { bank0: [] } as never, block: 0, warpInBlock: 0, shared } as ExecContext;
  const run = (text: string, regs: WarpRegisters, lanes = -1) => execute(ins(text), regs, lanes, ctx);

  it("a word one warp stores is what another loads, lane by lane ([R0.X4]: 4 bytes a lane)", () => {
    shared.clear();
    const writer = warp();
    run("IMAD R3, R0, 0x7, 0x1", writer); // lane l: 7l + 1
    run("STS [R0.X4+0x100], R3", writer);
    const reader = warp();
    run("LDS R5, [R0.X4+0x100]", reader);
    for (const l of [0, 1, 31]) {
      expect(reader.get(5, l)).toBe(7 * l + 1);
      expect(reader.isKnown(5, l)).toBe(true);
    }
  });

  it("one lane's store is every lane's broadcast; a word never stored is unknown", () => {
    shared.clear();
    const regs = warp(4096);
    run("STS [RZ+0x10], R1", regs, 1); // thread 0 alone: bounds[0] = 4096
    run("LDS R6, [RZ+0x10]", regs);
    expect(regs.get(6, 17)).toBe(4096);
    expect(regs.isKnown(6, 17)).toBe(true);
    run("LDS R7, [RZ+0x14]", regs);
    expect(regs.isKnown(7, 0)).toBe(false);
  });

  it(".64 and .128 move consecutive registers; bytes land little-endian in their word", () => {
    shared.clear();
    const regs = warp(11, 22, 33, 44, 0x01020304);
    run("STS.128 [RZ], R1", regs, 1);
    run("LDS.64 R8, [RZ+0x8]", regs); // words 2 and 3: 33, 44
    expect([regs.get(8, 5), regs.get(9, 5)]).toEqual([33, 44]);
    run("STS [RZ+0x20], R5", regs, 1);
    run("LDS.U8 R10, [RZ+0x21]", regs); // byte 1 of 0x01020304
    expect(regs.get(10, 0)).toBe(0x03);
    run("STS.U8 [RZ+0x22], R1", regs, 1); // byte 2 becomes 11 (0x0b)
    run("LDS R11, [RZ+0x20]", regs);
    expect(regs.get(11, 0)).toBe(0x010b0304);
  });

  it("never a wrong value: a store of unknown data, or at an unknown address, and atomics forget", () => {
    shared.clear();
    const regs = warp(5);
    run("STS [RZ], R1", regs, 1);
    run("STS [RZ+0x4], R1", regs, 1);
    regs.setKnown(2, -1, 0); // R2 unknown (loaded data)
    run("STS [RZ], R2", regs, 1);
    run("LDS R3, [RZ]", regs);
    expect(regs.isKnown(3, 0)).toBe(false);
    run("ATOMS.ADD R4, [RZ+0x4], R1", regs, 1); // the old value comes back unknown, the word too
    run("LDS R6, [RZ+0x4]", regs);
    expect(regs.isKnown(4, 0) || regs.isKnown(6, 0)).toBe(false);
    run("STS [RZ+0x8], R1", regs, 1);
    run("STS [R2], R1", regs, 1); // where? anywhere: everything is forgotten
    run("LDS R7, [RZ+0x8]", regs);
    expect(regs.isKnown(7, 0)).toBe(false);
  });

  it("without a block's shared memory (a warp run alone), loads are unknown as before", () => {
    const alone = { ...ctx, shared: undefined } as ExecContext;
    const regs = warp(9);
    execute(ins("STS [RZ], R1"), regs, 1, alone);
    execute(ins("LDS R3, [RZ]"), regs, -1, alone);
    expect(regs.isKnown(3, 0)).toBe(false);
  });
});
