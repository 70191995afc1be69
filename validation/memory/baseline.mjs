// The memory families without the address-driven model: each row run from its arguments as
// before issue 29 ("A memory system from addresses"), global loads at the old default latency
// (uniform 400-800 cycles), no bandwidth limit. What `warpsim validate --family <same>`
// improves on:
//
//   node validation/memory/baseline.mjs memory      (or memory-warm, sass-args, heldout-args)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { argsRowScenario, fixtureArgsRow, readSassFixtures } from "../../dist/run/sass-fixtures.js";
import { scenarioSchema } from "../../dist/scenario/schema.js";
import { resolveScenario } from "../../dist/scenario/resolve.js";
import { readerBeside } from "../../dist/scenario/load.js";
import { simulate } from "../../dist/run/simulate.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const FAMILIES = {
  memory: [here("data/summary.csv"), here("kernels.json")],
  "memory-warm": [here("data/summary-warm.csv"), here("kernels.json")],
  "sass-args": [here("../sass/data/summary.csv"), here("../sass/kernels.json")],
  "heldout-args": [here("../sass/heldout/data/summary.csv"), here("../sass/heldout/kernels.json")],
};

/** Mean absolute percentage error of active cycles over the family's rows, without the address-driven model. */
export function baselineMape(family) {
  const [data, kernels] = FAMILIES[family];
  const fixtures = readSassFixtures(kernels);
  const errors = parse(readFileSync(data, "utf8"), { columns: true }).map((r0) => {
    const r = r0.variant === "args" ? r0 : fixtureArgsRow(r0, fixtures, data);
    const input = argsRowScenario(r, fixtures.listing);
    input.memory = { latency: { kind: "uniform", min: 400, max: 800 } };
    const resolved = resolveScenario(scenarioSchema.parse(input), { file: data, readFile: readerBeside(fixtures.listing) });
    if (!resolved.ok) throw new Error(JSON.stringify(resolved.issues));
    return Math.abs(simulate(resolved.scenario).cycles / Number(r["sm__cycles_active.avg"]) - 1);
  });
  return errors.reduce((a, b) => a + b, 0) / errors.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const family = process.argv[2] ?? "memory";
  if (!(family in FAMILIES)) throw new Error(`family: one of ${Object.keys(FAMILIES).join(", ")}`);
  console.log(`${family}, loads at uniform 400-800 cycles: active cycles MAPE ${(100 * baselineMape(family)).toFixed(1)}%`);
}
