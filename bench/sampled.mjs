// Sampled runs against exact ones (issue 35): `npm run build && node bench/sampled.mjs [precision]`
// runs each `warpsim validate` family and the bundled scenarios (3 seeds) exactly and with
// --sample (default 1%): per family, the rows whose exact cycles lie inside the sampled run's
// stated 95% interval, the mean error and half-width, the share simulated and the time of each.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadScenario } from "../dist/scenario/load.js";
import { simulate } from "../dist/run/simulate.js";
import { readValidationData, validate } from "../dist/run/validate.js";
import { readSassFixtures } from "../dist/run/sass-fixtures.js";
import * as bundled from "../dist/cli/commands/validate.js";

const precision = Number(process.argv[2] ?? 0.01);
const families = [
  ["micro", bundled.BUNDLED_DATA],
  ["sass", bundled.BUNDLED_SASS_WARM],
  ["sass-flushed", bundled.BUNDLED_SASS_FLUSHED],
  ["heldout", bundled.BUNDLED_HELDOUT_DATA, bundled.BUNDLED_HELDOUT],
];
const line = (name, pairs, exactMs, sampledMs) => {
  const inside = pairs.filter((p) => Math.abs(p.sampled - p.exact) <= p.half).length;
  const mean = (f) => pairs.reduce((a, p) => a + f(p), 0) / pairs.length;
  console.log(
    `${name.padEnd(16)} ${String(inside).padStart(4)} / ${String(pairs.length).padEnd(4)} inside; |error| ${(100 * mean((p) => Math.abs(p.sampled - p.exact) / p.exact)).toFixed(2)}%, ` +
      `half-width ${(100 * mean((p) => p.half / p.exact)).toFixed(2)}%, simulated ${(100 * mean((p) => p.share)).toFixed(1)}%; ` +
      `exact ${exactMs.toFixed(0)} ms, sampled ${sampledMs.toFixed(0)} ms (${(exactMs / sampledMs).toFixed(2)}x)`,
  );
  return inside;
};
let inside = 0;
let total = 0;
for (const [name, data, fixtures] of families) {
  const records = readValidationData(data);
  const sass = name === "micro" ? undefined : readSassFixtures(fixtures ?? bundled.BUNDLED_SASS);
  let t = performance.now();
  const exact = validate(records, name, undefined, sass);
  const exactMs = performance.now() - t;
  t = performance.now();
  const sampled = validate(records, name, undefined, sass, undefined, { sample: precision });
  const sampledMs = performance.now() - t;
  const pairs = exact.rows.map((r, i) => ({ exact: r.predicted.cyclesActive, sampled: sampled.rows[i].predicted.cyclesActive, half: sampled.rows[i].sampled.cyclesHalfWidth, share: sampled.rows[i].sampled.simulatedShare }));
  inside += line(name, pairs, exactMs, sampledMs);
  total += pairs.length;
}
const files = ["scenarios", "scenarios/latency-hiding"].flatMap((d) => readdirSync(d).filter((f) => f.endsWith(".yaml")).map((f) => join(d, f)));
const pairs = [];
let exactMs = 0;
let sampledMs = 0;
for (const f of files) {
  const s = loadScenario(f);
  for (const seed of [1, 2, 3]) {
    let t = performance.now();
    const e = simulate(s, { seed });
    exactMs += performance.now() - t;
    t = performance.now();
    const p = simulate(s, { seed, sample: precision });
    sampledMs += performance.now() - t;
    pairs.push({ exact: e.cycles, sampled: p.cycles, half: p.sampled.cyclesHalfWidth, share: p.sampled.simulatedShare });
  }
}
inside += line("bundled x3 seeds", pairs, exactMs, sampledMs);
total += pairs.length;
console.log(`all: ${inside} / ${total} inside (${((100 * inside) / total).toFixed(1)}%; the target is 95%)`);
