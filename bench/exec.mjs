// The functional executor's cost (docs/execution.md): nanoseconds per warp-instruction when one
// SM's blocks of a fixture run from their arguments, median of 5 runs in this process.
// Usage: npm run build && node bench/exec.mjs [kernel [args]]   (default smem_tile; args as
// --args writes them, e.g. shuffle_reduce 'ptr:256MiB,i32:512', else smem_tile's and ldg_imad's)
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { executableKernel } from "../dist/exec/run-warp.js";
import { profileKernel } from "../dist/exec/kernel-profile.js";
import { launchBank } from "../dist/exec/launch.js";
import { readSass } from "../dist/sass/read-sass.js";
import { parseArguments, placeArguments } from "../dist/exec/kernel-args.js";

const name = process.argv[2] ?? "smem_tile";
const read = readSass(readFileSync("validation/sass/kernels.sass", "utf8"), "kernels.sass");
const kernel = read.kernels.find((k) => k.name === name);
if (kernel === undefined) throw new Error(`no kernel ${name}`);
// kernels.cu's launch at 4 warps per SM: (x, out, iters = 256, mask) for smem_tile and ldg_imad.
const params = new Uint8Array(32);
const view = new DataView(params.buffer);
view.setBigUint64(0, 0x7f0000000000n, true);
view.setBigUint64(8, 0x7f0100000000n, true);
view.setInt32(16, 256, true);
view.setInt32(20, (1 << 20) - 1, true);
const placed = process.argv[3] === undefined ? undefined : placeArguments(parseArguments(process.argv[3], undefined));
const launch = { grid: [132, 1, 1], block: [128, 1, 1], bank0: launchBank([132, 1, 1], [128, 1, 1], placed?.bytes ?? params, 0x210), ...(placed ? { buffers: placed.buffers } : {}) };
const exe = executableKernel(kernel);
const blocks = Array.from({ length: 16 }, (_, i) => i);
const times = [];
let instructions = 0;
for (let r = 0; r < 5; r++) {
  const t = performance.now();
  const p = profileKernel(exe, launch, blocks);
  times.push(performance.now() - t);
  instructions = p.instructions.mean * p.warps;
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ kernel: name, warpInstructions: instructions, medianMs: Number(times[2].toFixed(1)), nsPerWarpInstruction: Math.round((times[2] * 1e6) / instructions) }));
