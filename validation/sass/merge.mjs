// Joins the ncu export of validation/sass/capture.sh with its launch manifest into
// data/summary.csv: one row per launch, configuration first, then the ratios warpsim validates
// (the same d_* definitions as the ground truth's merge.py: sums over sub-partitions divided by
// active cycles or by issued instructions), then the cache hit rates the scenarios use.
//
//   node validation/sass/merge.mjs [data folder, default data]
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

const here = join(dirname(fileURLToPath(import.meta.url)), process.argv[2] ?? "data");
const raw = parse(readFileSync(join(here, "ncu_raw.csv"), "utf8"), { columns: true });
const rows = raw.filter((r) => /^\d+$/.test(r.ID)); // the second line holds units
const manifest = readFileSync(join(here, "manifest.txt"), "utf8")
  .split("\n")
  .filter((l) => l.startsWith("MANIFEST,"))
  .map((l) => l.split(","))
  // Application replay runs the program once per pass: one line per launch index.
  .filter((m, i, all) => all.findIndex((o) => o[1] === m[1]) === i);
if (manifest.length !== rows.length) throw new Error(`${manifest.length} launches in the manifest, ${rows.length} in the ncu export`);
const REASONS = ["barrier", "branch_resolving", "dispatch_stall", "drain", "gmma", "imc_miss", "lg_throttle", "long_scoreboard", "math_pipe_throttle", "membar", "mio_throttle", "misc", "no_instruction", "not_selected", "selected", "short_scoreboard", "sleeping", "tex_throttle", "wait"];
const num = (v) => Number(String(v).replace(/,/g, ""));
const out = rows.map((r, i) => {
  // The held-out set adds k, the blocks each SM runs (the fixtures run one).
  const [, , kernel, W, threads, blocks, dyn, iters, perSm, k = "1"] = manifest[i];
  if (r["Kernel Name"] !== kernel) throw new Error(`launch ${i}: ncu has ${r["Kernel Name"]}, the manifest ${kernel}`);
  if (Number(perSm) < Number(k)) throw new Error(`launch ${i}: ${perSm} blocks fit an SM, the launch needs ${k}`);
  const cycles = num(r["smsp__cycles_active.sum"]);
  const issued = num(r["smsp__issue_active.sum"]);
  const row = {
    kernel, variant: "sass", K: 0, F: 0, warps_per_sm: W, threads_per_block: threads, blocks, dyn_smem_bytes: dyn, iters, blocks_per_sm: k,
    d_issue_active_per_active_cycle: issued / cycles,
    d_warps_active_per_active_cycle: num(r["smsp__warps_active.sum"]) / cycles,
    d_warps_eligible_per_active_cycle: num(r["smsp__warps_eligible.sum"]) / cycles,
  };
  for (const reason of REASONS) row[`d_stall_${reason}_per_issue`] = num(r[`smsp__warps_issue_stalled_${reason}.sum`]) / issued;
  Object.assign(row, {
    "sm__cycles_active.avg": num(r["sm__cycles_active.avg"]),
    "smsp__inst_executed.sum": num(r["smsp__inst_executed.sum"]),
    "lts__t_sector_hit_rate.pct": num(r["lts__t_sector_hit_rate.pct"]),
    "l1tex__t_sector_hit_rate.pct": num(r["l1tex__t_sector_hit_rate.pct"]),
    // Hit rates of global loads alone (stores and atomics excluded): the scenarios' level mix.
    "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct": num(r["l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct"]),
    "lts__t_sector_op_read_hit_rate.pct": num(r["lts__t_sector_op_read_hit_rate.pct"]),
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum": num(r["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]),
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum": num(r["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]),
    "dram__bytes_read.sum": num(r["dram__bytes_read.sum"]),
    launch__registers_per_thread: num(r.launch__registers_per_thread),
    launch__shared_mem_per_block_static: num(r.launch__shared_mem_per_block_static ?? 0) || 0,
  });
  return row;
});
writeFileSync(join(here, "summary.csv"), stringify(out, { header: true }));
console.log(`${out.length} rows -> ${join(here, "summary.csv")}`);
