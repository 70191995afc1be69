// Joins the ncu exports of validation/corpus/capture.sh with its launch manifest into
// data/summary.csv (caches flushed, ncu's default): one row per launch,
// the launch first (kernel, grid, block, dynamic shared memory, warpsim's --args), then the
// ratios `warpsim validate` compares (the d_* definitions of validation/sass/merge.mjs), then
// the memory system's counters: nothing here is given to warpsim, which runs each row from the
// listing, the arguments and the launch alone.
//
//   node validation/corpus/merge.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { ncuColumns, num } from "../memory/ncu-columns.mjs";

const here = join(dirname(fileURLToPath(import.meta.url)), "data");
const manifest = readFileSync(join(here, "manifest.txt"), "utf8")
  .split("\n")
  .filter((l) => l.startsWith("MANIFEST,"))
  .map((l) => {
    // MANIFEST,i,kernel,gx,gy,bx,by,dyn,<args with commas>,perSm
    const f = l.split(",");
    return { kernel: f[2], grid: [f[3], f[4]], block: [f[5], f[6]], dyn: f[7], args: f.slice(8, -1).join(","), perSm: f[f.length - 1] };
  });
const MEMORY = [
  "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct", "lts__t_sector_op_read_hit_rate.pct", "lts__t_sector_hit_rate.pct",
  "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
  "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
  "dram__bytes_read.sum", "dram__bytes_write.sum", "launch__shared_mem_config_size", "launch__waves_per_multiprocessor",
];
for (const [input, output] of [["ncu_raw.csv", "summary.csv"]]) {
  const rows = parse(readFileSync(join(here, input), "utf8"), { columns: true }).filter((r) => /^\d+$/.test(r.ID));
  if (rows.length !== manifest.length) throw new Error(`${input}: ${rows.length} launches, the manifest ${manifest.length}`);
  const out = rows.map((r, i) => {
    const m = manifest[i];
    // A template's name comes back demangled with its return type and parameters: compare its base.
    const ncuName = r["Kernel Name"].replace(/^void /, "").replace(/\(.*$/, "");
    if (ncuName !== m.kernel) throw new Error(`${input} launch ${i}: ncu has ${r["Kernel Name"]}, the manifest ${m.kernel}`);
    const threads = Number(m.block[0]) * Number(m.block[1]);
    const blocks = Number(m.grid[0]) * Number(m.grid[1]);
    const row = {
      kernel: m.kernel, variant: "args", K: 0, F: 0, warps_per_sm: (Number(m.perSm) * threads) / 32, threads_per_block: threads, blocks, dyn_smem_bytes: m.dyn, iters: 0,
      blocks_per_sm: m.perSm, grid: m.grid.join(","), block: m.block.join(","), args: m.args,
      ...ncuColumns(r, MEMORY),
    };
    row.launch__shared_mem_per_block_static = num(r.launch__shared_mem_per_block_static ?? 0) || 0;
    return row;
  });
  writeFileSync(join(here, output), stringify(out, { header: true }));
  console.log(`${out.length} rows -> ${join(here, output)}`);
}
