// Joins the ncu exports of validation/async/capture.sh with their launch manifests into
// data/summary.csv, one row per GEMM or TMA-fed stream configuration (each was launched twice; the second launch's
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
import { ncuColumns } from "../memory/ncu-columns.mjs";

const here = join(dirname(fileURLToPath(import.meta.url)), "data");
const MEMORY = ["l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct", "lts__t_sector_op_read_hit_rate.pct", "lts__t_sector_hit_rate.pct", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "dram__bytes_read.sum", "dram__bytes_write.sum"];
/** The launches of an ncu export with the manifest's configurations, each launched twice: the second's row. */
function launches(csv, manifestFile) {
  const m = readFileSync(join(here, manifestFile), "utf8").split("\n").filter((l) => l.startsWith("MANIFEST "));
  const rows = parse(readFileSync(join(here, csv), "utf8"), { columns: true }).filter((r) => /^\d+$/.test(r.ID));
  if (rows.length !== 2 * m.length) throw new Error(`${csv}: ${rows.length} launches, the manifest ${m.length} configurations launched twice`);
  return m.map((line, i) => ({ m: Object.fromEntries([...line.matchAll(/(\w+)=([\d.]+)/g)].map((x) => [x[1], Number(x[2])])), r: rows[2 * i + 1] }));
}
const gemms = launches("ncu_raw.csv", "manifest.txt").map(({ m, r }) => ({
  m, r, name: `gemm_ws<${m.bn}, ${m.stages}, ${m.consumers}>`, K: m.stages, F: m.consumers, warps: m.block / 32, perSm: 1,
  args: `tmap(f16, ${m.K}x${m.M}, box 64x${64 * m.consumers}), tmap(f16, ${m.K}x${m.N}, box 64x${m.bn}), ${(m.M * m.N * 4) / 2 ** 20}MiB, ${m.M}, ${m.N}, ${m.K}`,
}));
// The TMA-fed streams: each block sums bytes / grid of the buffer (two blocks per SM).
const feeds = launches("ncu_raw_feeds.csv", "manifest-feeds.txt").map(({ m, r }) => ({
  m, r, name: `stream_sum<${m.stages}, ${m.chunk}>`, K: m.stages, F: m.chunk, warps: m.grid / 132, perSm: m.grid / 132,
  args: `${m.bytes / 2 ** 20}MiB, ${Math.floor(m.bytes / m.grid)}, ${(m.grid * 32 * 4) / 1024}KiB`,
}));
const out = [...gemms, ...feeds].map(({ m, r, name, K, F, warps, perSm, args }) => {
  if (!r["Kernel Name"].includes(name)) throw new Error(`ncu has ${r["Kernel Name"]}, the manifest ${name}`);
  const row = {
    kernel: name, variant: "args", K, F, warps_per_sm: warps, threads_per_block: m.block, blocks: m.grid, dyn_smem_bytes: m.smem, iters: 0,
    blocks_per_sm: perSm, grid: String(m.grid), block: String(m.block),
    args,
    ...ncuColumns(r, MEMORY),
  };
  row.launch__shared_mem_per_block_static = 0;
  return row;
});
writeFileSync(join(here, "summary.csv"), stringify(out, { header: true }));
console.log(`${out.length} rows -> ${join(here, "summary.csv")}`);
