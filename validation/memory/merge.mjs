// Joins the ncu exports of validation/memory/capture.sh with its launch manifest into
// data/summary.csv (caches flushed, ncu's default) and data/summary-warm.csv: one row per launch,
// the launch first (kernel, grid, block, dynamic shared memory, warpsim's --args), then the
// ratios `warpsim validate` compares (the d_* definitions of validation/sass/merge.mjs), then
// the memory system's counters: nothing here is given to warpsim, which runs each row from the
// listing, the arguments and the launch alone.
//
//   node validation/memory/merge.mjs
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mergeCaptures } from "./ncu-columns.mjs";

mergeCaptures(join(dirname(fileURLToPath(import.meta.url)), "data"), [["ncu_raw.csv", "summary.csv"], ["ncu_raw_warm.csv", "summary-warm.csv"]]);
