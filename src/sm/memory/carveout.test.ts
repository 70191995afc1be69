import { describe, expect, it } from "vitest";
import { sm_90 } from "../../arch/presets/sm_90.js";
import { carveoutBytes, driverSharedMemBlockLimit, l1CacheBytes } from "./carveout.js";

// Every case is a launch of validation/memory/kernels.cu with ncu's launch__shared_mem_config_size
// (validation/memory/data/ncu_raw.csv): shared memory per block (static + dynamic), blocks per SM.
describe("the driver's carveout on sm_90", () => {
  it.each([
    ["copy_f1, no shared memory, 8 blocks", 0, 8, 32_768],
    ["sgemm_tiled, 2 KiB static, 8 blocks", 2048, 8, 65_536],
    ["transpose_smem, 4 KiB static, 8 blocks", 4096, 8, 102_400],
    ["transpose_pad, 4,224 B static, 8 blocks", 4224, 8, 102_400],
    ["120 KiB dynamic, 1 block", 122_880, 1, 135_168],
    ["60 KiB dynamic, 3 blocks", 61_440, 3, 200_704],
    ["sgemm_tiled with 60 KiB dynamic, 3 blocks", 61_440 + 2048, 3, 200_704],
  ])("%s: %d bytes", (_name, shared, blocks, config) => {
    expect(carveoutBytes(sm_90, shared, blocks)).toBe(config);
  });
  it("leaves the rest of the 256 KiB to the L1", () => {
    expect(l1CacheBytes(sm_90, 0, 8)).toBe(256 * 1024 - 32 * 1024);
  });
  it.each([
    ["no shared memory: 1 KiB reserved per block at 32 KiB", 1024, 8, 32],
    ["sgemm_tiled: 3 KiB at 64 KiB", 3072, 8, 21],
    ["transpose_smem: 5 KiB at 100 KiB", 5120, 8, 20],
    ["121 KiB at 132 KiB", 123_904, 1, 1],
  ])("ncu's shared-memory block limit, %s: %d", (_name, allocated, blocks, limit) => {
    // validation/memory/data/ncu_raw.csv, launch__occupancy_limit_shared_mem.
    expect(driverSharedMemBlockLimit(sm_90, allocated, blocks)).toBe(limit);
  });
});
