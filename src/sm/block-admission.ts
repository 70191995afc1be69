import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import type { WheelEventQueue } from "../engine/wheel-event-queue.js";
import type { BlockTable } from "./block-table.js";
import type { Scoreboard } from "./scoreboard.js";
import { SmEvent } from "./sm-events.js";
import type { WarpPaths } from "./warp-paths.js";
import type { WarpTable } from "./warp-table.js";

/** What block admission works with: the SM's tables, its event queue and the grid's shape. */
export interface AdmissionParts {
  readonly warps: WarpTable;
  readonly blocks: BlockTable;
  readonly scoreboard: Scoreboard;
  readonly events: WheelEventQueue;
  /** Blocks this SM runs, in waves of at most `residentBlocksLimit`. */
  readonly gridBlocks: number;
  readonly residentBlocksLimit: number;
  readonly warpsPerBlock: number;
  readonly subpartitions: number;
  /** Cycles between the launches of consecutive warps (ArchSpec.warpLaunchIntervalCycles). */
  readonly launchIntervalCycles: number;
  /** The block dispatcher's interval and a freed slot's turnaround (ArchSpec.blockDispatch); absent: none. */
  readonly dispatch?: Readonly<{ intervalCycles: number; turnaroundCycles: number }>;
  /** Called when a warp launched at the current cycle arrives on its sub-partition. */
  readonly arrive: (warp: number, cycle: number) => void;
  /** Each warp's own path, when the kernel was run (warp-paths.ts). */
  readonly paths?: WarpPaths;
}

/**
 * Which blocks are resident and when the next one comes (DESIGN.md §2, "Blocks"): the grid's
 * blocks are admitted in order while fewer than `residentBlocksLimit` are resident (the
 * occupancy calculator's blocks per SM), so a larger grid runs in waves; a block's slot frees
 * when its last warp exits, and the next block is admitted in that cycle. A block's warps take
 * the lowest run of contiguous free warp slots (else the lowest free ones), are placed on
 * sub-partition `slot mod subpartitions`, and are launched one after another,
 * `launchIntervalCycles` apart. With a block dispatcher (`dispatch`), a block that takes a slot
 * freed by an exit arrives the turnaround after that exit, and no sooner than the dispatcher's
 * interval after the SM's previous such block; the slot is the block's from its admission.
 */
export class BlockAdmission {
  /** The next grid block to admit. */
  private nextGridBlock = 0;
  /** Launch order of the next warp over the whole grid (the schedulers' age). */
  private nextAge = 0;
  /** Warps admitted and not yet exited (including those still being launched). */
  private liveWarps = 0;
  /** The earliest cycle the dispatcher gives this SM its next block, and the next warp may launch. */
  private nextDispatchAt = 0;
  private nextWarpAt = 0;

  constructor(private readonly parts: AdmissionParts) {}

  /** Every block of the grid has been admitted and every warp has left. */
  get finished(): boolean {
    return this.liveWarps === 0 && this.nextGridBlock >= this.parts.gridBlocks;
  }

  /** Admits waiting blocks while they fit, from `cycle` on (`freed`: a block's exit freed the slot). */
  admit(cycle: number, freed = false): void {
    const { warps, blocks, scoreboard, events, dispatch } = this.parts;
    const { gridBlocks, residentBlocksLimit, warpsPerBlock, subpartitions, launchIntervalCycles } = this.parts;
    while (this.nextGridBlock < gridBlocks && blocks.residentBlocks < residentBlocksLimit) {
      // At launch the SM's blocks come as fast as their warps launch (validation/microbench/launch-probe).
      const replaces = freed && dispatch !== undefined;
      const first = Math.max(replaces ? Math.max(cycle + dispatch.turnaroundCycles, this.nextDispatchAt) : cycle, this.nextWarpAt);
      if (replaces) this.nextDispatchAt = first + dispatch.intervalCycles;
      this.nextWarpAt = first;
      const block = blocks.allocate(this.nextGridBlock++);
      const slots = freeWarpSlots(warps, warpsPerBlock);
      for (let i = 0; i < slots.length; i++) {
        const w = slots[i];
        blocks.warpSlots[block * blocks.warpsPerBlock + i] = w;
        warps.reset(w, block, blocks.gridIndex[block], i, w % subpartitions, this.nextAge++);
        scoreboard.reset(w);
        this.parts.paths?.load(w, blocks.gridIndex[block], i);
        this.liveWarps++;
        const at = this.nextWarpAt;
        this.nextWarpAt += launchIntervalCycles;
        if (at === cycle) this.parts.arrive(w, cycle);
        else events.push(at, SmEvent.arrive, w);
      }
    }
  }

  /**
   * A warp of `block` has left at `cycle`. Returns true when it was the block's last: the
   * block's slot is free and waiting blocks were admitted.
   */
  warpLeft(block: number, cycle: number): boolean {
    const { blocks } = this.parts;
    this.liveWarps--;
    if (--blocks.liveWarps[block] !== 0) return false;
    blocks.release(block);
    this.admit(cycle, true);
    return true;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.sameScalar(() => this.liveWarps);
    reg.sameScalar(() => this.nextGridBlock);
    reg.readyAtScalar(() => this.nextDispatchAt, (v) => (this.nextDispatchAt = v));
    reg.readyAtScalar(() => this.nextWarpAt, (v) => (this.nextWarpAt = v));
  }
}

/** The lowest run of `n` contiguous free warp slots, else the lowest `n` free slots. */
export function freeWarpSlots(warps: WarpTable, n: number): number[] {
  let run = 0;
  for (let w = 0; w < warps.capacity; w++) {
    run = warps.isFree(w) ? run + 1 : 0;
    if (run === n) return Array.from({ length: n }, (_, i) => w - n + 1 + i);
  }
  const free: number[] = [];
  for (let w = 0; w < warps.capacity && free.length < n; w++) if (warps.isFree(w)) free.push(w);
  return free;
}
