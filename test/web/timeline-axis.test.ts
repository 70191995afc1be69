import { describe, expect, it } from "vitest";
import { axisTicks } from "../../web/timeline.js";

/** The playground's timeline has a cycle axis (issue 33): ticks at round cycles inside the window. */
describe("the timeline's cycle axis", () => {
  it("puts about six ticks at multiples of 1, 2 or 5 times a power of ten", () => {
    // 2,000 cycles from 0: a rough step of 333, so 500: 0, 500, 1000, 1500.
    expect(axisTicks(0, 2000)).toEqual([0, 500, 1000, 1500]);
    // 500 cycles from 1,234: step 100 (83 rounded up), from 1,300.
    expect(axisTicks(1234, 500)).toEqual([1300, 1400, 1500, 1600, 1700]);
    // 100,000 cycles: step 20,000.
    expect(axisTicks(0, 100_000)).toEqual([0, 20000, 40000, 60000, 80000]);
  });
});
