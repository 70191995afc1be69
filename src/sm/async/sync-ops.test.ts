import { describe, expect, it } from "vitest";
import { SYNC_ARRIVE, SYNC_COPY, SYNC_EXPECT_TX, SYNC_INIT, SYNC_REG_ALLOC, SYNC_REG_DEALLOC, SYNC_WAIT } from "./sync-ops.js";

describe("the operations a path records", () => {
  it("are seven distinct codes that fit a path's Uint8Array, none 0 (an empty record)", () => {
    const codes = [SYNC_INIT, SYNC_ARRIVE, SYNC_EXPECT_TX, SYNC_WAIT, SYNC_COPY, SYNC_REG_ALLOC, SYNC_REG_DEALLOC];
    expect(new Set(codes).size).toBe(7);
    expect(codes.every((c) => Number.isInteger(c) && c > 0 && c < 256)).toBe(true);
  });
});
