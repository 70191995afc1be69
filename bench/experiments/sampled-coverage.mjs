// Coverage of a sampled run's stated interval (issue 35; bench/RESULTS.md, "Sampled runs"):
// apply sampled-steady-state.patch, npm run build, then node bench/experiments/sampled-coverage.mjs [tolerance].
import { parseScenario } from "../../dist/scenario/parse-scenario.js";
import { simulate } from "../../dist/run/simulate.js";
import { readFileSync } from "node:fs";
const tol = Number(process.argv[2] ?? 0.01);
let inside = 0, total = 0, te = 0, ts = 0;
const rows = [];
for (const ilp of [1, 4]) for (const w of [1, 4, 8, 16]) for (const iters of [500]) for (const lat of ["uniform", "dram"]) {
  const base = readFileSync(new URL(`../../scenarios/latency-hiding/ilp${ilp}-w${w}.yaml`, import.meta.url), "utf8").replace(/iterations: \d+/, `iterations: ${iters}`);
  const text = lat === "dram" ? base.replace(/memory:\n  latency: .*\n/, "memory:\n  level: dram\n") : base;
  let s; try { s = parseScenario(text, "x.yaml"); } catch (e) { console.log(String(e).slice(0,200)); continue; }
  for (const seed of [1, 2, 3, 4, 5]) {
    let t = performance.now();
    const exact = simulate(s, { seed });
    te += performance.now() - t; t = performance.now();
    const samp = simulate(s, { seed, sample: tol });
    ts += performance.now() - t;
    const sd = samp.sampled, err = samp.cycles - exact.cycles;
    const ok = Math.abs(err) <= sd.cyclesHalfWidth;
    total++; if (ok) inside++;
    if (!ok || seed === 1) console.log(`ilp${ilp} w${w} ${lat} seed ${seed}: exact ${exact.cycles} sampled ${samp.cycles} err ${err} ± ${sd.cyclesHalfWidth.toFixed(0)} ${ok ? "in" : "OUT"} simulated ${(100 * sd.simulatedShare).toFixed(1)}% skips ${sd.skips}`);
  }
}
console.log(`inside ${inside}/${total}; time exact ${te.toFixed(0)} ms, sampled ${ts.toFixed(0)} ms, ratio ${(te / ts).toFixed(2)}`);
