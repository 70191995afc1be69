import seedrandom from "seedrandom";
import { describe, expect, it } from "vitest";
import { SectorTable } from "./sector-table.js";

describe("SectorTable", () => {
  it("answers as a Map would for sector numbers of any size, across growth", () => {
    const table = new SectorTable(-1, 16);
    const map = new Map<number, number>();
    const rng = seedrandom("sector-table");
    // Buffers at 0x7f0000000000 (sectors past 2^40), their sectorKeys (small), and negatives.
    const bases = [0x7f0000000000 / 32, 0, -(2 ** 35)];
    for (let i = 0; i < 20_000; i++) {
      const key = bases[i % 3] + Math.floor(rng() * 5000);
      const value = Math.floor(rng() * 1e6);
      expect(table.set(key, value)).toBe(!map.has(key));
      map.set(key, value);
    }
    expect(table.size).toBe(map.size);
    for (const [key, value] of map) expect(table.get(key)).toBe(value);
    expect(table.get(12_345_678)).toBe(-1);
    expect(table.has(12_345_678)).toBe(false);
    expect(table.has(bases[0] + 1) || !map.has(bases[0] + 1)).toBe(true);
  });

  it("tells keys apart that differ only in their upper 32 bits", () => {
    const table = new SectorTable(Number.NaN);
    table.set(5, 1);
    table.set(5 + 2 ** 32, 2);
    expect(table.get(5)).toBe(1);
    expect(table.get(5 + 2 ** 32)).toBe(2);
    expect(table.get(5 + 2 ** 33)).toBeNaN();
  });
});

describe("SectorTable's columns", () => {
  it("keep each key's values through growth, set by key or by slot", () => {
    const table = new SectorTable(-1, 2, 16);
    for (let k = 0; k < 1000; k++) {
      table.set(k * 7, k, 0);
      const slot = table.slot(k * 7);
      table.put(slot, 2 * k, 1);
    }
    for (let k = 0; k < 1000; k++) {
      expect(table.get(k * 7, 0)).toBe(k);
      expect(table.get(k * 7, 1)).toBe(2 * k);
    }
    // A slot made but not written reads absent in every column.
    const fresh = table.slot(3);
    expect([table.at(fresh, 0), table.at(fresh, 1)]).toEqual([-1, -1]);
  });
});
