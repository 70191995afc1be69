import { describe, expect, it } from "vitest";
import { addressSpaceLimit, workersWithin } from "./address-space.js";

const GiB = 2 ** 30;

describe("sweep workers under an address-space limit (ulimit -v)", () => {
  it("stays within what was measured to run (2, 3, 4 and 6 GiB: 1, 3, 5 and 8 workers), with a margin", () => {
    const measured: [number, number][] = [[2, 1], [3, 3], [4, 5], [6, 8]];
    expect(measured.map(([g]) => workersWithin(g * GiB, 16))).toEqual([1, 2, 4, 7]);
    for (const [g, ran] of measured) expect(workersWithin(g * GiB, 16)).toBeLessThanOrEqual(ran);
  });
  it("never asks for more than wanted, nor fewer than 1", () => {
    expect(workersWithin(100 * GiB, 4)).toBe(4);
    expect(workersWithin(Infinity, 4)).toBe(4);
    expect(workersWithin(0.5 * GiB, 4)).toBe(1);
  });
  it("reads the soft limit of /proc/self/limits", () => {
    const limits = (v: string) => `Limit                     Soft Limit           Hard Limit           Units\nMax address space         ${v}           unlimited            bytes\n`;
    expect(addressSpaceLimit(limits("3221225472"))).toBe(3 * GiB);
    expect(addressSpaceLimit(limits("unlimited"))).toBe(Infinity);
    expect(addressSpaceLimit("")).toBe(Infinity);
  });
});
