// The sweep benchmark: a 16 x 8 sweep (launch.blocks 1..16 x program.ilp 1..8) of load-compute,
// on one worker thread and on all cores; prints the medians and the speed-up.
// Usage: node bench/sweep.mjs [runs] [iterations]   (npm run bench runs it with the defaults)
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { expandSweep } from "../dist/scenario/sweep.js";
import { runSweep } from "../dist/run/sweep/run-sweep.js";

const runs = Number(process.argv[2] ?? 3);
// iterations: 64 gives configurations of 20-90k cycles (about 11 ms each); 1024, the "millions
// of cycles" a user sweeps (0.3-1.5 M cycles, about 0.15 s each).
const iterations = Number(process.argv[3] ?? 1024);
const text = `
name: sweep-bench
launch: { threadsPerBlock: 128, blocks: 1, registersPerThread: 32 }
memory: { latency: { kind: uniform, min: 400, max: 800 } }
program: { generator: load-compute, ilp: 1, computePerLoad: 8, iterations: ${iterations} }
`;
const configurations = expandSweep([
  { path: ["launch", "blocks"], values: Array.from({ length: 16 }, (_, i) => i + 1) },
  { path: ["program", "ilp"], values: [1, 2, 3, 4, 5, 6, 7, 8] },
]);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (jobs) => {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await runSweep({ text, file: "sweep-bench", configurations, jobs });
    samples.push((performance.now() - t) / 1000);
  }
  return median(samples);
};
const cores = availableParallelism();
const one = await time(1);
const all = await time(cores);
console.log(`sweep 16 x 8 (${configurations.length} configurations, ${iterations} iterations each): 1 core ${one.toFixed(2)} s, ${cores} cores ${all.toFixed(2)} s, speed-up ${(one / all).toFixed(2)}x`);
