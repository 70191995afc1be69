import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The same-word atomic probe (validation/microbench/same_word_atomic_probe.cu, data in
 * same-word-atomic-probe/) against the H100: every thread of a full GPU adds into word (its
 * index mod `words`) 4 times, integers and floats, under ncu. sm_90's floatWordCycles (2.85)
 * was read off the 8-word float row's rate per word; the one-word rows check the whole run from
 * the listing: a float add into one word waits for the one before, an integer one hardly.
 */
const lines = readFileSync("validation/microbench/same-word-atomic-probe/ncu_raw.csv", "utf8").split("\n");
const ncu = (parse(lines.slice(lines.findIndex((l) => l.startsWith('"ID"'))).join("\n"), { columns: true }) as Record<string, string>[]).filter((r) => /^\d+$/.test(r.ID));
const manifest = readFileSync("validation/microbench/same-word-atomic-probe/manifest.txt", "utf8").trim().split("\n").map((l) => l.split(","));
const h100 = (type: string, words: number) => Number(ncu[manifest.findIndex((m) => m[2] === type && Number(m[3]) === words)]["sm__cycles_active.avg"].replace(/,/g, ""));

async function simulated(type: string, words: number): Promise<number> {
  const kernel = type === "float" ? "_Z9same_wordIfEvPT_ii" : "_Z9same_wordIiEvPT_ii";
  const r = await cli("run", "--sass", "validation/microbench/same-word-atomic-probe/sass.txt", "--kernel", kernel, "--grid", "528", "--block", "256", "--args", `ptr:1MiB,i32:${words},i32:4`, "--format", "json");
  return (JSON.parse(r.stdout) as { cycles: number }).cycles;
}

describe("float atomics into one word wait for each other at the L2 (same_word_atomic_probe)", () => {
  it(`one word: the H100 takes ${h100("int", 1)} cycles for integer adds, ${h100("float", 1)} for float ones; warpsim within 12% of both`, async () => {
    for (const type of ["int", "float"]) expect(Math.abs((await simulated(type, 1)) / h100(type, 1) - 1)).toBeLessThan(0.12);
  });

  it("floats into one word take 2 to 3 times as long as integers, on the H100 and in warpsim", async () => {
    const measured = h100("float", 1) / h100("int", 1);
    const predicted = (await simulated("float", 1)) / (await simulated("int", 1));
    expect(measured).toBeGreaterThan(2);
    expect(measured).toBeLessThan(3);
    expect(predicted).toBeGreaterThan(2);
    expect(predicted).toBeLessThan(3);
  });
});

describe("float adds into many words go at the line units' rate: only a word's repeats wait (validation/corpus half2_atomic)", () => {
  // atomicAdd on __half2 into 1,000 bins at random: 32 lanes share a word now and then (about
  // 4 warps in 10), and only that word's second add waits 2.85 cycles; the H100 performs 7.25
  // adds a cycle over the GPU, the integer rate on 32 lines (atomic-lines probe: 7.2). Charging
  // every round of such a warp at the float rate made it 54% slow.
  it("half2_atomic: within 15% of the H100's active cycles", async () => {
    const row = (parse(readFileSync("validation/corpus/data/summary.csv", "utf8"), { columns: true }) as Record<string, string>[]).find((r) => r.kernel === "half2_atomic")!;
    const r = await cli("run", "--sass", "validation/corpus/kernels.sass", "--kernel", "half2_atomic", "--grid", "16384", "--block", "256", "--args", "ptr:16MiB random(0, 999),ptr:4KiB,i32:4194304", "--format", "json");
    const simulated = (JSON.parse(r.stdout) as { smActiveCycles: number }).smActiveCycles;
    expect(Math.abs(simulated / Number(row["sm__cycles_active.avg"]) - 1)).toBeLessThan(0.15);
  });
});
