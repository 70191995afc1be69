// Joins the ncu export of validation/corpus/capture.sh with its launch manifest into
// data/summary.csv (caches flushed, ncu's default), as validation/memory/merge.mjs does: nothing
// here is given to warpsim, which runs each row from the listing, the arguments and the launch.
//
//   node validation/corpus/merge.mjs
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mergeCaptures } from "../memory/ncu-columns.mjs";

mergeCaptures(join(dirname(fileURLToPath(import.meta.url)), "data"), [["ncu_raw.csv", "summary.csv"]]);
