import { afterEach, describe, expect, it, vi } from "vitest";
import { progressBar } from "../../src/cli/progress.js";

describe("progress when stderr is not a terminal", () => {
  afterEach(() => vi.useRealTimers());
  it("prints nothing for 10 s, then a line at most every 10 s", () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const lines: string[] = [];
    const p = progressBar({ stdout: () => {}, stderr: (t: string) => lines.push(t), isTty: false }, "sweep");
    p.update(1, 100);
    vi.setSystemTime(9_999);
    p.update(5, 100);
    expect(lines).toEqual([]);
    vi.setSystemTime(10_000);
    p.update(10, 100);
    vi.setSystemTime(15_000);
    p.update(15, 100);
    vi.setSystemTime(20_000);
    p.update(20, 100);
    expect(lines).toEqual(["warpsim: sweep: 10% (10 of 100) after 10 s\n", "warpsim: sweep: 20% (20 of 100) after 20 s\n"]);
    p.stop();
  });
});
