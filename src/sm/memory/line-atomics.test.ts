import { describe, expect, it } from "vitest";
import { LineAtomics } from "./line-atomics.js";

describe("LineAtomics", () => {
  it("one SM's atomics proceed at the lines' rate times its hot lines over the SMs that share them", () => {
    // 0.25 operations per cycle per line, 2 hot lines, 4 SMs on them: 0.125 per cycle for this SM.
    const a = new LineAtomics(0.25, 0);
    const two = Float64Array.of(0, 4); // a sector in line 0 and one in line 1
    expect(a.access(0, 0, two, 0, 2, 4)).toBe(0); // 2 operations: busy until 16
    expect(a.access(0, 0, two, 0, 2, 4)).toBe(16);
    expect(a.access(100, 0, two, 0, 2, 4)).toBe(100); // idle again
  });
  it("a burst of creditCycles passes; the long-run rate stays the share", () => {
    const a = new LineAtomics(0.25, 16);
    const one = Float64Array.of(0);
    expect(a.access(100, 0, one, 0, 1, 1)).toBe(100); // taken as if at 84: busy until 88
    expect(a.access(100, 0, one, 0, 1, 1)).toBe(100); // 88..92
    expect(a.access(100, 0, one, 0, 1, 1)).toBe(100); // 92..96
    expect(a.access(100, 0, one, 0, 1, 1)).toBe(100); // 96..100
    expect(a.access(100, 0, one, 0, 1, 1)).toBe(100); // 100..104
    expect(a.access(100, 0, one, 0, 1, 1)).toBe(104);
  });
});
