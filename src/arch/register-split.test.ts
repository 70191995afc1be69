import { describe, expect, it } from "vitest";
import { sm_90 } from "./presets/sm_90.js";
import { describeSplit, registerSplit } from "./register-split.js";

describe("setmaxnreg splits", () => {
  it("CUTLASS's warp-specialized Hopper GEMM: 384 threads at 168 registers, producer 40, two consumers 232: 168 x 384 = 64,512 = (40 + 232 + 232) x 128, exactly", () => {
    const s = registerSplit(sm_90, 384, 168, [40, 232, 232]);
    expect([s.pool, s.used, s.verdict]).toEqual([64512, 64512, "fits"]);
  });

  it("FlashAttention-3's 24 / 240 / 240 fits the same pool exactly; 24 / 256 / 256 hangs (4,096 registers short)", () => {
    expect(registerSplit(sm_90, 384, 168, [24, 240, 240]).verdict).toBe("fits");
    const s = registerSplit(sm_90, 384, 168, [24, 256, 256]);
    expect([s.verdict, s.used - s.pool]).toEqual(["hangs", 4096]);
    expect(describeSplit(s)).toMatch(/4096 more than the block holds; the last setmaxnreg.inc is never granted/);
  });

  it("validation/async's gemm_ws<128, 4, 1>: 256 threads at 160, producer 40, consumer 160: 15,360 idle, 120 per thread of a warpgroup, of which the consumer can take 96 (to setmaxnreg's 256)", () => {
    const s = registerSplit(sm_90, 256, 160, [40, 160]);
    expect([s.pool, s.used, s.verdict]).toEqual([40960, 25600, "idle"]);
    expect(describeSplit(s)).toMatch(/15360 registers idle \(96 more per thread for the largest warpgroup\)/);
  });

  it("counts setmaxnreg does not take, and blocks that are not whole warpgroups, are named", () => {
    expect(registerSplit(sm_90, 384, 168, [20, 232, 232]).problems).toEqual(["warpgroup 0: 20 is not a count setmaxnreg takes (24 to 256, a multiple of 8)"]);
    expect(registerSplit(sm_90, 384, 168, [40, 236, 232]).verdict).toBe("invalid");
    expect(registerSplit(sm_90, 192, 168, [40, 232]).problems[0]).toMatch(/not whole warpgroups/);
  });
});
