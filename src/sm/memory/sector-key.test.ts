import { describe, expect, it } from "vitest";
import { BUFFER_BASE } from "../../exec/kernel-args.js";
import { SECTOR_KEY_ORIGIN, sectorKey } from "./sector-key.js";

describe("sectorKey", () => {
  it("starts at the first buffer's first sector (32-byte sectors from kernel-args' BUFFER_BASE)", () => {
    expect(SECTOR_KEY_ORIGIN).toBe(BUFFER_BASE / 32);
    expect(sectorKey(BUFFER_BASE / 32)).toBe(0);
  });

  it("keeps 32 GiB of buffers in V8's small-integer range (31-bit signed) and distinct sectors distinct", () => {
    const last = BUFFER_BASE / 32 + (32 * 2 ** 30) / 32 - 1;
    expect(sectorKey(last)).toBe(2 ** 30 - 1);
    expect(sectorKey(last)).toBeLessThan(2 ** 30);
    expect(sectorKey(5)).toBe(5 - BUFFER_BASE / 32);
    expect(sectorKey(BUFFER_BASE / 32 + 1)).not.toBe(sectorKey(BUFFER_BASE / 32));
  });
});
