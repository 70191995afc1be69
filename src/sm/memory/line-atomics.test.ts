import { describe, expect, it } from "vitest";
import { LineAtomics, busyUnits } from "./line-atomics.js";

describe("busyUnits", () => {
  it("one granule keeps one unit busy; many granules all of them", () => {
    expect(busyUnits(48, 1)).toBeCloseTo(1, 12);
    expect(busyUnits(48, 100000)).toBeCloseTo(48, 9);
  });
  it("two granules on 48 units: 48 (1 - (47/48)^2) = 1.979 (the second lands on the first's unit 1 time in 48)", () => {
    expect(busyUnits(48, 2)).toBeCloseTo(2 - 1 / 48, 12);
  });
});

describe("LineAtomics", () => {
  // 4 units, granules of 64 bytes (2 sectors), 0.5 rounds per cycle each.
  const l2 = { units: 4, granuleBytes: 64, roundsPerCycle: 0.5 };
  it("one SM's atomics proceed at the busy units' rate over the SMs that share them", () => {
    const a = new LineAtomics(l2, 0);
    // Sectors 0 and 1 are one granule: 1 busy unit, 0.5 rounds per cycle, 2 sharers: 0.25 per cycle.
    const one = Float64Array.of(0, 1);
    expect(a.access(0, 0, one, 0, 2, 3, 2)).toBe(0); // 3 rounds: busy until 12
    expect(a.access(0, 0, one, 0, 2, 3, 2)).toBe(12);
    expect(a.access(100, 0, one, 0, 2, 1, 2)).toBe(100); // idle again: busy until 104
    // Sector 2 opens a second granule: 4 (1 - (3/4)^2) = 1.75 units, 0.4375 per cycle for this SM.
    expect(a.access(104, 0, Float64Array.of(2), 0, 1, 7, 2)).toBe(104); // 7 rounds: 16 cycles
    expect(a.access(104, 0, one, 0, 2, 1, 2)).toBe(120);
  });
  it("each instruction keeps its own granules", () => {
    const a = new LineAtomics(l2, 0);
    a.access(0, 0, Float64Array.of(0, 2, 4, 6), 0, 4, 4, 1); // instruction 0: 4 granules
    // Instruction 1 on one granule: 0.5 per cycle, so 2 rounds take 4 cycles after instruction 0's.
    const at = a.access(0, 1, Float64Array.of(0), 0, 1, 2, 1);
    expect(a.access(at, 1, Float64Array.of(0), 0, 1, 1, 1)).toBe(at + 4);
  });
  it("a burst of creditCycles passes; the long-run rate stays the share", () => {
    const a = new LineAtomics(l2, 8);
    const one = Float64Array.of(0);
    // 0.5 rounds per cycle, one sharer: 2 cycles a round; 8 cycles of credit take 4 at once.
    for (let i = 0; i < 5; i++) expect(a.access(100, 0, one, 0, 1, 1, 1)).toBe(100);
    expect(a.access(100, 0, one, 0, 1, 1, 1)).toBe(102);
  });
});
