import { describe, expect, it } from "vitest";
import { RegisterPool } from "./register-pool.js";

describe("a block's register pool under setmaxnreg", () => {
  it("CUTLASS's split: 12 warps at 168; the producer's 4 warps keep 40, which frees (168 - 40) x 32 x 4 = 16,384: exactly the 8 consumer warps' rise to 232", () => {
    const resumed: number[] = [];
    const pool = new RegisterPool(1, 12, 168, (w) => resumed.push(w));
    for (let w = 0; w < 12; w++) pool.arrive(w, 0, w === 0);
    // A consumer asks first: (232 - 168) x 32 = 2048 registers, none free: it waits.
    expect(pool.take(4, 232)).toBe(false);
    expect(pool.describe(4)).toBe("setmaxnreg: 232 registers per thread (it holds 168; its block's pool has 0 free, 2048 needed)");
    for (let w = 0; w < 4; w++) pool.release(w, 40);
    expect(resumed).toEqual([4]);
    for (let w = 5; w < 12; w++) expect(pool.take(w, 232)).toBe(true);
    // Nothing is left: one more register per thread for anyone is not granted.
    expect(pool.take(0, 48)).toBe(false);
  });

  it("a new block in the slot starts with an empty pool", () => {
    const pool = new RegisterPool(1, 2, 64, () => {});
    pool.arrive(0, 0, true);
    pool.release(0, 24);
    pool.arrive(1, 0, true); // the next block's first warp
    expect(pool.take(1, 72)).toBe(false);
  });
});
