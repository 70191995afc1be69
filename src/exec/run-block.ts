import type { Launch } from "./launch.js";
import { type ExecutableKernel, type WarpRun, warpSteps } from "./run-warp.js";
import type { BlockSharedMemory } from "./shared-memory.js";

/**
 * Runs warps of one block functionally, together: each warp runs to its next block-wide
 * barrier (BAR.SYNC), then the next warp does, round after round until every warp has exited,
 * as `__syncthreads()` orders them on the hardware. What a warp stores to shared memory before
 * a barrier is what every warp loads after it (shared-memory.ts), so values a block shares
 * (a row's extent read by thread 0, a block's scan) steer its loops and addresses.
 *
 * Within a phase the warps run one after another: a kernel whose warps read a word another
 * warp writes in the same phase (a race in CUDA's model) reads it as that order leaves it.
 * `warps` names the warps to run (all of the block's by default); warps left out store
 * nothing, so what they would have stored loads as unknown.
 */
export function runBlock(
  exe: ExecutableKernel,
  launch: Launch,
  block: number,
  maxInstructions: number,
  record: boolean,
  shared: BlockSharedMemory,
  warps?: readonly number[],
): WarpRun[] {
  const threads = launch.block[0] * launch.block[1] * launch.block[2];
  const which = warps ?? Array.from({ length: Math.ceil(threads / 32) }, (_, w) => w);
  shared.clear();
  const steps = which.map((warpInBlock) => warpSteps(exe, { launch, block, warpInBlock, shared }, threads, maxInstructions, record));
  const runs: (WarpRun | undefined)[] = new Array<WarpRun | undefined>(which.length).fill(undefined);
  let running = which.length;
  while (running > 0) {
    for (let i = 0; i < steps.length; i++) {
      if (runs[i] !== undefined) continue;
      const step = steps[i].next();
      if (step.done === true) {
        runs[i] = step.value;
        running--;
      }
    }
  }
  return runs as WarpRun[];
}
