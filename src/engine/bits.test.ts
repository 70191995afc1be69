import { describe, expect, it } from "vitest";
import { highestBit, lowestBit, popcount, squeezeOut } from "./bits.js";

describe("bit arithmetic on 32-bit masks", () => {
  it("counts set bits, the sign bit included", () => {
    expect([popcount(0), popcount(0b1011), popcount(-1), popcount(1 << 31)]).toEqual([0, 3, 32, 1]);
  });

  it("finds the lowest and highest set bit", () => {
    expect([lowestBit(0b1000), lowestBit(0b1010), lowestBit(1 << 31)]).toEqual([3, 1, 31]);
    expect([highestBit(0b1010), highestBit(1)]).toEqual([3, 0]);
  });

  it("squeezes out a clear bit: the bits above it move one down", () => {
    expect(squeezeOut(2, 0b11011)).toBe(0b1111);
    expect(squeezeOut(0, 0b110)).toBe(0b11);
    expect(squeezeOut(4, 0b0101)).toBe(0b0101);
  });
});
