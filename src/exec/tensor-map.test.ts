import { describe, expect, it } from "vitest";
import { boxBytes, boxRows, parseTensorMap, readTensorMap, tensorBytes, writeTensorMap } from "./tensor-map.js";

describe("a tensor map's written form", () => {
  it("tmap(f16, 4096x2048, box 64x128): dims and box innermost first; 16 MiB of tensor, 16 KiB a copy", () => {
    const t = parseTensorMap("tmap(f16, 4096x2048, box 64x128)");
    expect(t).toEqual({ elementBytes: 2, dims: [4096, 2048], box: [64, 128] });
    if (typeof t === "string") return;
    expect(tensorBytes(t)).toBe(4096 * 2048 * 2);
    expect(boxBytes(t)).toBe(64 * 128 * 2);
  });

  it("accepts a swizzle and `box=`, and says what is wrong otherwise", () => {
    expect(parseTensorMap("tmap(bf16, 64x64, box=64x8, swizzle 128B)")).toEqual({ elementBytes: 2, dims: [64, 64], box: [64, 8] });
    expect(parseTensorMap("tmap(f17, 64x64, box 64x8)")).toMatch(/element type among/);
    expect(parseTensorMap("tmap(f16, 64x64, box 64)")).toMatch(/as many dimensions/);
    expect(parseTensorMap("tmap(f16, 64x64, box 512x8)")).toMatch(/from 1 to 256/);
    expect(parseTensorMap("tensor(f16)")).toMatch(/tmap\(TYPE, DIMS, box BOX\)/);
  });

  it("round-trips through the parameter's bytes", () => {
    const bank = new Int32Array(256);
    const t = { elementBytes: 4, dims: [100, 50, 3], box: [32, 8, 1] };
    writeTensorMap(new DataView(bank.buffer), 0x80, 0x7f0000200000, t);
    expect(readTensorMap(bank, 0x80)).toEqual({ base: 0x7f0000200000, form: t });
    expect(readTensorMap(bank, 0x0)).toBeUndefined();
  });

  it("a box's rows: 4 rows of 64 B from (16, 2) in a 100-float-wide tensor; rows past the tensor's end are not read", () => {
    const out: number[] = [];
    const t = { elementBytes: 4, dims: [100, 5], box: [16, 4] };
    expect(boxRows(0, t, [16, 2], out)).toBe(3); // rows 2, 3, 4 (row 5 is outside)
    expect(out).toEqual([2 * 400 + 64, 2 * 400 + 128, 3 * 400 + 64, 3 * 400 + 128, 4 * 400 + 64, 4 * 400 + 128]);
    // Columns past the end are cut: from 96, only 4 of 16 floats.
    expect(boxRows(0, t, [96, 0], out)).toBe(4);
    expect(out.slice(0, 2)).toEqual([384, 400]);
  });
});
