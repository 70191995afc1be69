import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { readSourcePage } from "./read-source-page.js";

const HEADER = '"Address","Source","# Samples","Instructions Executed","stall_no_inst","stall_wait","stall_selected","stall_membar","stall_wait (Not Issued)"';

describe("readSourcePage (ncu --page source --csv --print-source sass)", () => {
  it("reads the H100 export of div_index: one table (ncu prints it twice), 96 instructions", () => {
    const [page, ...more] = readSourcePage(readFileSync("validation/exec/source/source-div_index.csv", "utf8"), "source-div_index.csv");
    expect(more).toHaveLength(0);
    expect(page.kernel).toBe("div_index");
    expect(page.instructions).toHaveLength(96);
    // The grid is 300 blocks of 4 warps: the first instruction issues once per warp, 1,200 times.
    expect(page.instructions[0]).toMatchObject({ offset: 0, text: "LDC R1, c[0x0][0x28]", executed: 1200 });
    expect(page.instructions[0].samples.no_instruction).toBe(393);
    expect(page.instructions[1].offset).toBe(0x10);
  });

  it("reads counts with thousands separators and '-' as 0, maps the stall columns to warpsim's states (membar since fences are modelled) and drops the rest", () => {
    const text = `"Kernel Name","k",\n${HEADER}\n"0x7f0000000100","  IMAD R1, R2, R3, RZ","3","1,827","1","2","-","5","2"\n"0x7f0000000110","EXIT","0","0","0","0","0","0","0"\n`;
    const [page] = readSourcePage(text, "s.csv");
    expect(page.instructions[0]).toEqual({ offset: 0, text: "IMAD R1, R2, R3, RZ", executed: 1827, samples: { no_instruction: 1, wait: 2, selected: 0, membar: 5 } });
    expect(page.instructions[1].offset).toBe(16);
  });

  it("refuses a file that is not a Source page, or one without warp-state samples, naming what it found", () => {
    expect(() => readSourcePage('"ID","Kernel Name"\n"0","k"\n', "raw.csv")).toThrow(/raw\.csv: expected the CSV of Nsight Compute's Source page, a "Kernel Name" line/);
    expect(() => readSourcePage('"Kernel Name","k",\n"Address","Source","Instructions Executed"\n"0x10","EXIT","1"\n', "s.csv")).toThrow(/s\.csv: line 2, kernel k: expected the warp-state sample columns/);
    expect(() => readSourcePage(`"Kernel Name","k",\n${HEADER}\n"here","EXIT","0","0","0","0","0","0","0"\n`, "s.csv")).toThrow(ConfigError);
  });
});
