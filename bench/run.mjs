// warpsim benchmarks: `npm run bench [-- --runs N] [-- --no-fast-forward] [-- case ...]`.
// --no-fast-forward simulates every cycle (the engine's own cost per instruction; src/sm/steady-state.ts).
// Each run of each case is a fresh Node process (so peak RSS is the case's own); the table shows
// medians over the runs. Record results in bench/RESULTS.md with this command and the machine.
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { CASES } from "./cases.mjs";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const names = args.filter((a, i) => !a.startsWith("--") && (runsAt < 0 || i !== runsAt + 1));
const caseFlags = args.includes("--no-fast-forward") ? ["--no-fast-forward"] : [];
const selected = names.length > 0 ? names : Object.keys(CASES);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x.toFixed(0));

console.log(`node ${process.version}, ${cpus().length} cores (${cpus()[0].model}), ${runs} runs per case, medians${caseFlags.length ? ", every cycle simulated (--no-fast-forward)" : ""}\n`);
const header = ["case", "instructions", "cycles", "skipped", "seconds", "warp-inst/s", "cycles/s", "peak RSS"];
const rows = [header];
const results = {};
for (const name of selected) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ["bench/case.mjs", name, ...caseFlags], { encoding: "utf8" });
    samples.push(JSON.parse(out));
  }
  const s = median(samples.map((x) => x.seconds));
  const r = { ...samples[0], seconds: s, rss: median(samples.map((x) => x.maxRssMiB)) };
  results[name] = r;
  rows.push([name, fmt(r.instructions), fmt(r.cycles), `${((100 * r.skippedCycles) / r.cycles).toFixed(0)}%`, s.toFixed(3), fmt(r.instructions / s), fmt(r.cycles / s), `${r.rss.toFixed(0)} MiB`]);
}
const widths = header.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
// Issue 13's targets, where their cases ran.
const rate = (n) => results[n] && results[n].instructions / results[n].seconds;
const target = (label, value, goal, met) => console.log(`${label}: ${value} (target ${goal}: ${met ? "met" : "not met"})`);
console.log("");
if (rate("mix-16w")) target("issue-bound mix, 16 warps/scheduler", `${fmt(rate("mix-16w"))} warp-inst/s`, ">= 50 M/s", rate("mix-16w") >= 50e6);
if (rate("loads-8w")) target("loads + FFMA, 8 warps/scheduler", `${fmt(rate("loads-8w"))} warp-inst/s`, ">= 30 M/s", rate("loads-8w") >= 30e6);
if (rate("warps-1") && rate("warps-16")) {
  // Per simulated instruction: only meaningful when neither case skipped ahead.
  if (results["warps-1"].skippedCycles > 0 || results["warps-16"].skippedCycles > 0) {
    console.log("cost per instruction, 16 / 1 warps per scheduler: see --no-fast-forward (warps-1 skipped ahead)");
  } else {
    const ratio = rate("warps-1") / rate("warps-16");
    target("cost per instruction, 16 / 1 warps per scheduler", ratio.toFixed(2), "<= 1.2", ratio <= 1.2);
  }
}
if (results["latency-bound-8"] && results["latency-bound-800"]) {
  const ratio = results["latency-bound-800"].seconds / results["latency-bound-8"].seconds;
  const label = "\nlatency-bound time ratio (800 / 8, same instructions)";
  // Skipped ahead, both runs take about 10 ms and their ratio is mostly the machine's noise.
  if (results["latency-bound-8"].skippedCycles > 0 && results["latency-bound-800"].skippedCycles > 0) {
    console.log(`${label}: ${ratio.toFixed(3)} (both skipped ahead: see --no-fast-forward for the engine's own ratio)`);
  } else {
    target(label, ratio.toFixed(3), "<= 1.05", ratio <= 1.05);
  }
}

// Issue 35: the memory-bound cases sampled (--sample 1%) beside exact, with their target.
const SAMPLED_CASES = ["mixed", "loads-8w"].filter((n) => results[n] !== undefined);
if (SAMPLED_CASES.length > 0 && caseFlags.length === 0) {
  console.log("\nsampled (--sample 1%) beside exact, medians:");
  for (const name of SAMPLED_CASES) {
    const samples = Array.from({ length: runs }, () => JSON.parse(execFileSync(process.execPath, ["bench/case.mjs", name, "--sample", "0.01"], { encoding: "utf8" })));
    const s = median(samples.map((x) => x.seconds));
    const one = samples[0];
    const exact = results[name];
    const error = one.cycles - exact.cycles;
    const speedup = exact.seconds / s;
    target(
      `  ${name}: ${s.toFixed(3)} s against ${exact.seconds.toFixed(3)} s, ${(100 * one.sampled.simulatedShare).toFixed(1)}% simulated; cycles ${one.cycles} (exact ${exact.cycles}, error ${error}, stated +/- ${Math.round(one.sampled.cyclesHalfWidth)})`,
      `${speedup.toFixed(1)}x`,
      ">= 20x inside the stated error",
      speedup >= 20 && Math.abs(error) <= one.sampled.cyclesHalfWidth,
    );
  }
}
