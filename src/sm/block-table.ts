import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
/**
 * The blocks resident on the SM, by block slot: which grid block each holds, its warp slots,
 * how many of its warps are still live, and its barriers (16 per block, as bar.sync ids).
 */
export const BARRIERS_PER_BLOCK = 16;

export class BlockTable {
  readonly gridIndex: Int32Array;
  readonly liveWarps: Int32Array;
  /** Warp slots of each block: warpsPerBlock entries per block slot. */
  readonly warpSlots: Int32Array;
  /** Warps arrived at each (block, barrier id), and how many it waits for (0: all live). */
  readonly arrived: Int32Array;
  readonly expected: Int32Array;
  private resident = 0;

  constructor(
    readonly capacity: number,
    readonly warpsPerBlock: number,
  ) {
    this.gridIndex = new Int32Array(capacity).fill(-1);
    this.liveWarps = new Int32Array(capacity);
    this.warpSlots = new Int32Array(capacity * warpsPerBlock);
    this.arrived = new Int32Array(capacity * BARRIERS_PER_BLOCK);
    this.expected = new Int32Array(capacity * BARRIERS_PER_BLOCK);
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.same(this.gridIndex);
    reg.same(this.liveWarps);
    reg.same(this.warpSlots);
    reg.same(this.arrived);
    reg.same(this.expected);
    reg.sameScalar(() => this.resident);
  }

  get residentBlocks(): number {
    return this.resident;
  }

  /** Takes a free block slot for grid block `gridIndex`; -1 if none is free. */
  allocate(gridIndex: number): number {
    for (let b = 0; b < this.capacity; b++) {
      if (this.gridIndex[b] === -1) {
        this.gridIndex[b] = gridIndex;
        this.liveWarps[b] = this.warpsPerBlock;
        this.arrived.fill(0, b * BARRIERS_PER_BLOCK, (b + 1) * BARRIERS_PER_BLOCK);
        this.resident++;
        return b;
      }
    }
    return -1;
  }

  release(block: number): void {
    this.gridIndex[block] = -1;
    this.resident--;
  }

  /** A warp arrives at barrier `id`, which waits for `warps` warps (0: all live). Complete? */
  arrive(block: number, id: number, warps: number): boolean {
    const i = block * BARRIERS_PER_BLOCK + id;
    if (this.arrived[i]++ === 0) this.expected[i] = warps;
    return this.isComplete(block, id);
  }

  isComplete(block: number, id: number): boolean {
    const i = block * BARRIERS_PER_BLOCK + id;
    const need = this.expected[i] === 0 ? this.liveWarps[block] : this.expected[i];
    return this.arrived[i] > 0 && this.arrived[i] >= need;
  }

  resetBarrier(block: number, id: number): void {
    this.arrived[block * BARRIERS_PER_BLOCK + id] = 0;
  }
}
