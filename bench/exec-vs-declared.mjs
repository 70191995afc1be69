// A timed run of a fixture kernel with each warp following its own path (program.args, grid)
// against the same run with declared trips (issue 28's speed target: within 3x). Median of 5
// runs of simulate() in this process, every cycle simulated in both (no fast-forward).
// Usage: npm run build && node bench/exec-vs-declared.mjs
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { parseScenario, simulate } from "../dist/index.js";

const LISTING = new URL("../validation/sass/kernels.sass", import.meta.url).pathname;
const readFile = (p) => ({ file: p, text: readFileSync(p, "utf8") });

const CASES = [
  // kernel, threads, args (kernels.cu's launch at 32 warps per SM), declared trips
  ["ldg_imad", 1024, "ptr:256MiB, ptr:256MiB, i32:256, i32:1048575", { "0x01c0": 256 }],
  ["dfma_chain", 1024, "ptr:256MiB, i32:256, f64:0.999, f64:0.001", { "0x0210": 256 }],
  ["mufu_mix", 1024, "ptr:256MiB, i32:512", { "0x01e0": 512 }],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(text) {
  const scenario = parseScenario(text, "bench.yaml", [], { readFile });
  const t = [];
  let inst = 0;
  for (let r = 0; r < 5; r++) {
    const start = performance.now();
    const result = simulate(scenario, { fastForward: false });
    t.push(performance.now() - start);
    inst = result.sm.instExecuted;
  }
  return { ms: median(t), inst };
}
for (const [kernel, threads, args, trips] of CASES) {
  const head = `launch: { threadsPerBlock: ${threads}, registersPerThread: 32 }\nmemory: { level: l2 }\nprogram:\n  sass: ${LISTING}\n  kernel: ${kernel}\n`;
  const executed = time(`${head}  args: "${args}"\n  grid: [132]\n`);
  const declared = time(`${head}  trips: ${JSON.stringify(trips)}\n`);
  console.log(JSON.stringify({ kernel, instructions: [executed.inst, declared.inst], executedMs: Number(executed.ms.toFixed(1)), declaredMs: Number(declared.ms.toFixed(1)), ratio: Number((executed.ms / declared.ms).toFixed(2)) }));
}
