// Runs lean-floor.c compiled to WebAssembly (see its header) in Node: the floor's cost as a
// WebAssembly core would pay it.
//   node bench/experiments/lean-floor-wasm.mjs /tmp/lean-floor.wasm loads-8w | warps-1 | warps-16 [scale]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [file, name = "loads-8w", scale = "1"] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const { run, executed } = instance.exports;
const caseId = name === "loads-8w" ? 0 : name === "warps-16" ? 16 : 1;
const start = performance.now();
const cycles = run(caseId, Number(scale));
const seconds = (performance.now() - start) / 1000;
const instructions = executed();
if (cycles < 0) throw new Error("warps did not finish");
console.log(JSON.stringify({ name, build: "wasm", seconds, instructions, cycles, nsPerInstruction: (seconds * 1e9) / instructions }));
