import { describe, expect, it } from "vitest";
import { BulkStores } from "./bulk-stores.js";

// sm_90's numbers: the engine reads 32 bytes per cycle, a store completes 94 cycles after its
// last byte, DRAM takes 16 bytes per cycle of what is written back (16.3 in the preset), no burst credit.
const stores = (writeBackShare: number) => new BulkStores(4, 32, 94, 39, 16, 0, writeBackShare);

describe("bulk stores", () => {
  it("a store that stays in the L2: 4,096 bytes stream in 128 cycles, done 94 later", () => {
    expect(stores(0).store(0, 4096, 0)).toBe(222);
  });
  it("a TMA store of the same bytes is done 39 cycles sooner", () => {
    expect(stores(0).store(0, 4096, 0, true)).toBe(183);
  });
  it("the engine takes stores one after another: a second issued at once streams from 128 to 256", () => {
    const s = stores(0);
    s.store(0, 4096, 0);
    expect(s.store(1, 4096, 0)).toBe(350);
  });
  it("written back to DRAM, a store waits for the bytes before it at the SM's share: the second waits 4,096 / 16 = 256 cycles", () => {
    const s = stores(1);
    expect(s.store(0, 4096, 0)).toBe(222);
    // Streamed at 256, plus 256 waiting for the first's bytes at DRAM, plus 94.
    expect(s.store(0, 4096, 0)).toBe(606);
  });
  it("stores count for their warp's commit groups: wait_group 1 waits for all but the newest group", () => {
    const s = stores(0);
    s.store(0, 4096, 0); // done 222
    s.groups.commit(0);
    s.store(0, 4096, 0); // done 350
    s.groups.commit(0);
    expect(s.groups.waitUntil(0, 1)).toBe(222);
    expect(s.groups.waitUntil(0, 0)).toBe(350);
    expect(s.groups.waitUntil(0, 0)).toBe(0);
  });
});
