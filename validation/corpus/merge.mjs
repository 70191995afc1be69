// Joins the ncu export of validation/corpus/capture.sh with its launch manifest into
// data/summary.csv (caches flushed, ncu's default), as validation/memory/merge.mjs does: nothing
// here is given to warpsim, which runs each row from the listing, the arguments and the launch.
// The fourth batch (kernels 44-57) was captured later with every kernel of the file
// (data/batch4/); its new kernels' rows are appended, the first three batches' rows kept from
// their own capture.
//
//   node validation/corpus/merge.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mergeCaptures } from "../memory/ncu-columns.mjs";

const data = join(dirname(fileURLToPath(import.meta.url)), "data");
mergeCaptures(data, [["ncu_raw.csv", "summary.csv"]]);
mergeCaptures(join(data, "batch4"), [["ncu_raw.csv", "summary.csv"]]);
const FOURTH = new Set(["vadd_f4", "saxpy_stride2", "matvec_rows", "sgemm_reg4x4", "softmax_online", "hist_bytes", "scan_kogge", "spmv_ell", "cp_async_sum", "sincos_accurate", "int_mod_hash", "normalize3", "block_bitonic", "stencil7_1d"]);
const [header, ...rows] = readFileSync(join(data, "batch4", "summary.csv"), "utf8").trimEnd().split("\n");
const first = readFileSync(join(data, "summary.csv"), "utf8").trimEnd().split("\n");
if (first[0] !== header) throw new Error("data/batch4/summary.csv: its columns differ from data/summary.csv's");
const added = rows.filter((r) => FOURTH.has(r.slice(0, r.indexOf(","))));
if (added.length !== FOURTH.size) throw new Error(`data/batch4: ${added.length} rows of the fourth batch, expected ${FOURTH.size}`);
writeFileSync(join(data, "summary.csv"), [...first, ...added].join("\n") + "\n");
