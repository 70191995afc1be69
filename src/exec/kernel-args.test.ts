import { describe, expect, it } from "vitest";
import { BUFFER_ALIGN, BUFFER_BASE, BadArgument, parseArguments, placeArguments } from "./kernel-args.js";
import { demangleKernel } from "./kernel-params.js";

const saxpy = demangleKernel("_Z5saxpyifPfS_")!.params; // (int, float, float*, float*)

describe("kernel arguments", () => {
  it("read in parameter order against the mangled types: a pointer takes its buffer's size", () => {
    const args = parseArguments("n=67108864, 2.0, 256MiB, 256MiB", saxpy);
    expect(args.map((a) => a.value)).toEqual([67108864, 2, 256 * 1024 * 1024, 256 * 1024 * 1024]);
    expect(args[0].label).toBe("n");
  });

  it("an extern \"C\" kernel's arguments say their types", () => {
    const args = parseArguments("ptr:64KiB, i32:0x10, f64:0.5", undefined);
    expect(args.map((a) => [a.type.text, a.value])).toEqual([
      ["void*", 65536],
      ["int", 16],
      ["double", 0.5],
    ]);
  });

  it("bad input names the argument, what was expected and what was found", () => {
    expect(() => parseArguments("1, 2.0, 256MiB", saxpy)).toThrow(/argument 4: expected 4 arguments, one per parameter \(int, float, float\*, float\*\), found "3 given"/);
    expect(() => parseArguments("1.5, 2.0, 1MiB, 1MiB", saxpy)).toThrow(/argument 1: expected a whole number for int, found "1.5"/);
    expect(() => parseArguments("1, 2.0, lots, 1MiB", saxpy)).toThrow(BadArgument);
    expect(() => parseArguments("4096", undefined)).toThrow(/a type before the value/);
  });

  it("are placed as the CUDA ABI lays them out, each pointer aimed at a 2 MiB-aligned buffer of its own", () => {
    const { bytes, buffers } = placeArguments(parseArguments("7, 2.0, 3MiB, 1KiB", saxpy));
    const view = new DataView(bytes.buffer);
    expect(view.getInt32(0, true)).toBe(7);
    expect(view.getFloat32(4, true)).toBe(2);
    // The 3 MiB buffer takes two 2 MiB units: the next starts 4 MiB on.
    expect(Number(view.getBigUint64(8, true))).toBe(BUFFER_BASE);
    expect(Number(view.getBigUint64(16, true))).toBe(BUFFER_BASE + 2 * BUFFER_ALIGN);
    expect(buffers).toEqual([
      { param: 2, base: BUFFER_BASE, bytes: 3 * 1024 * 1024 },
      { param: 3, base: BUFFER_BASE + 2 * BUFFER_ALIGN, bytes: 1024 },
    ]);
  });

  it("a tensor map in its written form is one argument (its commas inside the parentheses), with a buffer of its own", () => {
    const gemm = demangleKernel("_Z7gemm_wsILi128ELi4ELi1EEv14CUtensorMap_stS0_Pfiii")!.params;
    const args = parseArguments("tmap(f16, 4096x4096, box 64x64), b=tmap(f16, 4096x4096, box 64x128), 64MiB, 4096, 4096, 4096", gemm);
    expect(args.map((a) => a.value)).toEqual([32 * 1024 * 1024, 32 * 1024 * 1024, 64 * 1024 * 1024, 4096, 4096, 4096]);
    expect(args[1].label).toBe("b");
    expect(args[1].tensorMap).toEqual({ elementBytes: 2, dims: [4096, 4096], box: [64, 128] });
    // From sm_90's base 0x210 the 128-aligned maps land at 0x280 and 0x300, C at 0x380 (kernels.sass reads N at 0x38c).
    const { bytes, buffers } = placeArguments(args, 0x210);
    expect(bytes.length).toBe(0x394 - 0x210);
    const view = new DataView(bytes.buffer);
    expect(Number(view.getBigUint64(0x280 - 0x210, true))).toBe(BUFFER_BASE);
    expect(view.getInt32(0x38c - 0x210, true)).toBe(4096);
    expect(buffers.map((b) => b.param)).toEqual([0, 1, 2]);
    expect(() => parseArguments("64KiB, tmap(f16, 4096x4096, box 64x128), 64MiB, 1, 1, 1", gemm)).toThrow(/argument 1: expected a tensor map written tmap/);
  });
});
