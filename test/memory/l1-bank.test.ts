import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The L1 bank probe (validation/microbench/l1_bank_probe.cu, data in l1-bank-probe/) against
 * the H100: loads whose lanes touch 8 to 32 lines of a table the L1 holds, at offsets that put
 * 1 to 32 of their words in one data bank. The H100 takes the busier of its tag stage (four tag
 * banks, a line each per cycle) and its data stage (a word per data bank per cycle): 32 lines at
 * one offset 30.2 cycles a request, at 32 offsets 10.4; the old rule, a cycle per line, gave
 * 30.6 for both. From a table only the L2 holds, each missed line costs the L2 path 1.45 cycles
 * (sm_90's l2RequestCycles), more than its one sector's bytes. warpsim runs the probe's own listing, 8 trips (64 there): cycles per request.
 */
const rows = parse(readFileSync("validation/microbench/l1-bank-probe/summary.csv", "utf8"), { columns: true, cast: true }) as {
  op: string;
  table_bytes: number;
  group_shift: number;
  word_mul: number;
  word_mask: number;
  random: number;
  cycles_per_request_per_sm: number;
}[];

const TRIPS = 8;

async function cyclesPerRequest(r: (typeof rows)[number]): Promise<number> {
  const args = `ptr:16448KiB,ptr:528KiB,i32:${TRIPS},u32:${r.table_bytes / 128 - 1},u32:${r.group_shift},u32:${r.word_mul},u32:${r.word_mask},u32:${r.random}`;
  const out = await cli("run", "--sass", "validation/microbench/l1-bank-probe/sass.txt", "--kernel", "bank_gather", "--grid", "132", "--block", "1024", "--args", args, "--format", "json");
  return (JSON.parse(out.stdout) as { cycles: number }).cycles / (32 * 8 * TRIPS);
}

/** Rows that tell the stages apart: [lanes a line (log 2), word multiplier, word mask, random word, what it shows]. */
const chosen: [number, number, number, number, string][] = [
  [0, 0, 31, 0, "32 lines, one offset: the data stage (32 words a bank)"],
  [0, 1, 31, 0, "32 lines, 32 offsets: the tag stage (about 10 lines in the busiest tag bank)"],
  [0, 0, 31, 1, "32 lines, random offsets (a gather's neighbours)"],
  [2, 1, 31, 0, "8 lines of 4 lanes, one word a bank: the tag stage"],
  [5, 12, 4294967295, 0, "structures of 48 bytes: 12 lines, 4 words a bank"],
  [5, 9, 4294967295, 0, "structures of 36 bytes: 9 lines, 1 word a bank"],
];

describe("a load's missed lines each cost the L2 path a request (l1_bank_probe, 16 MiB table)", () => {
  // 32 lines of a sector each: 1.45 cycles a line (sm_90 l2RequestCycles), not the 32 sectors' bytes (0.87 a sector).
  const r = rows.find((x) => x.op === "load" && x.table_bytes === 16777216 && x.group_shift === 0 && x.word_mul === 0 && x.random === 0)!;
  it(`32 lines at one offset from the L2: the H100's ${r.cycles_per_request_per_sm} cycles per request, warpsim within 10%`, async () => {
    expect(Math.abs((await cyclesPerRequest(r)) / r.cycles_per_request_per_sm - 1)).toBeLessThan(0.1);
  });
});

describe("an L1 hit takes the busier of the tag and data stages (l1_bank_probe)", () => {
  for (const [shift, mul, mask, random, what] of chosen) {
    const r = rows.find((x) => x.op === "load" && x.table_bytes === 32768 && x.group_shift === shift && x.word_mul === mul && x.word_mask === mask && x.random === random)!;
    it(`${what}: the H100's ${r.cycles_per_request_per_sm} cycles per request, warpsim within 15%`, async () => {
      expect(Math.abs((await cyclesPerRequest(r)) / r.cycles_per_request_per_sm - 1)).toBeLessThan(0.15);
    });
  }
});

describe("a store's lines written in part each cost the L2 more than their bytes (l1_bank_probe, 16 MiB table)", () => {
  // 4 bytes a lane: every sector is written in part. 1.64 cycles a sector (32 / l2WriteBytesPerCycle,
  // the store rewrite probe's 19.5 bytes a cycle) plus 1.38 a line (l2PartialLineCycles): 32 lines
  // 96.6 (the H100 96.9), 16 lines 74.6 (74.8), 8 lines of 4 lanes 24.2 (24.6).
  const scatter = async (shift: number, mul: number, mask: number) => {
    const args = `ptr:16448KiB,i32:${TRIPS},u32:${16777216 / 128 - 1},u32:${shift},u32:${mul},u32:${mask},u32:0`;
    const out = await cli("run", "--sass", "validation/microbench/l1-bank-probe/sass.txt", "--kernel", "bank_scatter", "--grid", "132", "--block", "1024", "--args", args, "--format", "json");
    return (JSON.parse(out.stdout) as { cycles: number }).cycles / (32 * 8 * TRIPS);
  };
  for (const [shift, mul, mask, what] of [
    [0, 1, 31, "32 lines, a word each"],
    [5, 16, 4294967295, "structures of 64 bytes: 16 lines"],
    [2, 0, 31, "8 lines of 4 lanes"],
  ] as const) {
    const r = rows.find((x) => x.op === "store" && x.table_bytes === 16777216 && x.group_shift === shift && x.word_mul === mul && x.word_mask === mask && x.random === 0)!;
    it(`${what}: the H100's ${r.cycles_per_request_per_sm} cycles per request, warpsim within 12%`, async () => {
      expect(Math.abs((await scatter(shift, mul, mask)) / r.cycles_per_request_per_sm - 1)).toBeLessThan(0.12);
    });
  }
});
