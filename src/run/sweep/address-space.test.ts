import { describe, expect, it } from "vitest";
import { addressSpaceLimit, workersWithin } from "./address-space.js";

const GiB = 2 ** 30;

describe("sweep workers under an address-space limit (ulimit -v)", () => {
  it("fits what was measured: 2, 3, 4 and 6 GiB run 1, 3, 5 and 8 workers", () => {
    expect(workersWithin(2 * GiB, 8)).toBe(1);
    expect(workersWithin(3 * GiB, 8)).toBe(3);
    expect(workersWithin(4 * GiB, 8)).toBe(5);
    expect(workersWithin(6 * GiB, 8)).toBe(8);
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
