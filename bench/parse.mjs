// Parsing cost of a large program: `node bench/parse.mjs [instructions] [runs]` (default 10^6, 3).
// Each run is a fresh process; it builds a program of N FFMAs (a 28 MB scenario for 10^6), then
// times the assembly parse and decode alone and the whole scenario load (YAML included), and
// reports medians and the peak RSS. Record results in bench/RESULTS.md with this command.
import { execFileSync } from "node:child_process";

const n = Number(process.argv[2] ?? 1e6);
const runs = Number(process.argv[3] ?? 3);

if (process.argv[4] === "--child") {
  const { parseAssembly } = await import("../dist/program/parse.js");
  const { Program } = await import("../dist/program/program.js");
  const { PRESETS } = await import("../dist/arch/presets/index.js");
  const { parseScenario } = await import("../dist/scenario/load.js");
  let body = "";
  for (let i = 0; i < n; i++) body += `  FFMA R${i % 200}, R${(i + 1) % 200}, R${(i + 2) % 200}, R${(i + 3) % 200}\n`;
  const program = body.replace(/^  /gm, "") + "EXIT";
  const yaml = `launch: {threadsPerBlock: 32, registersPerThread: 255}\nprogram: |\n${body}  EXIT\n`;
  body = "";
  let t = performance.now();
  const parsed = parseAssembly(program, { file: "bench", path: ["program"], lineOffset: 0 });
  new Program(parsed.program, PRESETS.sm_90);
  const assembly = (performance.now() - t) / 1e3;
  t = performance.now();
  parseScenario(yaml, "bench.yaml");
  const scenario = (performance.now() - t) / 1e3;
  const rss = Number(execFileSync("sh", ["-c", `grep VmHWM /proc/${process.pid}/status`], { encoding: "utf8" }).match(/\d+/)[0]) / 1024;
  console.log(JSON.stringify({ assembly, scenario, rss }));
} else {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    samples.push(JSON.parse(execFileSync(process.execPath, ["bench/parse.mjs", String(n), "1", "--child"], { encoding: "utf8" })));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`${n} instructions, ${runs} runs, medians:`);
  console.log(`  assembly parse + decode: ${median(samples.map((s) => s.assembly)).toFixed(2)} s`);
  console.log(`  whole scenario (YAML, validation, parse): ${median(samples.map((s) => s.scenario)).toFixed(2)} s`);
  console.log(`  peak RSS of the process (program text and YAML built in memory included): ${median(samples.map((s) => s.rss)).toFixed(0)} MiB`);
}
