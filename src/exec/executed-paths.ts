import { ConfigError } from "../errors.js";
import { reachable } from "../sass/control-flow.js";
import type { SassKernel } from "../sass/read-sass.js";
import type { Launch } from "./launch.js";
import { outOfBoundsError } from "./run-from-args.js";
import { executableKernel, runWarp } from "./run-warp.js";

/** A warp's path in the engine's program counters (src/sm/warp-paths.ts reads it). */
export interface ExecutedPath {
  readonly jumpAt: Float64Array;
  readonly jumpTo: Int32Array;
  readonly total: number;
}

/** The warp budget of one path: past it, the run is an error (a loop whose exit depends on unknown data). */
const MAX_PATH_INSTRUCTIONS = 100_000_000;

/**
 * The paths the warps of one SM's blocks take, run functionally as each block is admitted
 * (`pathOf(block, warp)`, `block` the SM's 0-based block number, `blocks[block]` its index in
 * the grid). Paths are in the engine's program counters: the listing's reachable instructions,
 * numbered in order, as sass-program.ts keeps them.
 */
export function executedPaths(kernel: SassKernel, launch: Launch, blocks: readonly number[], file: string): { pathOf(block: number, warpInBlock: number): ExecutedPath } {
  const exe = executableKernel(kernel);
  const reached = reachable(kernel.instructions, exe.indexOf);
  const pcOf = new Int32Array(kernel.instructions.length).fill(-1);
  let pc = 0;
  reached.forEach((r, i) => {
    if (r) pcOf[i] = pc++;
  });
  const threads = launch.block[0] * launch.block[1] * launch.block[2];
  return {
    pathOf(block: number, warpInBlock: number): ExecutedPath {
      const grid = blocks[block];
      const run = runWarp(exe, { launch, block: grid, warpInBlock }, threads, MAX_PATH_INSTRUCTIONS, true);
      if (run.runaway) {
        throw new ConfigError(`${file}: kernel ${kernel.name}: warp ${warpInBlock} of block ${grid} did not finish within ${MAX_PATH_INSTRUCTIONS} instructions (a loop whose exit depends on data loaded from memory?); give --trip for it instead of --args.`);
      }
      if (run.outOfBounds !== undefined) throw outOfBoundsError(kernel, launch, run.outOfBounds, grid, warpInBlock, file);
      const { jumpAt, jumpTo } = run.path!;
      return { jumpAt, jumpTo: jumpTo.map((i) => pcOf[i]), total: run.instructions };
    },
  };
}
