import { describe, expect, it } from "vitest";
import { PostedReductions } from "./posted-reductions.js";

describe("posted reductions", () => {
  it("leave at once while the outstanding rounds fit the capacity", () => {
    const p = new PostedReductions(8);
    // Each of 4 rounds, performed 1,000 cycles after it is ready: two fit.
    expect(p.post(0, 1000, 4)).toBe(0);
    expect(p.post(1, 1001, 4)).toBe(1);
  });

  it("past the capacity, one waits until enough of the oldest are performed", () => {
    const p = new PostedReductions(8);
    p.post(0, 1000, 4);
    p.post(1, 1001, 4);
    // The third waits for the first (performed at 1,000), the fourth for the second (1,001).
    expect(p.post(2, 2000, 4)).toBe(1000);
    expect(p.post(3, 2001, 4)).toBe(1001);
    // One of 8 rounds needs both before it performed (2,000 and 2,001).
    expect(p.post(4, 3000, 8)).toBe(2001);
  });

  it("counts rounds, not reductions: a 32-round reduction waits for the whole queue", () => {
    const p = new PostedReductions(40);
    for (let i = 0; i < 10; i++) expect(p.post(i, 100 * (i + 1), 4)).toBe(i);
    // 40 rounds outstanding: a 32-round one needs 32 of them performed (the first 8, at 800).
    expect(p.post(10, 5000, 32)).toBe(800);
  });

  it("a reduction already performed when the next is ready frees its room without a wait", () => {
    const p = new PostedReductions(4);
    p.post(0, 10, 4);
    expect(p.post(50, 60, 4)).toBe(50);
  });
});
