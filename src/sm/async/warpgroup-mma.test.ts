import { describe, expect, it } from "vitest";
import { WarpgroupMma } from "./warpgroup-mma.js";

/** N / 2 cycles on the core per HGMMA, 45 more until its accumulators are readable (sm_90). */
const mma = () => new WarpgroupMma(4, 8, 0.5, 45);

describe("warpgroup MMA", () => {
  it("one HGMMA of N = 128 issued at 0 holds the tensor core 64 cycles; its group is done at 64 + 45 = 109", () => {
    const m = mma();
    expect(m.issue(0, 0, 128, true, 0)).toBe(109);
    expect(m.waitUntil(0, 0)).toBe(109);
  });

  it("the sub-partition's core takes HGMMAs in turn: a second at cycle 10 starts at 64 and is done at 128 + 45", () => {
    const m = mma();
    m.issue(0, 0, 128, false, 0);
    expect(m.issue(0, 0, 128, true, 10)).toBe(173);
    // Another warp on the same sub-partition queues behind both; one on another does not.
    expect(m.issue(1, 0, 64, true, 20)).toBe(128 + 32 + 45);
    expect(m.issue(2, 1, 64, true, 20)).toBe(20 + 32 + 45);
    expect(m.busyCycles).toBe(64 + 64 + 32 + 32);
  });

  it("DEPBAR.LE n waits for all but the newest n groups: two groups pending, LE 1 waits for the first", () => {
    const m = mma();
    m.issue(0, 0, 256, true, 0); // done 128 + 45 = 173
    m.issue(0, 0, 256, true, 1); // starts 128, done 256 + 45 = 301
    expect(m.waitUntil(0, 1)).toBe(173);
    // The first is forgotten; the second is the one left.
    expect(m.waitUntil(0, 0)).toBe(301);
    expect(m.waitUntil(0, 0)).toBe(0);
  });

  it("HGMMAs not yet committed are not waited for (wgmma.wait_group counts committed groups)", () => {
    const m = mma();
    m.issue(0, 0, 128, false, 0);
    expect(m.waitUntil(0, 0)).toBe(0);
  });

  it("a warp leaving forgets its groups", () => {
    const m = mma();
    m.issue(3, 0, 128, true, 0);
    m.reset(3);
    expect(m.waitUntil(3, 0)).toBe(0);
  });

  it("narrow tiles wait for their operands: N = 16 from shared memory holds the core (2,048 + 512) / 128 = 20 cycles, its result still 8 + 45 after it starts", () => {
    const m = new WarpgroupMma(4, 8, 0.5, 45, 128);
    expect(m.issue(0, 0, 16, false, 0, 2560)).toBe(53);
    // The next starts when the operands of the first are in: at 20, not 8.
    expect(m.issue(0, 0, 16, true, 0, 2560)).toBe(20 + 8 + 45);
    // N = 128 (6,144 bytes: 48 cycles) is bound by its math, 64 cycles.
    expect(m.issue(1, 1, 128, true, 0, 6144)).toBe(64 + 45);
    expect(m.issue(1, 1, 128, true, 0, 6144)).toBe(128 + 45);
    expect(m.busyCycles).toBe(20 + 20 + 64 + 64);
  });
});
