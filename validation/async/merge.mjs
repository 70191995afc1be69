// Joins the ncu export of validation/async/capture.sh with its launch manifest into
// data/summary.csv, one row per GEMM configuration (each was launched twice; the second launch's
// counters are kept), in the columns of validation/memory/data/summary.csv: the launch and
// warpsim's --args (the tensor maps in their written form, tmap(...)), the ratios `warpsim
// validate` compares, the memory counters. Nothing here is given to warpsim beyond the listing,
// the arguments and the launch.
//
//   node validation/async/merge.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

const here = join(dirname(fileURLToPath(import.meta.url)), "data");
const manifest = readFileSync(join(here, "manifest.txt"), "utf8")
  .split("\n")
  .filter((l) => l.startsWith("MANIFEST "))
  .map((l) => Object.fromEntries([...l.matchAll(/(\w+)=([\d.]+)/g)].map((m) => [m[1], Number(m[2])])));
const REASONS = ["barrier", "branch_resolving", "dispatch_stall", "drain", "gmma", "imc_miss", "lg_throttle", "long_scoreboard", "math_pipe_throttle", "membar", "mio_throttle", "misc", "no_instruction", "not_selected", "selected", "short_scoreboard", "sleeping", "tex_throttle", "wait"];
const MEMORY = ["l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct", "lts__t_sector_op_read_hit_rate.pct", "lts__t_sector_hit_rate.pct", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "dram__bytes_read.sum", "dram__bytes_write.sum"];
const num = (v) => Number(String(v ?? "").replace(/,/g, ""));
const rows = parse(readFileSync(join(here, "ncu_raw.csv"), "utf8"), { columns: true }).filter((r) => /^\d+$/.test(r.ID));
if (rows.length !== 2 * manifest.length) throw new Error(`ncu_raw.csv: ${rows.length} launches, the manifest ${manifest.length} configurations launched twice`);
const out = manifest.map((m, i) => {
  const r = rows[2 * i + 1];
  const name = `gemm_ws<${m.bn}, ${m.stages}, ${m.consumers}>`;
  if (!r["Kernel Name"].includes(name)) throw new Error(`launch ${2 * i + 1}: ncu has ${r["Kernel Name"]}, the manifest ${name}`);
  const cycles = num(r["smsp__cycles_active.sum"]);
  const issued = num(r["smsp__issue_active.sum"]);
  const bm = 64 * m.consumers;
  const row = {
    kernel: name, variant: "args", K: m.stages, F: m.consumers, warps_per_sm: m.block / 32, threads_per_block: m.block, blocks: m.grid, dyn_smem_bytes: m.smem, iters: 0,
    blocks_per_sm: 1, grid: String(m.grid), block: String(m.block),
    args: `tmap(f16, ${m.K}x${m.M}, box 64x${bm}), tmap(f16, ${m.K}x${m.N}, box 64x${m.bn}), ${(m.M * m.N * 4) / 2 ** 20}MiB, ${m.M}, ${m.N}, ${m.K}`,
    d_issue_active_per_active_cycle: issued / cycles,
    d_warps_active_per_active_cycle: num(r["smsp__warps_active.sum"]) / cycles,
    d_warps_eligible_per_active_cycle: num(r["smsp__warps_eligible.sum"]) / cycles,
  };
  for (const reason of REASONS) row[`d_stall_${reason}_per_issue`] = num(r[`smsp__warps_issue_stalled_${reason}.sum`]) / issued;
  row["sm__cycles_active.avg"] = num(r["sm__cycles_active.avg"]);
  row["smsp__inst_executed.sum"] = num(r["smsp__inst_executed.sum"]);
  for (const c of MEMORY) row[c] = num(r[c]);
  row.launch__registers_per_thread = num(r.launch__registers_per_thread);
  row.launch__shared_mem_per_block_static = 0;
  return row;
});
writeFileSync(join(here, "summary.csv"), stringify(out, { header: true }));
console.log(`${out.length} rows -> ${join(here, "summary.csv")}`);
