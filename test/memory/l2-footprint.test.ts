import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/cli-helper.js";

/**
 * The L2 footprint probe (validation/microbench/l2_footprint_probe.cu, data in
 * l2-footprint-probe/): every SM gathers (.cg, past the L1) or scatters (word k of a line from
 * lane k) 32 random lines a request among 1 to 131,072 contiguous lines. On the H100 a request
 * costs more the fewer the lines (loads 199 cycles on 64 lines, 57.3 on 1,024, 46.9 on 131,072;
 * stores 690 on 48, 176.3 on 1,024, 98.6 on 131,072), and with half the SMs storing into 1,024 lines each gets
 * twice the share of the same slowed total (87.1); half the SMs gathering are held by each SM's
 * own port instead (31.9, about a line a cycle). warpsim's rule (sm/memory/hot-lines.ts) takes
 * the lines from the kernel's own addresses: the instruction's lines in one block, shared by the
 * others. 16 trips here, 64 there: cycles per request.
 */
const rows = parse(readFileSync("validation/microbench/l2-footprint-probe/summary.csv", "utf8"), { columns: true, cast: true }) as {
  op: string;
  lines: number;
  spread: number;
  blocks: number;
  threads: number;
  cycles_per_request_per_sm: number;
}[];

const TRIPS = 16;
const SASS = "validation/microbench/l2-footprint-probe/sass.txt";

async function cyclesPerRequest(op: string, lines: number, blocks: number): Promise<number> {
  const [kernel, args] = op === "load" ? ["_Z16footprint_gatherILb0EEvPKfPfij", `ptr:16MiB,ptr:528KiB,i32:${TRIPS},u32:${lines}`] : ["_Z17footprint_scatterILb0EEvPfij", `ptr:16MiB,i32:${TRIPS},u32:${lines}`];
  const r = await cli("run", "--sass", SASS, "--kernel", kernel, "--grid", String(blocks), "--block", "1024", "--args", args, "--format", "json");
  return (JSON.parse(r.stdout) as { cycles: number }).cycles / (32 * TRIPS * 8);
}

// Each count's regime once (the docs' table, script l2-footprint, shows more rows).
const shown: [string, number, number][] = [
  ["load", 64, 132],
  ["load", 1024, 132],
  ["store", 48, 132],
  ["store", 2048, 132],
  ["store", 1024, 66],
  ["load", 1024, 66],
];

describe("scattered accesses into few lines cost the L2 more per line (l2_footprint_probe)", () => {
  for (const [op, lines, blocks] of shown) {
    const r = rows.find((x) => x.op === op && x.lines === lines && x.spread === 0 && x.blocks === blocks && x.threads === 1024)!;
    it(`${op}s among ${lines} lines from ${blocks} SMs: the H100's ${r.cycles_per_request_per_sm} cycles per request, warpsim within 5%`, async () => {
      expect(Math.abs((await cyclesPerRequest(op, lines, blocks)) / r.cycles_per_request_per_sm - 1)).toBeLessThan(0.05);
    });
  }
});
