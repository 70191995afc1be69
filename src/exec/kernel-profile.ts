import type { Launch } from "./launch.js";
import { runBlock } from "./run-block.js";
import type { ExecutableKernel, OutOfBounds } from "./run-warp.js";
import { BlockSharedMemory } from "./shared-memory.js";

/** What running some blocks of a launch found, summed over their warps. */
export interface KernelProfile {
  /** The blocks run (linear indices) and their warps. */
  readonly blocks: readonly number[];
  readonly warps: number;
  /** Warp-instructions per warp: fewest, mean, most. */
  readonly instructions: { readonly min: number; readonly mean: number; readonly max: number };
  /** Summed over the warps, per instruction (index in the kernel): issues, branches fully taken, branches split. */
  readonly executions: Float64Array;
  readonly taken: Float64Array;
  readonly split: Float64Array;
  /** Branches decided without knowing their guard (it came from loaded data), by address: times. */
  readonly unknownBranches: ReadonlyMap<number, number>;
  /** Warps stopped at the instruction limit (a loop whose exit depends on unknown data, say). */
  readonly runaways: number;
  /** The first global access outside every buffer, with the warp that made it. */
  readonly outOfBounds?: OutOfBounds & { readonly block: number; readonly warpInBlock: number };
}

/** The warp budget of one functional run: a warp past it is counted as a runaway. */
export const MAX_INSTRUCTIONS_PER_WARP = 50_000_000;

/** Runs every warp of `blocks` functionally, a block's warps together (run-block.ts), and sums what they did. */
export function profileKernel(exe: ExecutableKernel, launch: Launch, blocks: readonly number[], maxInstructions = MAX_INSTRUCTIONS_PER_WARP): KernelProfile {
  const n = exe.decoded.length;
  const executions = new Float64Array(n);
  const taken = new Float64Array(n);
  const split = new Float64Array(n);
  const unknownBranches = new Map<number, number>();
  const threads = launch.block[0] * launch.block[1] * launch.block[2];
  const warpsPerBlock = Math.ceil(threads / 32);
  let min = Infinity;
  let max = 0;
  let sum = 0;
  let runaways = 0;
  let outOfBounds: KernelProfile["outOfBounds"];
  const shared = new BlockSharedMemory();
  for (const block of blocks) {
    const runs = runBlock(exe, launch, block, maxInstructions, false, shared);
    for (let w = 0; w < warpsPerBlock; w++) {
      const run = runs[w];
      for (let i = 0; i < n; i++) {
        executions[i] += run.executions[i];
        taken[i] += run.taken[i];
        split[i] += run.split[i];
      }
      for (const [address, times] of run.unknownBranches) unknownBranches.set(address, (unknownBranches.get(address) ?? 0) + times);
      min = Math.min(min, run.instructions);
      max = Math.max(max, run.instructions);
      sum += run.instructions;
      if (run.runaway) runaways++;
      if (outOfBounds === undefined && run.outOfBounds !== undefined) outOfBounds = { ...run.outOfBounds, block, warpInBlock: w };
    }
  }
  const warps = blocks.length * warpsPerBlock;
  return { blocks, warps, instructions: { min: warps > 0 ? min : 0, mean: warps > 0 ? sum / warps : 0, max }, executions, taken, split, unknownBranches, runaways, ...(outOfBounds ? { outOfBounds } : {}) };
}

/**
 * The blocks one SM runs when the hardware hands blocks out in order, one per SM in turn (block
 * b to SM b mod smCount). A simplification ([model]): the H100 gives a freed SM the next block,
 * so with unequal blocks the assignment drifts; issue "Run the kernel itself" item 4 is to
 * measure the real rule.
 */
export function blocksOfSm(gridBlocks: number, smCount: number, sm = 0): number[] {
  const out: number[] = [];
  for (let b = sm; b < gridBlocks; b += smCount) out.push(b);
  return out;
}
