// Joins the ncu export of validation/corpus/capture.sh with its launch manifest into
// data/summary.csv (caches flushed, ncu's default), as validation/memory/merge.mjs does: nothing
// here is given to warpsim, which runs each row from the listing, the arguments and the launch.
// The fourth to ninth batches (kernels 44-57, 58-71, 72-83, 84-97, 98-111, 112-125) were captured later with every kernel of
// the file (data/batch4/ to data/batch9/); each batch's new kernels' rows are appended, the earlier
// rows kept from their own capture.
//
//   node validation/corpus/merge.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mergeCaptures } from "../memory/ncu-columns.mjs";

const data = join(dirname(fileURLToPath(import.meta.url)), "data");
mergeCaptures(data, [["ncu_raw.csv", "summary.csv"]]);
const BATCHES = [
  ["batch4", ["vadd_f4", "saxpy_stride2", "matvec_rows", "sgemm_reg4x4", "softmax_online", "hist_bytes", "scan_kogge", "spmv_ell", "cp_async_sum", "sincos_accurate", "int_mod_hash", "normalize3", "block_bitonic", "stencil7_1d"]],
  ["batch5", ["sum_atomic_one", "gather_idx", "scatter_idx", "layernorm_block", "conv5x5_smem", "copy_pitched", "to_half_and_back", "bit_tricks", "fma_ilp8", "gelu_tanh", "particles_soa", "collatz", "spmv_csr_vector", "dgemv_warp"]],
  // work_queue (a persistent loop that exits on an atomicAdd's return value) is captured but not
  // appended: warpsim cannot run it from its arguments (docs/validation.md, the sixth batch).
  ["batch6", ["scale_t<double>", "block_sum_t<int, 256>", "fib_rec", "atomic64_bins", "poly_eval", "radix_decode", "hgemv_warp", "reverse_dyn", "philox_like", "any_search", "nested3"]],
  ["batch7", ["adam_step", "embedding_gather", "cross_entropy", "im2col3x3", "maxpool2x2", "depthwise3x3", "topk4_warp", "quantize_int8", "softmax_1024", "smem_stride2", "last_block_reduce", "small_grid_fma", "welford_rows", "bilinear_resize"]],
  ["batch8", ["printf_guard", "div64", "jump_switch", "syncwarp_reduce", "named_barrier_pc", "cg_tile_reduce", "half2_atomic", "prefetch_l2", "double_atomic_max", "streaming_hints", "cluster_dsmem", "popc_bitmap", "const_coef", "vec4_grid_unroll"]],
  ["batch9", ["rmsnorm_f4", "rope", "warp_atomic_sum", "hist_warp_private", "index_add_rows", "permute021", "inv4x4", "kmeans_assign", "blur_row17", "radix_count", "to_lower", "sgemm_8x8", "attn_scores", "dropout_hash"]],
  ["batch10", ["poly16_eval", "mat3_vec", "black_scholes", "murmur_mix", "box_muller", "sgemm_4x4_smem", "stencil5_smem", "quat_rotate", "rgb_to_gray", "complex_mul", "crc32_bitwise", "cubic_interp", "row_max_warp", "dots16_smem"]],
];
const lines = readFileSync(join(data, "summary.csv"), "utf8").trimEnd().split("\n");
for (const [folder, names] of BATCHES) {
  mergeCaptures(join(data, folder), [["ncu_raw.csv", "summary.csv"]]);
  const [header, ...rows] = readFileSync(join(data, folder, "summary.csv"), "utf8").trimEnd().split("\n");
  if (lines[0] !== header) throw new Error(`data/${folder}/summary.csv: its columns differ from data/summary.csv's`);
  const wanted = new Set(names);
  // A template's name is quoted where it holds a comma (block_sum_t<int, 256>).
  const added = rows.filter((r) => wanted.has(r.startsWith('"') ? r.slice(1, r.indexOf('"', 1)) : r.slice(0, r.indexOf(","))));
  if (added.length !== wanted.size) throw new Error(`data/${folder}: ${added.length} rows of its batch, expected ${wanted.size}`);
  lines.push(...added);
}
writeFileSync(join(data, "summary.csv"), lines.join("\n") + "\n");
