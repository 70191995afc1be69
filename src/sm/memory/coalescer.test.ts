import { describe, expect, it } from "vitest";
import { atomicRounds, coalesce, distinctLines, lineOf, partialLines } from "./coalescer.js";

const ALL = -1;
function lanes(f: (l: number) => number): Float64Array {
  return Float64Array.from({ length: 32 }, (_, l) => f(l));
}

describe("coalesce", () => {
  const out = new Float64Array(64);
  it("a warp's consecutive 4-byte accesses from an aligned base touch 4 sectors (one 128-byte line)", () => {
    expect(coalesce(lanes((l) => 4096 + 4 * l), ALL, 4, out)).toBe(4);
    expect(Array.from(out.subarray(0, 4))).toEqual([128, 129, 130, 131]);
  });
  it("16-byte accesses (LDG.128) touch 16 sectors, 8-byte ones 8", () => {
    expect(coalesce(lanes((l) => 16 * l), ALL, 16, out)).toBe(16);
    expect(coalesce(lanes((l) => 8 * l), ALL, 8, out)).toBe(8);
  });
  it("a misaligned coalesced access straddles one more sector", () => {
    // Bytes 4..131: sectors 0..4.
    expect(coalesce(lanes((l) => 4 + 4 * l), ALL, 4, out)).toBe(5);
  });
  it("a stride of a row (transpose's column walk) gives each lane its own sector", () => {
    expect(coalesce(lanes((l) => l * 8192), ALL, 4, out)).toBe(32);
  });
  it("a broadcast is one sector; inactive lanes touch nothing", () => {
    expect(coalesce(lanes(() => 100), ALL, 4, out)).toBe(1);
    expect(coalesce(lanes((l) => 4 * l), 0b1, 4, out)).toBe(1);
    expect(coalesce(lanes((l) => 4 * l), 0, 4, out)).toBe(0);
  });
  it("distinct lines: an access's lines (its L1 passes where the lanes' addresses are not recorded)", () => {
    // sgemm_naive's warp: two rows of A (one sector each, lines far apart), then one row of B (two sectors of one line).
    expect(distinctLines(Float64Array.of(0, 64 * 4), 0, 2)).toBe(2);
    expect(distinctLines(Float64Array.of(8, 9), 0, 2)).toBe(1);
    // LDG.128 of 32 lanes: 16 sectors, 4 lines.
    expect(distinctLines(Float64Array.from({ length: 16 }, (_, i) => 100 * 4 + i), 0, 16)).toBe(4);
  });
  it("a line holds four sectors", () => {
    expect(lineOf(131)).toBe(32);
    expect(lineOf(127)).toBe(31);
  });
});

describe("atomicRounds", () => {
  it("distinct words: one round per sector (a coalesced RED over one line: 4 sectors)", () => {
    expect(atomicRounds(lanes((l) => 4096 + 4 * l), ALL, 4)).toBe(4);
  });
  it("every lane on one word: 32 rounds of its one sector", () => {
    expect(atomicRounds(lanes(() => 64), ALL, 4)).toBe(32);
  });
  it("per sector, its most crowded word: lanes 0-15 on word 0, 16-31 spread over sector 1's 8 words (2 each)", () => {
    // Sector 0: 16 lanes on one word -> 16 rounds; sector 1: 8 words x 2 lanes -> 2 rounds.
    expect(atomicRounds(lanes((l) => (l < 16 ? 0 : 32 + 4 * ((l - 16) % 8))), ALL, 4)).toBe(18);
  });
  it("inactive lanes add nothing", () => {
    expect(atomicRounds(lanes(() => 64), 0b1011, 4)).toBe(3);
    expect(atomicRounds(lanes(() => 64), 0, 4)).toBe(0);
  });
});

describe("partialLines: a store's lines with a sector not wholly written", () => {
  const out = new Float64Array(64);
  const masks = new Int32Array(64);
  const count = (addresses: Float64Array, width: number, active = ALL) => partialLines(addresses, active, width, out, coalesce(addresses, active, width, out), masks);
  it("a coalesced 4-byte or float4 store writes whole lines: none", () => {
    expect(count(lanes((l) => 4096 + 4 * l), 4)).toBe(0);
    expect(count(lanes((l) => 16 * l), 16)).toBe(0);
  });
  it("a column of a transpose (each lane's word in its own line) writes 32 lines in part", () => {
    expect(count(lanes((l) => 4096 * l), 4)).toBe(32);
  });
  it("counts sectors, not lines: half a warp writes 2 whole sectors (none), shifted by a word it writes 3 in part (one line)", () => {
    expect(count(lanes((l) => 4 * l), 4, 0xffff)).toBe(0);
    expect(count(lanes((l) => 4 + 4 * l), 4, 0xffff)).toBe(1);
  });
  it("stride 2 (every other word) writes 2 lines, each in part", () => {
    expect(count(lanes((l) => 8 * l), 4)).toBe(2);
  });
});
