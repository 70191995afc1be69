// Runs one benchmark case once in this process and prints its measurements as JSON.
// Usage: node bench/case.mjs <case> [--no-fast-forward] [--scale F] [--sample P]   (bench/run.mjs calls it in a fresh process per run)
// --sample P runs it sampled (run --sample; P a fraction, 0.01 for 1%).
// --scale F multiplies the case's loop trips by F (bench/instructions.sh runs two scales).
import { performance } from "node:perf_hooks";
import { parseScenario, simulate } from "../dist/index.js";
import { CASES } from "./cases.mjs";

const name = process.argv[2];
const make = CASES[name];
if (!make) {
  console.error(`unknown case "${name}"; cases: ${Object.keys(CASES).join(", ")}`);
  process.exit(1);
}
const scaleAt = process.argv.indexOf("--scale");
const scale = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;
if (!(scale > 0)) {
  console.error(`--scale wants a positive number, got "${process.argv[scaleAt + 1]}"`);
  process.exit(1);
}
const scaled = (n) => Math.max(1, Math.round(Number(n) * scale));
const text = make()
  .replace(/\.loop (\d+)/g, (_, n) => `.loop ${scaled(n)}`)
  .replace(/iterations: (\d+)/g, (_, n) => `iterations: ${scaled(n)}`);
const scenario = parseScenario(text, name);
const start = performance.now();
const fastForwardStats = { skippedCycles: 0 };
const sampleAt = process.argv.indexOf("--sample");
const sample = sampleAt >= 0 ? Number(process.argv[sampleAt + 1]) : undefined;
const result = simulate(scenario, { maxCycles: 2e9, fastForward: !process.argv.includes("--no-fast-forward"), fastForwardStats, ...(sample !== undefined ? { sample } : {}) });
const seconds = (performance.now() - start) / 1000;
if (result.outcome.status !== "completed") {
  console.error(`${name} did not complete: ${result.outcome.status}`);
  process.exit(2);
}
console.log(
  JSON.stringify({
    name,
    seconds,
    instructions: result.sm.instExecuted,
    cycles: result.cycles,
    skippedCycles: fastForwardStats.skippedCycles,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
    ...(result.sampled !== undefined ? { sampled: result.sampled } : {}),
  }),
);
