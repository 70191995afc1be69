// warpsim's steady state of the ground truth's loops next to the H100's (steady-probe/steady.csv):
// each configuration is simulated with the base and the long trip count, and the difference of
// the sums is compared, as steady_diff.py does for ncu's.
//
//   npm run build && node validation/microbench/steady_model.mjs [filter, e.g. "l2,8"]
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { parseScenario, simulate } from "../../dist/index.js";
import { BENCH_SASS_FIXTURES, benchRowScenario } from "../../dist/run/bench-sass.js";
import { readSassFixtures } from "../../dist/run/sass-fixtures.js";
import { readerBeside } from "../../dist/scenario/load.js";

const TRIPS = { fma: [512, 1024], l2: [128, 256], dram: [64, 96] };
const rows = parse(readFileSync(new URL("steady-probe/steady.csv", import.meta.url)), { columns: true });
const filter = process.argv[2] ?? "";
const fixtures = readSassFixtures(BENCH_SASS_FIXTURES);

function sums(group, K, F, W, iters) {
  const config = {
    kernel: group === "fma" ? "fma_chain" : "ld_chain", variant: group, K, F, warpsPerSm: W, iters,
    threadsPerBlock: W <= 32 ? 32 * W : 16 * W, blocks: W <= 32 ? 132 : 264, dynSmemBytes: W <= 32 ? 122880 : 81920,
  };
  // As warpsim validate runs the row: the kernel from its own SASS (src/run/bench-sass.ts).
  const { fields } = benchRowScenario(config, fixtures);
  const sm = simulate(parseScenario(JSON.stringify(fields), BENCH_SASS_FIXTURES, [], { readFile: readerBeside(BENCH_SASS_FIXTURES) })).sm;
  return { cycles: sm.activeCycles, issued: sm.issueActive * sm.activeCycles, eligible: sm.warpsEligible * sm.activeCycles };
}

const errors = [];
console.log("group,K,F,W,issue_h100,issue_warpsim,eligible_h100,eligible_warpsim,eligible_error");
for (const r of rows) {
  const key = `${r.group},${r.K},${r.F},${r.warps_per_sm}`;
  if (!key.startsWith(filter)) continue;
  const [a, b] = TRIPS[r.group].map((n) => sums(r.group, +r.K, +r.F, +r.warps_per_sm, n));
  const cycles = b.cycles - a.cycles;
  const issue = (b.issued - a.issued) / cycles;
  const eligible = (b.eligible - a.eligible) / cycles;
  const error = (eligible - r.warps_eligible) / r.warps_eligible;
  errors.push(Math.abs(error));
  console.log(`${key},${(+r.issue_active).toFixed(3)},${issue.toFixed(3)},${(+r.warps_eligible).toFixed(3)},${eligible.toFixed(3)},${(100 * error).toFixed(1)}%`);
}
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
console.log(`# steady-state eligible warps, mean relative error over ${errors.length} configurations: ${(100 * mean(errors)).toFixed(1)}%`);
