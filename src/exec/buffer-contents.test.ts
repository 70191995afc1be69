import { describe, expect, it } from "vitest";
import { parseContents, wordAt, type BufferContents } from "./buffer-contents.js";

const read = (text: string): BufferContents => {
  const c = parseContents(text, 0);
  if (typeof c === "string") throw new Error(c);
  return c;
};

describe("a buffer's contents as the user writes them", () => {
  it("fill: an integer, or a float's IEEE bits (1.5f is 0x3fc00000)", () => {
    expect(wordAt(read("fill(7)"), 123)).toBe(7);
    expect(wordAt(read("fill(-1)"), 0)).toBe(-1);
    expect(wordAt(read("fill(1.5)"), 9) >>> 0).toBe(0x3fc00000);
  });
  it("iota: start + index x step", () => {
    const c = read("iota(10, 3)");
    expect([0, 1, 2, 100].map((i) => wordAt(c, i))).toEqual([10, 13, 16, 310]);
  });
  it("random: within lo..hi, the same for an element whatever the order, and spread over the range", () => {
    const c = read("random(0, 3)");
    const values = Array.from({ length: 4000 }, (_, i) => wordAt(c, i));
    expect(values.every((v) => v >= 0 && v <= 3)).toBe(true);
    expect(wordAt(c, 17)).toBe(values[17]);
    for (let v = 0; v <= 3; v++) expect(values.filter((x) => x === v).length).toBeGreaterThan(800); // 1,000 each expected
  });
  it("random with float bounds: floats in [lo, hi), spread over the range, as their IEEE bits", () => {
    const c = read("random(0.5, 2.0)");
    const view = new DataView(new ArrayBuffer(4));
    const floats = Array.from({ length: 4000 }, (_, i) => {
      view.setInt32(0, wordAt(c, i), true);
      return view.getFloat32(0, true);
    });
    expect(floats.every((v) => v >= 0.5 && v < 2)).toBe(true);
    // Four quarters of the range, 1,000 each expected.
    for (let q = 0; q < 4; q++) expect(floats.filter((v) => v >= 0.5 + 0.375 * q && v < 0.875 + 0.375 * q).length).toBeGreaterThan(800);
    expect(wordAt(c, 17)).toBe(wordAt(read("random(0.5, 2.0)"), 17));
  });
  it("says what it expected for anything else", () => {
    expect(parseContents("zeros", 0)).toMatch(/fill\(V\), iota\(START, STEP\) or random\(LO, HI\)/);
    expect(parseContents("iota(1)", 0)).toMatch(/two whole numbers/);
    expect(parseContents("random(5, 1)", 0)).toMatch(/LO <= HI/);
    expect(parseContents("random(2.0, 0.5)", 0)).toMatch(/LO < HI for floats/);
  });
});
