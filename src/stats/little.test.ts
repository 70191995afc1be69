import { describe, expect, it } from "vitest";
import { latencyBound, warpsToFill } from "./little.js";

describe("Little's law for a scheduler", () => {
  it("W warps issue W x r1, at most once a cycle; 1 / r1 warps fill every cycle", () => {
    // A warp alone: 20 cycles per instruction, r1 = 0.05.
    expect(latencyBound(8, 0.05)).toBeCloseTo(0.4, 12);
    expect(latencyBound(30, 0.05)).toBe(1);
    expect(warpsToFill(0.05)).toBe(20);
  });
});
