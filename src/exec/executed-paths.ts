import { ConfigError } from "../errors.js";
import { reachable } from "../sass/control-flow.js";
import type { SassKernel } from "../sass/read-sass.js";
import type { PathSyncs } from "../sm/async/sync-ops.js";
import type { Launch } from "./launch.js";
import { outOfBoundsError } from "./run-from-args.js";
import type { AddressedMemorySetup } from "../sm/memory/addressed-memory.js";
import { writeBackShare as dirtyWriteBackShare } from "../sm/memory/l2-write-back.js";
import { type HotLineTable, hotLineFactors } from "../sm/memory/hot-lines.js";
import { estimateL2Sharing } from "./l2-sharing.js";
import { runBlock } from "./run-block.js";
import { type ExecutableKernel, executableKernel, type WarpAccesses, type WarpRun } from "./run-warp.js";
import { BlockSharedMemory } from "./shared-memory.js";

/** A warp's path in the engine's program counters (src/sm/warp-paths.ts reads it). */
export interface ExecutedPath {
  readonly jumpAt: Float64Array;
  readonly jumpTo: Int32Array;
  readonly total: number;
  readonly accesses: WarpAccesses;
  readonly syncs?: PathSyncs;
  readonly barrierSkips?: Float64Array;
}

/** The warp budget of one path: past it, the run is an error (a loop whose exit depends on unknown data). */
const MAX_PATH_INSTRUCTIONS = 100_000_000;

/**
 * The paths the warps of one SM's blocks take, run functionally as each block is admitted
 * (`pathOf(block, warp)`, `block` the SM's 0-based block number, `blocks[block]` its index in
 * the grid). Paths are in the engine's program counters: the listing's reachable instructions,
 * numbered in order, as sass-program.ts keeps them.
 */
/** Warp-instructions the L2 sharing estimate may run beyond the SM's own (l2-sharing.ts). */
const SHARING_BUDGET = 1_500_000;

/** The address-driven memory model's inputs: the launch's L1 and the run's seed. */
export interface AddressedMemoryOptions {
  readonly l1Bytes: number;
  /** The GPU's L2 (bytes). */
  readonly l2Bytes: number;
  /** Blocks the GPU runs at once (SMs x resident blocks per SM): with a footprint past the L2, only they share it (l2-sharing.ts). */
  readonly concurrentBlocks?: number;
  /** The L2's slowdown on few lines (ArchSpec memoryBandwidth.l2HotLines); absent, none. */
  readonly hotLines?: HotLineTable;
  /** The kernel's data is in the L2 at launch where it fits (memory.cache: warm). */
  readonly warm: boolean;
  readonly seed: string;
}

