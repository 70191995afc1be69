import { describe, expect, it } from "vitest";
import { SharedMemoryPath } from "./shared-memory.js";

describe("the SM's shared-memory pipe (one wavefront per cycle, a 2-deep MIO queue per sub-partition)", () => {
  it("starts accesses one wavefront apart, whichever sub-partition issued them", () => {
    const path = new SharedMemoryPath({ wavefrontCycles: 1, queueDepth: 2 }, 4);
    expect([path.access(0, 0, 1), path.access(0, 1, 1), path.access(0, 2, 1)]).toEqual([0, 1, 2]);
  });

  it("a bank-conflicted access holds the pipe for its wavefronts", () => {
    const path = new SharedMemoryPath({ wavefrontCycles: 1, queueDepth: 2 }, 4);
    expect(path.access(0, 0, 4)).toBe(0);
    expect(path.access(0, 1, 1)).toBe(4);
  });

  it("a sub-partition whose queue is full waits for its oldest queued access to start", () => {
    const path = new SharedMemoryPath({ wavefrontCycles: 1, queueDepth: 2 }, 4);
    path.access(0, 0, 8); // starts at once: not queued
    path.access(0, 0, 1); // starts at 8: queued
    expect(path.acceptAt(0, 0)).toBe(0); // one queued, room for another
    path.access(0, 0, 1); // starts at 9: queued
    expect(path.acceptAt(0, 0)).toBe(8); // two queued: room when the first starts
    expect(path.acceptAt(0, 1)).toBe(0); // another sub-partition's queue is empty
    expect(path.acceptAt(8, 0)).toBe(8);
  });
  it("a store held back by the L2's write rate holds the pipe: the next access starts after it", () => {
    const path = new SharedMemoryPath({ wavefrontCycles: 1, queueDepth: 2 }, 4);
    expect(path.access(0, 0, 1)).toBe(0);
    path.holdUntil(50);
    expect(path.access(10, 1, 1)).toBe(50);
    path.holdUntil(20); // an earlier hold changes nothing
    expect(path.access(10, 2, 1)).toBe(51);
  });
});
