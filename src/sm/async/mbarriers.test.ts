import { describe, expect, it } from "vitest";
import { MBarriers } from "./mbarriers.js";

describe("mbarriers", () => {
  const setup = () => {
    const resumed: [number, number][] = [];
    return { resumed, b: new MBarriers(8, (warp, cycle) => resumed.push([warp, cycle])) };
  };

  it("a phase completes when its arrivals and its expected bytes are all in: two arrivals, 100 bytes", () => {
    const { b, resumed } = setup();
    b.init(0, 0x400, 2);
    b.arrive(0, 0x400, 100, 10); // one arrival expecting 100 bytes
    expect(b.wait(0, 0x400, 0, 3)).toBe(false); // phase 0 not done: warp 3 waits
    b.completeTx(0, 0x400, 100, 50); // the copy lands: still one arrival short
    expect(resumed).toEqual([]);
    b.arrive(0, 0x400, 0, 60); // the second arrival completes phase 0 at 60
    expect(resumed).toEqual([[3, 60]]);
    // Phase 0 is done (one phase completed: odd), phase 1 is not.
    expect(b.wait(0, 0x400, 0, 4)).toBe(true);
    expect(b.wait(0, 0x400, 1, 4)).toBe(false);
  });

  it("a copy may land before the arrival that expects it: the count goes below zero and the arrival completes the phase", () => {
    const { b, resumed } = setup();
    b.init(1, 0x400, 1);
    expect(b.wait(1, 0x400, 0, 2)).toBe(false);
    b.completeTx(1, 0x400, 64, 5);
    b.arrive(1, 0x400, 64, 7);
    expect(resumed).toEqual([[2, 7]]);
  });

  it("blocks keep their own barriers at the same address", () => {
    const { b } = setup();
    b.init(0, 0x400, 1);
    b.init(1, 0x400, 1);
    b.arrive(0, 0x400, 0, 1);
    expect(b.wait(0, 0x400, 0, 0)).toBe(true);
    expect(b.wait(1, 0x400, 0, 1)).toBe(false);
  });

  it("says what a waiting warp waits for: the phase, its arrivals and the bytes outstanding", () => {
    const { b } = setup();
    b.init(0, 0x18020, 2);
    b.arrive(0, 0x18020, 24576, 0);
    b.wait(0, 0x18020, 0, 5);
    expect(b.describe(5)).toBe("mbarrier at shared 0x18020: phase 0, 1 of 2 arrivals, 24576 transaction bytes outstanding");
    expect(b.describe(6)).toBeUndefined();
  });

  it("a copy of unknown size (-1) completes whatever the phase still expects", () => {
    const { b, resumed } = setup();
    b.init(0, 0x400, 1);
    b.arrive(0, 0x400, 8192, 0);
    b.wait(0, 0x400, 0, 1);
    b.completeTx(0, 0x400, -1, 300);
    expect(resumed).toEqual([[1, 300]]);
  });
});
