import { describe, expect, it } from "vitest";
import { demangleKernel, layoutParams, UnreadableName } from "./kernel-params.js";

const texts = (mangled: string) => demangleKernel(mangled)!.params.map((p) => p.text);

describe("a kernel's parameters from its mangled name", () => {
  it("saxpy(int, float, float*, float*): builtins, a pointer, and S_ for the repeated float*", () => {
    const k = demangleKernel("_Z5saxpyifPfS_")!;
    expect(k.name).toBe("saxpy");
    expect(k.params.map((p) => p.text)).toEqual(["int", "float", "float*", "float*"]);
    expect(k.params.map((p) => p.bytes)).toEqual([4, 4, 8, 8]);
  });

  it("sgemm_smem<16>(const float*, const float*, float*, int): a template, its void return, const, S1_", () => {
    // Candidates: S_ = sgemm_smem, S0_ = const float, S1_ = const float*.
    const k = demangleKernel("_Z10sgemm_smemILi16EEvPKfS1_Pfi")!;
    expect(k.name).toBe("sgemm_smem<16>");
    expect(k.shortName).toBe("sgemm_smem");
    expect(k.params.map((p) => p.text)).toEqual(["const float*", "const float*", "float*", "int"]);
  });

  it("no parameters (v), long long and unsigned, double, a known struct by value", () => {
    expect(texts("_Z4initv")).toEqual([]);
    expect(texts("_Z1kxjd6float4")).toEqual(["long long", "unsigned int", "double", "float4"]);
    expect(demangleKernel("_Z1k6float4")!.params[0]).toMatchObject({ bytes: 16, align: 16 });
  });

  it("a kernel in a namespace, its prefix a substitution candidate", () => {
    const k = demangleKernel("_ZN2ns4scanEPiS0_")!;
    expect(k.name).toBe("ns::scan");
    // S_ = ns, S0_ = int*.
    expect(k.params.map((p) => p.text)).toEqual(["int*", "int*"]);
  });

  it("a TMA descriptor passed by value: 128 bytes, 128-aligned", () => {
    const k = demangleKernel("_Z4gemm14CUtensorMap_stPf")!;
    expect(k.params[0]).toMatchObject({ text: "CUtensorMap_st", bytes: 128, align: 128 });
  });

  it("an extern \"C\" name is not mangled: no types", () => {
    expect(demangleKernel("grid_stride_sum")).toBeUndefined();
  });

  it("template parameters as types: same_word<float>(float*, int, int) is _Z9same_wordIfEvPT_ii; T0_ the second", () => {
    // The first from validation/microbench/same-word-atomic-probe/sass.txt; the second by the Itanium rules:
    // pair_add<int, double>(int const*, double*) has I i d E, then v, then PKT_ (const T_*) and PT0_.
    const a = demangleKernel("_Z9same_wordIfEvPT_ii")!;
    expect(a.name).toBe("same_word<float>");
    expect(a.params.map((p) => p.text)).toEqual(["float*", "int", "int"]);
    const b = demangleKernel("_Z8pair_addIidEvPKT_PT0_")!;
    expect(b.params.map((p) => p.text)).toEqual(["const int*", "double*"]);
    expect(() => demangleKernel("_Z3fooILi4EEvPT_")).toThrow(/template argument 0 as a type/);
  });

  it("says where it stops on a name it cannot read", () => {
    expect(() => demangleKernel("_Z3fooU7unknown")).toThrow(UnreadableName);
    expect(() => demangleKernel("_Z3fooS4_")).toThrow(/substitution 5/);
  });
});

describe("the CUDA parameter layout", () => {
  it("sm_90's grid_stride_sum(const float*, float*, int): 0x210, 0x218, 0x220 (validation/sass/kernels.sass)", () => {
    const placed = layoutParams(demangleKernel("_Z15grid_stride_sumPKfPfi")!.params, 0x210);
    expect(placed.map((p) => p.offset)).toEqual([0x210, 0x218, 0x220]);
  });

  it("each parameter at its natural alignment: int, then a pointer padded to 8, then a 128-aligned descriptor", () => {
    const placed = layoutParams(demangleKernel("_Z1kiPf14CUtensorMap_st")!.params, 0x210);
    expect(placed.map((p) => p.offset)).toEqual([0x210, 0x218, 0x280]);
  });

  it("gemm_ws(CUtensorMap, CUtensorMap, float*, int, int, int): the maps at 0x280 and 0x300, C at 0x380, N at 0x38c, K at 0x390 (validation/async/kernels.sass)", () => {
    const placed = layoutParams(demangleKernel("_Z7gemm_wsILi128ELi4ELi1EEv14CUtensorMap_stS0_Pfiii")!.params, 0x210);
    expect(placed.map((p) => p.offset)).toEqual([0x280, 0x300, 0x380, 0x388, 0x38c, 0x390]);
  });
});
