import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The register-bank probe (validation/microbench/regbank_probe.cu, regbank_patch.py; data in
 * regbank-probe/) against the H100: a loop of 128 FFMAs, patched in the cubin to read the
 * registers each variant names, 132 blocks of 1,024 threads (8 warps per sub-partition). ncu's
 * active cycles per instruction issued: 1.00 when every FFMA's registers are spread over both
 * banks, 1.96 with two in one bank, 2.94 with three, 1.47 when FFMAs with three in one bank take
 * turns with others, less with operands the reuse cache serves, 1.00 when no lane executes them (`@!PT`). warpsim runs each variant's
 * own listing (20 trips, not 2,000) and must come within 5% of every row.
 */
const rows = parse(readFileSync("validation/microbench/regbank-probe/summary.csv", "utf8"), { columns: true, cast: true }) as { variant: string; cycles_per_instruction: number }[];

async function cyclesPerInstruction(variant: string): Promise<number> {
  const args = "ptr:1MiB,ptr:64KiB,i32:20,f32:1";
  const r = await cli("run", "--sass", "validation/microbench/regbank-probe/sass.txt", "--kernel", `probe_${variant}`, "--grid", "132", "--block", "1024", "--args", args, "--format", "json");
  const sm = (JSON.parse(r.stdout) as { sm: { activeCycles: number; instExecuted: number } }).sm;
  return sm.activeCycles / sm.instExecuted;
}

describe("register banks: FFMAs reading chosen registers (regbank_probe)", () => {
  it("has the probe's 29 variants", () => expect(rows.length).toBe(29));
  for (const r of rows) {
    it(`${r.variant}: the H100's ${r.cycles_per_instruction.toFixed(2)} cycles per instruction, warpsim within 5%`, async () => {
      expect(Math.abs((await cyclesPerInstruction(r.variant)) / r.cycles_per_instruction - 1)).toBeLessThan(0.05);
    });
  }
});
