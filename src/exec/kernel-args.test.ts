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
});
