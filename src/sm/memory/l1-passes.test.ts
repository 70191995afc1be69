import { describe, expect, it } from "vitest";
import { coalesce } from "./coalescer.js";
import { dataPasses, delayOf, l1Stages, passesOf, stages, tagPasses } from "./l1-passes.js";

const ALL = 0xffffffff | 0;

/** The passes (or, with `rule` delayOf, the delay) of an access whose lane k moves `width` bytes at at(k). */
function passes(at: (lane: number) => number, width = 4, lanes = ALL, rule = passesOf): number {
  const addresses = new Float64Array(32);
  for (let l = 0; l < 32; l++) addresses[l] = at(l);
  const sectors = new Float64Array(64);
  const n = coalesce(addresses, lanes, width, sectors);
  l1Stages(addresses, lanes, width, sectors, n);
  return rule(stages);
}

describe("an access's passes through the L1 (the busier of its tag and data stages)", () => {
  it("a coalesced load takes one pass per 128 bytes, as the distinct-lines rule had it", () => {
    expect(passes((l) => 4096 + 4 * l)).toBe(1);
    expect(passes((l) => 4096 + 8 * l, 8)).toBe(2);
    // 16 bytes a lane: 16 lanes a phase, 64 words in 32 banks: 2 a phase, 2 phases; 4 lines in 4 tag banks.
    expect(passes((l) => 4096 + 16 * l, 16)).toBe(4);
  });

  it("lanes on one word share it (a broadcast): one pass", () => {
    expect(passes(() => 4096)).toBe(1);
  });

  it("32 lines at one offset: every word in one data bank, 32 passes", () => {
    expect(passes((l) => 128 * l)).toBe(32);
  });

  it("32 lines at 32 offsets: one word a data bank; lines k mod 4 give each tag bank 8 lines", () => {
    expect(passes((l) => 128 * l + 4 * l)).toBe(8);
    expect(dataPasses(Float64Array.from({ length: 32 }, (_, l) => 128 * l + 4 * l), ALL, 4)).toBe(1);
  });

  it("structures of 48 bytes (lane k at 48 k): words 12 k mod 32 put 4 in each of 8 banks; 12 lines, 3 a tag bank", () => {
    expect(passes((l) => 48 * l)).toBe(4);
  });

  it("structures of 36 bytes: 9 lines, 32 banks; the tag stage binds (9 lines, at most 3 a bank)", () => {
    expect(passes((l) => 36 * l)).toBe(3);
  });

  it("eight lines in one tag bank (every fourth line), a word each in its own data bank: 8 passes", () => {
    const sectors = Float64Array.from([0, 16, 32, 48, 64, 80, 96, 112]); // lines 0, 4, ..., 28
    expect(tagPasses(sectors, 8)).toBe(8);
  });

  it("inactive lanes add nothing", () => {
    expect(passes((l) => 128 * l, 4, 0b1)).toBe(1);
    expect(passes((l) => 128 * l, 4, 0b11)).toBe(2);
  });

  it("the delay a load's hits wait: 2.4 cycles a data pass and one a tag pass beyond the first, the slower stage", () => {
    expect(passes((l) => 4096 + 4 * l, 4, ALL, delayOf)).toBe(0);
    expect(passes((l) => 128 * l, 4, ALL, delayOf)).toBe(74); // 32 data passes: 2.4 x 31
    expect(passes((l) => 128 * l + 4 * l, 4, ALL, delayOf)).toBe(7); // 8 tag passes
    expect(passes((l) => 48 * l, 4, ALL, delayOf)).toBe(7); // 4 data passes (7.2) over 3 tag passes (2)
  });

  it("a contiguous access: ceil(words / 32) a phase wherever it starts (the fast path), as the general rule counts", () => {
    for (const [width, expected] of [[4, 1], [8, 2], [16, 4]]) {
      for (const base of [4096, 4100, 4224]) {
        const addresses = Float64Array.from({ length: 32 }, (_, l) => base + width * l);
        expect(dataPasses(addresses, ALL, width)).toBe(expected);
        // The same words with lane 31 off (the general path): no bank holds more.
        expect(dataPasses(addresses, ALL & ~(1 << 31), width)).toBeLessThanOrEqual(expected);
      }
    }
  });
});
