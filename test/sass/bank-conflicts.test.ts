import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { readNcuExport, type NcuLaunch } from "../../src/ncu/read-export.js";
import { accessWavefronts, sharedWavefronts } from "../../src/sass/bank-conflicts.js";
import { readSass, type SassInstruction } from "../../src/sass/read-sass.js";
import { sassLines } from "../sass-lines.js";

const PROBE = "validation/microbench/bank-conflict-probe";

/** ncu's shared-memory wavefronts per instruction of one launch (loads, or stores beyond `fillStores`). */
function measured(l: NcuLaunch, fillStores: number): number {
  const v = (k: string) => l.values.get(k) ?? 0;
  const loads = v("smsp__inst_executed_op_shared_ld.sum") + v("smsp__inst_executed_op_ldsm.sum");
  if (loads > 0) return v("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum") / loads;
  // Store kernels also fill the buffer first: one conflict-free STS per fill store.
  return (v("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum") - fillStores) / (v("smsp__inst_executed_op_shared_st.sum") - fillStores);
}

/** The probe's lane addresses (bank_conflict_probe.cu), the uniform offset left out, and the instruction it compiles to. */
function pattern(kind: string, p: number): { ins: Pick<SassInstruction, "opcode" | "modifiers">; bytes: (lane: number) => number } {
  switch (kind) {
    case "lds32":
      return { ins: { opcode: "LDS", modifiers: [] }, bytes: (l) => l * p * 4 };
    case "lds64":
      return { ins: { opcode: "LDS", modifiers: ["64"] }, bytes: (l) => l * p * 8 };
    case "lds128":
      return { ins: { opcode: "LDS", modifiers: ["128"] }, bytes: (l) => l * p * 16 };
    case "sts32":
      return { ins: { opcode: "STS", modifiers: [] }, bytes: (l) => l * p * 4 };
    case "sts128":
      return { ins: { opcode: "STS", modifiers: ["128"] }, bytes: (l) => l * p * 16 };
    case "ldsm":
      return { ins: { opcode: "LDSM", modifiers: ["16", "M88", "4"] }, bytes: (l) => (l % 16) * p + Math.floor(l / 16) * 16 };
    case "ldsm_t":
      return { ins: { opcode: "LDSM", modifiers: ["16", "MT88", "4"] }, bytes: (l) => (l % 16) * p + Math.floor(l / 16) * 16 };
    default:
      throw new Error(`unknown probe kind ${kind}`);
  }
}

describe("shared-memory wavefronts against the H100 (bank_conflict_probe.cu, ncu)", () => {
  const rows = parse(readFileSync(`${PROBE}/cycles.csv`, "utf8"), { columns: true }) as { kind: string; param: string; cycles_per_inst: string }[];
  const launches = readNcuExport(readFileSync(`${PROBE}/ncu_probe.csv`, "utf8"), "ncu_probe.csv");
  // Two launches per row, in the rows' order: a warm-up, then the measured one.
  const fill = launches[1].values.get("smsp__inst_executed_op_shared_st.sum")!;

  it("covers every measured pattern", () => {
    expect(launches).toHaveLength(rows.length * 2);
  });

  for (const [i, row] of rows.entries()) {
    it(`${row.kind}, ${row.kind.startsWith("ldsm") ? "row stride" : "stride"} ${row.param}`, () => {
      const { ins, bytes } = pattern(row.kind, Number(row.param));
      const addresses = Int32Array.from({ length: 32 }, (_, l) => bytes(l));
      const ncu = measured(launches[2 * i + 1], fill);
      // ncu counts whole wavefronts; the store rows carry a few from the warm-up's timing.
      expect(accessWavefronts(ins, addresses)).toBeCloseTo(ncu, 1);
    });
  }
});

const last = (lines: string[], blockDim: [number, number, number] = [128, 1, 1]) => sharedWavefronts(sassLines(lines), { blockDim }).get((lines.length - 1) * 16);

