import { describe, expect, it } from "vitest";
import { memoryReport } from "../../stats/memory-report.js";
import { MemoryCounters } from "./memory-counters.js";

describe("MemoryCounters", () => {
  it("a run without memory traffic reports every count and rate as 0, none missing or NaN", () => {
    const report = memoryReport(new MemoryCounters());
    for (const [name, value] of Object.entries(report)) expect([name, value]).toEqual([name, 0]);
  });

  it("the report's rates come from the counts: 3 of 4 sectors hit is 0.75", () => {
    const c = new MemoryCounters();
    c.loadRequests = 1;
    c.loadSectors = 4;
    c.loadSectorHits = 3;
    expect(memoryReport(c).l1LoadHitRate).toBe(0.75);
  });
});
