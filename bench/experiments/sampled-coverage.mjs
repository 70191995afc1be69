// Coverage of a sampled run's stated interval on long load-compute runs (issue 35; bench/RESULTS.md, "Sampled runs"):
// npm run build, then node bench/experiments/sampled-coverage.mjs [precision] [iterations] [policies, comma-separated].
import { parseScenario } from "../../dist/scenario/parse-scenario.js";
import { simulate } from "../../dist/run/simulate.js";
import { readFileSync } from "node:fs";
const tol = Number(process.argv[2] ?? 0.01);
let inside = 0, total = 0, te = 0, ts = 0, sumErr = 0, sumHalf = 0, sumSim = 0;
const iterations = Number(process.argv[3] ?? 500);
const policies = (process.argv[4] ?? "oldest-block").split(",");
const rows = [];
for (const ilp of [1, 4]) for (const w of [1, 4, 8, 16]) for (const iters of [iterations]) for (const policy of policies) for (const lat of ["uniform", "dram"]) {
  const base = readFileSync(new URL(`../../scenarios/latency-hiding/ilp${ilp}-w${w}.yaml`, import.meta.url), "utf8").replace(/iterations: \d+/, `iterations: ${iters}`);
  const text0 = lat === "dram" ? base.replace(/memory:\n  latency: .*\n/, "memory:\n  level: dram\n") : base;
  const text = `${text0}\nscheduler: ${policy}\n`;
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
    sumErr += Math.abs(err) / exact.cycles; sumHalf += sd.cyclesHalfWidth / exact.cycles; sumSim += sd.simulatedShare;
    if (!ok || seed === 1) console.log(`${policy} ilp${ilp} w${w} ${lat} seed ${seed}: exact ${exact.cycles} sampled ${samp.cycles} err ${err} ± ${sd.cyclesHalfWidth.toFixed(0)} ${ok ? "in" : "OUT"} simulated ${(100 * sd.simulatedShare).toFixed(1)}% skips ${sd.skips}`);
  }
}
console.log(`mean |error| ${(100 * sumErr / total).toFixed(2)}%, mean stated half-width ${(100 * sumHalf / total).toFixed(2)}%, mean simulated ${(100 * sumSim / total).toFixed(1)}%`);
console.log(`inside ${inside}/${total}; time exact ${te.toFixed(0)} ms, sampled ${ts.toFixed(0)} ms, ratio ${(te / ts).toFixed(2)}`);