describe("wavefronts derived from a listing's address arithmetic (hand-derived)", () => {
  it("a 32x32 float tile read down a column: all 32 lanes in bank 0, 32 wavefronts; padded to 33 columns, 1", () => {
    expect(last(["S2R R0, SR_TID.X", "IMAD.SHL.U32 R1, R0, 0x80, RZ", "LDS R2, [R1]"])).toBe(32);
    expect(last(["S2R R0, SR_TID.X", "IMAD R1, R0, 0x84, RZ", "LDS R2, [R1]"])).toBe(1);
  });

  it("an unknown base the same in every lane (block index, shared window) changes nothing", () => {
    const lines = ["S2R R0, SR_TID.X", "S2R R3, SR_CTAID.X", "S2UR UR5, SR_CgaCtaId", "UMOV UR4, 0x400", "ULEA UR4, UR5, UR4, 0x18", "IMAD R4, R3, 0x1000, RZ", "LEA R1, R0, R4, 0x3", "LDS.64 R6, [R1+UR4+0x10]"];
    // tid * 8 bytes: 256 contiguous bytes, 2 wavefronts (conflict-free .64).
    expect(last(lines)).toBe(2);
  });

  it("bit operations on known lanes: (tid & 7) * 128 puts 8 distinct words in one bank", () => {
    expect(last(["S2R R0, SR_TID.X", "LOP3.LUT R1, R0, 0x7, RZ, 0xc0, !PT", "IMAD.SHL.U32 R2, R1, 0x80, RZ", "LDS R3, [R2]"])).toBe(8);
    // Lanes reading the same word share it: (tid & 7) * 4 is 8 words in 8 banks.
    expect(last(["S2R R0, SR_TID.X", "LOP3.LUT R1, R0, 0x7, RZ, 0xc0, !PT", "IMAD.SHL.U32 R2, R1, 0x4, RZ", "LDS R3, [R2]"])).toBe(1);
  });

  it("blockDim from c[0x0][0x0]: (tid + 33) & (blockDim.x - 1) wraps within the block", () => {
    const lines = ["S2R R0, SR_TID.X", "ULDC UR4, c[0x0][0x0]", "UIADD3 UR4, UR4, -0x1, URZ", "VIADD R1, R0, 0x21", "LOP3.LUT R1, R1, UR4, RZ, 0xc0, !PT", "LEA R2, R1, RZ, 0x2", "LDS R3, [R2]"];
    expect(last(lines, [128, 1, 1])).toBe(1);
    // A block of 16 threads along x: lanes 16-31 are (0..15, y=1); & 15 folds them onto lanes 0-15's words.
    expect(last(lines, [16, 2, 1])).toBe(1);
  });

  it("a 16x16 block indexing tile[ty][tx] of 18-float rows: rows 72 bytes apart, 2-way", () => {
    // tile[ty + 1][tx + 1]: lanes 0-15 words 19..34, lanes 16-31 words 37..52; banks 19, 20 twice.
    const lines = ["S2R R0, SR_TID.X", "S2R R1, SR_TID.Y", "IMAD R2, R1, 0x48, RZ", "LEA R2, R0, R2, 0x2", "LDS R3, [R2+0x4c]"];
    expect(last(lines, [16, 16, 1])).toBe(2);
    expect(last(lines, [256, 1, 1])).toBe(1);
  });

  it("LEA.HI and SHF: tid >> 2 via LEA.HI's high word, tid >> 3 via SHF.R", () => {
    // (tid >> 2) * 128: 8 distinct words in bank 0 (lanes in fours share one).
    expect(last(["S2R R0, SR_TID.X", "LEA.HI R1, R0, RZ, RZ, 0x1e", "IMAD.SHL.U32 R2, R1, 0x80, RZ", "LDS R3, [R2]"])).toBe(8);
    expect(last(["S2R R0, SR_TID.X", "SHF.R.U32.HI R1, RZ, 0x3, R0", "IMAD.SHL.U32 R2, R1, 0x80, RZ", "LDS R3, [R2]"])).toBe(4);
  });

  it("says nothing where the addresses are not known: a loaded value, a guarded write that may differ", () => {
    expect(last(["S2R R0, SR_TID.X", "LDG.E R1, desc[UR4][R2.64]", "IMAD R1, R1, 0x4, R0", "LDS R3, [R1]"])).toBeUndefined();
    expect(last(["S2R R0, SR_TID.X", "IMAD.SHL.U32 R1, R0, 0x4, RZ", "@P0 IMAD.SHL.U32 R1, R0, 0x80, RZ", "LDS R3, [R1]"])).toBeUndefined();
    // SHFL writes its register after a predicate: the shuffled value is unknown.
    expect(last(["S2R R0, SR_TID.X", "IMAD.SHL.U32 R1, R0, 0x80, RZ", "SHFL.BFLY PT, R1, R1, 0x1, 0x1f", "LDS R3, [R1]"])).toBeUndefined();
    // A guarded write of the same value keeps it.
    expect(last(["S2R R0, SR_TID.X", "IMAD.SHL.U32 R1, R0, 0x80, RZ", "@P0 IMAD.SHL.U32 R1, R0, 0x80, RZ", "LDS R3, [R1]"])).toBe(32);
  });
});

describe("the held-out kernels' listings against their ncu counts (validation/sass/heldout)", () => {
  const kernels = readSass(readFileSync("validation/sass/heldout/heldout.sass", "utf8"), "heldout.sass");
  if (!kernels.ok) throw new Error("unreadable listing");
  const launches = readNcuExport(readFileSync(`${PROBE}/ncu_heldout.csv`, "utf8"), "ncu_heldout.csv");
  const launch = (name: string) => launches.find((l) => l.kernel.startsWith(name))!;
  const kernel = (name: string) => kernels.kernels.find((k) => k.name === name)!;
  const mean = (m: Map<number, number>, list: readonly SassInstruction[], opcode: string) => {
    const xs = list.filter((i) => i.opcode === opcode && !i.guard?.includes("PT")).map((i) => m.get(i.address)!);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };

  it("gemm_tc: its LDSMs take 24 wavefronts on average (A tiles 4-way, B tiles 8-way), as ncu counts", () => {
    const k = kernel("gemm_tc");
    const derived = sharedWavefronts(k.instructions, { blockDim: [128, 1, 1] });
    const l = launch("gemm_tc");
    // Its `@!PT LDS RZ, [RZ]` never run: all load wavefronts are the LDSMs'.
    const ncu = l.values.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")! / l.values.get("smsp__inst_executed_op_ldsm.sum")!;
    expect(ncu).toBeCloseTo(24, 1);
    expect(mean(derived, k.instructions, "LDSM")).toBe(24);
  });

  it("stencil2d: its 16x16 block's LDS take 2 wavefronts each, as ncu counts", () => {
    const k = kernel("stencil2d");
    const derived = sharedWavefronts(k.instructions, { blockDim: [16, 16, 1] });
    const l = launch("stencil2d");
    const ncu = l.values.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")! / l.values.get("smsp__inst_executed_op_shared_ld.sum")!;
    expect(ncu).toBeCloseTo(2, 2);
    expect(mean(derived, k.instructions, "LDS")).toBe(2);
  });
});
