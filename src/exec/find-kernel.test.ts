import { describe, expect, it } from "vitest";
import type { SassKernel } from "../sass/read-sass.js";
import { findKernel } from "./find-kernel.js";

const kernel = (name: string): SassKernel => ({ name, line: 1, instructions: [] });
const kernels = [kernel("_Z10sgemm_smemILi16EEvPKfS1_Pfi"), kernel("_Z10sgemm_smemILi32EEvPKfS1_Pfi"), kernel("_Z5saxpyifPfS_"), kernel("grid_stride_sum")];

describe("the kernel a user names", () => {
  it("by its name in the listing, mangled or not", () => {
    expect(findKernel(kernels, "grid_stride_sum")).toBe(kernels[3]);
    expect(findKernel(kernels, "_Z5saxpyifPfS_")).toBe(kernels[2]);
  });

  it("by its demangled name, template arguments included", () => {
    expect(findKernel(kernels, "sgemm_smem<32>")).toBe(kernels[1]);
  });

  it("by its short name when only one kernel has it", () => {
    expect(findKernel(kernels, "saxpy")).toBe(kernels[2]);
    expect(findKernel(kernels, "sgemm_smem")).toBeUndefined(); // two instantiations: ambiguous
  });
});