export function executedPaths(
  kernel: SassKernel,
  launch: Launch,
  blocks: readonly number[],
  file: string,
  memory?: AddressedMemoryOptions | AddressedMemorySetup,
): { pathOf(block: number, warpInBlock: number): ExecutedPath; unknownGuards(): number[]; memory?: AddressedMemorySetup } {
  const exe = executableKernel(kernel);
  const reached = reachable(kernel.instructions, exe.indexOf, true);
  const pcOf = new Int32Array(kernel.instructions.length).fill(-1);
  let pc = 0;
  reached.forEach((r, i) => {
    if (r) pcOf[i] = pc++;
  });
  // The probe: the middle of the SM's blocks (the first is a corner of a 2-D grid, with half the neighbours).
  // A setup already made (another SM of the same launch) is reused as it is.
  const setup = memory === undefined ? undefined : "l2MissShare" in memory ? memory : addressedSetup(exe, launch, blocks, memory);
  // A block's warps run together (run-block.ts) when its first warp is asked for; the runs wait
  // here until each warp has been handed out once.
  const shared = new BlockSharedMemory();
  const pending = new Map<number, { runs: WarpRun[]; served: Set<number> }>();
  // The branches the SM's first block decided on loaded data, once it has run.
  let firstBlockUnknown: number[] | undefined;
  const runsOf = (block: number) => {
    let entry = pending.get(block);
    if (entry === undefined) {
      entry = { runs: runBlock(exe, launch, blocks[block], MAX_PATH_INSTRUCTIONS, true, shared), served: new Set() };
      pending.set(block, entry);
      if (block === 0) firstBlockUnknown = [...new Set(entry.runs.flatMap((r) => [...r.unknownBranches.keys()]))];
    }
    return entry;
  };
  const runOf = (block: number, warpInBlock: number): WarpRun => {
    const entry = runsOf(block);
    entry.served.add(warpInBlock);
    if (entry.served.size === entry.runs.length) pending.delete(block);
    return entry.runs[warpInBlock];
  };
  return {
    ...(setup !== undefined ? { memory: setup } : {}),
    /**
     * The addresses of branches the SM's first block decides without knowing their guard (loaded
     * data), for a warning: its warps run together, as pathOf runs them (a loop bound the block
     * shares through shared memory is known), and pathOf takes those runs as they are.
     */
    unknownGuards(): number[] {
      if (firstBlockUnknown === undefined) runsOf(0);
      return firstBlockUnknown!;
    },
    pathOf(block: number, warpInBlock: number): ExecutedPath {
      const grid = blocks[block];
      const run = runOf(block, warpInBlock);
      if (run.runaway) {
        throw new ConfigError(`${file}: kernel ${kernel.name}: warp ${warpInBlock} of block ${grid} did not finish within ${MAX_PATH_INSTRUCTIONS} instructions (a loop whose exit depends on data loaded from memory?); give --trip for it instead of --args.`);
      }
      if (run.outOfBounds !== undefined) throw outOfBoundsError(kernel, launch, run.outOfBounds, grid, warpInBlock, file);
      const { jumpAt, jumpTo, accesses, syncs, barrierSkips } = run.path!;
      return { jumpAt, jumpTo: jumpTo.map((i) => pcOf[i]), total: run.instructions, accesses, ...(syncs !== undefined ? { syncs } : {}), ...(barrierSkips !== undefined ? { barrierSkips } : {}) };
    },
  };
}

/**
 * The address-driven model's setup: the L2 sharing of the kernel's accesses, and the share of
 * stores written back to DRAM while the kernel runs, what the L2's room for dirty lines cannot
 * keep (sm/memory/l2-write-back.ts: a copy of 16 MiB into 16 MiB leaves all its writes dirty).
 */
function addressedSetup(exe: ExecutableKernel, launch: Launch, blocks: readonly number[], memory: AddressedMemoryOptions): AddressedMemorySetup {
  const window = memory.concurrentBlocks === undefined ? undefined : { blocks: memory.concurrentBlocks, l2Bytes: memory.l2Bytes };
  const hotSpan = memory.hotLines === undefined ? 0 : memory.hotLines.lines[memory.hotLines.lines.length - 1];
  const sharing = estimateL2Sharing(exe, launch, blocks[blocks.length >> 1], memory.seed, SHARING_BUDGET, window, hotSpan);
  const fits = sharing.footprintBytes <= memory.l2Bytes;
  const writeBackShare = dirtyWriteBackShare(sharing.storedBytes, sharing.readOnlyBytes, memory.l2Bytes, memory.warm);
  // Warm: what fits is there already, so no first read misses.
  const l2MissShare = memory.warm && fits ? new Float64Array(sharing.missShare.length) : sharing.missShare;
  // Reads stay in the L2 for as long as half of it takes to fill (both partitions keep what is read).
  const gridBlocks = launch.grid[0] * launch.grid[1] * launch.grid[2];
  // Few lines aimed at by every SM: the L2 serves them slower (hot-lines.ts), warm or cold.
  const hot = memory.hotLines === undefined ? undefined : hotLineFactors(memory.hotLines, sharing, gridBlocks, memory.concurrentBlocks ?? gridBlocks);
  return { l1Bytes: memory.l1Bytes, l2MissShare, writeBackShare, gridBlocks, ...(fits ? {} : { l2RetainBytes: memory.l2Bytes / 2 }), ...(hot === undefined ? {} : { l2LoadFactor: hot.load, l2StoreFactor: hot.store }) };
}
