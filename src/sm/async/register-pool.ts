/**
 * The registers of each resident block, as setmaxnreg moves them (docs/async.md; the split's
 * arithmetic: arch/register-split.ts). A block holds its launch's registers for every warp; a
 * warp's DEALLOC gives back what it no longer keeps, a TRY_ALLOC takes what it asks for beyond
 * what it holds, and waits (the compiler's retry loop) until the pool has it. Counts are
 * registers per thread; a warp's are 32 times as many. An exited warp's registers stay with
 * its block until the block ends.
 */
export class RegisterPool {
  /** Per block slot: registers (per warp-thread lane, x 32) free in its pool. */
  private readonly free: Float64Array;
  /** Per warp slot: registers per thread it holds. */
  private readonly held: Float64Array;
  /** Per warp slot: registers per thread it waits for, or 0. */
  private readonly wants: Float64Array;
  private readonly blockOf: Int32Array;

  constructor(
    blockSlots: number,
    warpSlots: number,
    /** Registers per thread each warp gets at launch (rounded up to the allocation unit). */
    private readonly launchRegisters: number,
    private readonly resume: (warp: number) => void,
  ) {
    this.free = new Float64Array(blockSlots);
    this.held = new Float64Array(warpSlots).fill(launchRegisters);
    this.wants = new Float64Array(warpSlots);
    this.blockOf = new Int32Array(warpSlots).fill(-1);
  }

  /** A warp of block slot `block` starts in `warp`'s slot, with the launch's registers; a block's first warp empties its pool. */
  arrive(warp: number, block: number, firstOfBlock: boolean): void {
    if (firstOfBlock) this.free[block] = 0;
    this.held[warp] = this.launchRegisters;
    this.wants[warp] = 0;
    this.blockOf[warp] = block;
  }

  /** setmaxnreg.dec: the warp keeps `count` per thread; the rest go back (and may grant waiting increases). */
  release(warp: number, count: number): void {
    const block = this.blockOf[warp];
    if (count < this.held[warp]) {
      this.free[block] += (this.held[warp] - count) * 32;
      this.held[warp] = count;
    }
    this.grantWaiting(block);
  }

  /** setmaxnreg.inc: true when granted now; else the warp waits (resume calls it back). */
  take(warp: number, count: number): boolean {
    const block = this.blockOf[warp];
    const need = (count - this.held[warp]) * 32;
    if (need <= this.free[block]) {
      this.free[block] -= Math.max(0, need);
      this.held[warp] = Math.max(count, this.held[warp]);
      return true;
    }
    this.wants[warp] = count;
    return false;
  }

  /** What a waiting warp waits for, for the stuck-warp report. */
  describe(warp: number): string | undefined {
    if (this.wants[warp] === 0) return undefined;
    const block = this.blockOf[warp];
    return `setmaxnreg: ${this.wants[warp]} registers per thread (it holds ${this.held[warp]}; its block's pool has ${this.free[block]} free, ${(this.wants[warp] - this.held[warp]) * 32} needed)`;
  }

  private grantWaiting(block: number): void {
    for (let w = 0; w < this.wants.length; w++) {
      if (this.wants[w] === 0 || this.blockOf[w] !== block) continue;
      const need = (this.wants[w] - this.held[w]) * 32;
      if (need > this.free[block]) continue;
      this.free[block] -= need;
      this.held[w] = this.wants[w];
      this.wants[w] = 0;
      this.resume(w);
    }
  }
}
