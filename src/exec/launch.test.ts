import { describe, expect, it } from "vitest";
import { LOCAL_STACK_TOP, bankLayoutOf, blockIndex, launchBank, paramBaseOf, threadIndex } from "./launch.js";

describe("a launch's constant bank 0", () => {
  it("blockDim at 0x0-0x8, gridDim at 0xc-0x14, the stack top at 0x28, parameters from the base", () => {
    const params = Uint8Array.from([1, 0, 0, 0, 2, 0, 0, 0]);
    const bank = launchBank([132, 2, 1], [128, 4, 2], params, 0x210);
    expect(Array.from(bank.subarray(0, 6))).toEqual([128, 4, 2, 132, 2, 1]);
    expect(bank[0x28 / 4]).toBe(LOCAL_STACK_TOP);
    expect([bank[0x210 / 4], bank[0x214 / 4]]).toEqual([1, 2]);
  });

  it("the parameter base per architecture: 0x210 on sm_90, 0x160 before, 0x380 on sm_100 and sm_120", () => {
    expect([paramBaseOf("sm_90"), paramBaseOf("sm_80"), paramBaseOf("sm_75"), paramBaseOf("sm_100"), paramBaseOf("sm_120"), paramBaseOf("sm_60")]).toEqual([0x210, 0x160, 0x160, 0x380, 0x380, undefined]);
  });

  it("sm_100's layout (validation/sass/robustness/complex_sm_100.sass): blockDim from 0x360, gridDim from 0x370, the stack top at 0x37c, parameters from 0x380", () => {
    const bank = launchBank([132, 2, 1], [128, 4, 2], Uint8Array.from([7, 0, 0, 0]), bankLayoutOf("sm_100")!);
    expect(Array.from(bank.subarray(0x360 / 4, 0x360 / 4 + 3))).toEqual([128, 4, 2]);
    expect(Array.from(bank.subarray(0x370 / 4, 0x370 / 4 + 3))).toEqual([132, 2, 1]);
    expect([bank[0x37c / 4], bank[0x380 / 4]]).toEqual([LOCAL_STACK_TOP, 7]);
  });
});

describe("a thread's and a block's place", () => {
  it("x fastest: thread 37 of a 16x4x2 block is (5, 2, 0); thread 70 is (6, 0, 1)", () => {
    expect([0, 1, 2].map((a) => threadIndex(37, [16, 4, 2], a))).toEqual([5, 2, 0]);
    expect([0, 1, 2].map((a) => threadIndex(70, [16, 4, 2], a))).toEqual([6, 0, 1]);
  });

  it("block 133 of a 132x2 grid is (1, 1, 0)", () => {
    expect([0, 1, 2].map((a) => blockIndex(133, [132, 2, 1], a))).toEqual([1, 1, 0]);
  });
});
