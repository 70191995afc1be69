import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { sm_90 } from "../../arch/presets/sm_90.js";
import { carveoutBytes, driverSharedMemBlockLimit, l1CacheBytes } from "./carveout.js";

// ncu's launch__shared_mem_config_size for launches of validation/memory/kernels.cu,
// validation/corpus/kernels.cu and validation/microbench/mixed_gather_probe.cu: shared memory per
// block (static + dynamic), resident blocks per SM, threads per block.
describe("the driver's carveout on sm_90", () => {
  it.each([
    ["copy_f1, no shared memory, 8 blocks", 0, 8, 256, 32_768],
    ["layernorm_warp, no shared memory, 4 blocks", 0, 4, 256, 32_768],
    ["embedding_gather, no shared memory, 32 blocks of 64 threads", 0, 32, 64, 32_768],
    ["sgemm_tiled, 2 KiB static, 8 blocks", 2048, 8, 256, 65_536],
    ["transpose_smem, 4 KiB static, 8 blocks", 4096, 8, 256, 102_400],
    ["transpose_pad, 4,224 B static, 8 blocks", 4224, 8, 256, 102_400],
    ["120 KiB dynamic, 1 block", 122_880, 1, 256, 135_168],
    ["60 KiB dynamic, 3 blocks", 61_440, 3, 256, 200_704],
    ["sgemm_tiled with 60 KiB dynamic, 3 blocks", 61_440 + 2048, 3, 256, 200_704],
    ["dots16_smem, 1 KiB static, 2 blocks", 1024, 2, 256, 8192],
    ["reduce_shfl, 128 B static, 4 blocks of 512 threads", 128, 4, 512, 16_384],
    ["softmax_1024, 128 B static, 2 blocks of 1,024 threads", 128, 2, 1024, 8192],
    ["scan_kogge, 8 KiB static, 2 blocks of 1,024 threads", 8192, 2, 1024, 32_768],
    ["the mixed gather probe, no shared memory, 1,024 threads", 0, 2, 1024, 8192],
    ["the mixed gather probe, 24 KiB dynamic, 1,024 threads", 24_576, 2, 1024, 65_536],
    ["the mixed gather probe, 96 KiB dynamic, 1,024 threads", 98_304, 2, 1024, 200_704],
  ])("%s: %d bytes", (_name, shared, blocks, threads, config) => {
    expect(carveoutBytes(sm_90, shared, blocks, threads)).toBe(config);
  });

  it("reproduces every configuration the mixed gather probe's 45 launches were given", () => {
    const rows = parse(readFileSync("validation/microbench/mixed-gather-probe/summary.csv", "utf8"), { columns: true, cast: true }) as { dyn_smem: number; shared_mem_config: number }[];
    expect(rows.length).toBe(45);
    for (const r of rows) expect(carveoutBytes(sm_90, r.dyn_smem, 2, 1024)).toBe(r.shared_mem_config);
  });

  it("leaves the rest of the 256 KiB, less 8 KiB, to the L1", () => {
    // The probe's hit rates fit an L1 of 256 - carveout - 8 KiB (sm_90.ts, l1ReservedKiB).
    expect(l1CacheBytes(sm_90, 0, 8, 256)).toBe((256 - 32 - 8) * 1024);
    expect(l1CacheBytes(sm_90, 0, 2, 1024)).toBe((256 - 8 - 8) * 1024);
  });

  it.each([
    ["no shared memory: 1 KiB reserved per block at 32 KiB", 1024, 8, 32],
    ["sgemm_tiled: 3 KiB at 64 KiB", 3072, 8, 21],
    ["transpose_smem: 5 KiB at 100 KiB", 5120, 8, 20],
    ["121 KiB at 132 KiB", 123_904, 1, 1],
  ])("ncu's shared-memory block limit, %s: %d", (_name, allocated, blocks, limit) => {
    // validation/memory/data/ncu_raw.csv, launch__occupancy_limit_shared_mem.
    expect(driverSharedMemBlockLimit(sm_90, allocated, blocks, 256)).toBe(limit);
  });
});
