import { readFileSync } from "node:fs";
import { launchBank, type Dim3 } from "../../src/exec/launch.js";
import { executableKernel, runWarp } from "../../src/exec/run-warp.js";
import { readSass } from "../../src/sass/read-sass.js";

/** The launch arguments validation/sass/kernels.cu passes (main): pointers, then scalars. */
type Arg = { kind: "ptr" } | { kind: "i32"; value: number } | { kind: "f32"; value: number } | { kind: "f64"; value: number };

const L2MASK = (1 << 20) - 1;

export function fixtureArgs(kernel: string, blocks: number, threads: number, iters: number): Arg[] {
  const n = blocks * threads * iters;
  const ptr: Arg = { kind: "ptr" };
  const i32 = (value: number): Arg => ({ kind: "i32", value });
  switch (kernel) {
    case "stream_saxpy":
      return [ptr, ptr, { kind: "f32", value: 1.5 }, i32(n)];
    case "grid_stride_sum":
      return [ptr, ptr, i32(n)];
    case "smem_tile":
    case "ldg_imad":
      return [ptr, ptr, i32(iters), i32(L2MASK)];
    case "shuffle_reduce":
    case "atomic_hist":
    case "mufu_mix":
      return [ptr, i32(iters)];
    case "dfma_chain":
      return [ptr, i32(iters), { kind: "f64", value: 0.999 }, { kind: "f64", value: 0.001 }];
    case "mma_loop":
      return [ptr, ptr, ptr, i32(iters)];
  }
  throw new Error(`no arguments for ${kernel}`);
}

/** The parameter bytes at their CUDA offsets (from 0), pointers to buffers 4 GiB apart. */
export function paramBytes(args: readonly Arg[]): Uint8Array {
  const bytes = new Uint8Array(256);
  const view = new DataView(bytes.buffer);
  let at = 0;
  args.forEach((a, i) => {
    const size = a.kind === "ptr" || a.kind === "f64" ? 8 : 4;
    at = Math.ceil(at / size) * size;
    if (a.kind === "ptr") view.setBigUint64(at, 0x7f0000000000n + (BigInt(i) << 32n), true);
    else if (a.kind === "i32") view.setInt32(at, a.value, true);
    else if (a.kind === "f32") view.setFloat32(at, a.value, true);
    else view.setFloat64(at, a.value, true);
    at += size;
  });
  return bytes;
}

/**
 * Warp-instructions of one launch of a fixture, per block of `which` (all by default), and how
 * many branches were decided without knowing their guard (loaded data the fixture does not give).
 */
export function fixtureInstructions(kernelName: string, blocks: number, threads: number, iters: number, which?: readonly number[]): { unknown: number; perBlock: number[] } {
  const read = readSass(readFileSync("validation/sass/kernels.sass", "utf8"), "kernels.sass");
  if (!read.ok) throw new Error("kernels.sass did not read");
  const kernel = read.kernels.find((k) => k.name === kernelName)!;
  const exe = executableKernel(kernel);
  const grid: Dim3 = [blocks, 1, 1];
  const block: Dim3 = [threads, 1, 1];
  const bank0 = launchBank(grid, block, paramBytes(fixtureArgs(kernelName, blocks, threads, iters)), 0x210);
  const launch = { grid, block, bank0 };
  let unknown = 0;
  const perBlock: number[] = [];
  for (const b of which ?? Array.from({ length: blocks }, (_, i) => i)) {
    let mine = 0;
    for (let w = 0; w < Math.ceil(threads / 32); w++) {
      const run = runWarp(exe, { launch, block: b, warpInBlock: w }, threads, 10_000_000);
      mine += run.instructions;
      for (const n of run.unknownBranches.values()) unknown += n;
    }
    perBlock.push(mine);
  }
  return { unknown, perBlock };
}

/** The fixture's arguments as `--args` writes them (pointers as 32 MiB buffers). */
export function fixtureArgsText(kernel: string, blocks: number, threads: number, iters: number): string {
  return fixtureArgs(kernel, blocks, threads, iters)
    .map((a) => (a.kind === "ptr" ? "ptr:32MiB" : `${a.kind}:${a.value}`))
    .join(",");
}
