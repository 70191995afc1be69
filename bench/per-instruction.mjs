// What --per-instruction costs (issue 32: nothing when not asked for). Median of 5 runs of
// simulate() in this process, interleaved: without hooks (the default run, fast-forward on),
// without hooks with every cycle simulated (what a hooked run must do), and with the
// per-instruction hooks.
// Usage: npm run build && node bench/per-instruction.mjs
import { performance } from "node:perf_hooks";
import { loadScenario, simulate } from "../dist/index.js";
import { PerInstruction } from "../dist/stats/per-instruction.js";

const CASES = ["scenarios/latency-hiding/ilp4-w8.yaml", "scenarios/latency-hiding/ilp1-w16.yaml", "scenarios/starvation.yaml"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const file of CASES) {
  const scenario = loadScenario(file);
  const t = { plain: [], everyCycle: [], perInstruction: [] };
  for (let r = 0; r < 5; r++) {
    let s = performance.now();
    simulate(scenario);
    t.plain.push(performance.now() - s);
    s = performance.now();
    simulate(scenario, { fastForward: false });
    t.everyCycle.push(performance.now() - s);
    const per = new PerInstruction(scenario.program.length);
    s = performance.now();
    simulate(scenario, { hooks: per.hooks() });
    t.perInstruction.push(performance.now() - s);
  }
  console.log(JSON.stringify({ file, plainMs: +median(t.plain).toFixed(1), everyCycleMs: +median(t.everyCycle).toFixed(1), perInstructionMs: +median(t.perInstruction).toFixed(1) }));
}
