/**
 * mbarriers: the 8-byte objects in a block's shared memory that Hopper's asynchronous kernels
 * synchronize on (PTX mbarrier.*, SASS SYNCS.*; docs/async.md). Each has a phase: it completes
 * when the arrivals it expects have all arrived and the bytes of transactions it expects
 * (arrive.expect_tx) have all landed (a copy's complete_tx); then the next phase starts with the
 * same arrival count. A wait names the parity of the phase it waits for, and is satisfied once
 * that phase has completed: when the number of completed phases has the other parity.
 *
 * Waiting warps are kept per barrier and handed to `resume` when their phase completes.
 */
export class MBarriers {
  private readonly index = new Map<number, number>();
  private readonly expected: number[] = [];
  private readonly pending: number[] = [];
  private readonly tx: number[] = [];
  private readonly phase: number[] = [];
  private readonly addressOf: number[] = [];
  /** Per barrier: waiting warps and the parity each waits for, flat. */
  private readonly waiters: number[][] = [];
  /** Per warp slot: the barrier it waits on, or -1. */
  private readonly waitingOn: Int32Array;

  constructor(
    warpSlots: number,
    private readonly resume: (warp: number, cycle: number) => void,
  ) {
    this.waitingOn = new Int32Array(warpSlots).fill(-1);
  }

  /** mbarrier.init: `count` arrivals per phase, phase 0, no transaction bytes. */
  init(block: number, address: number, count: number): void {
    const b = this.at(block, address);
    this.expected[b] = count;
    this.pending[b] = count;
    this.tx[b] = 0;
    this.phase[b] = 0;
  }

  /** One arrival that also expects `bytes` of transactions (0 for a plain arrive). */
  arrive(block: number, address: number, bytes: number, now: number): void {
    const b = this.at(block, address);
    this.tx[b] += bytes;
    this.pending[b]--;
    this.check(b, now);
  }

  /** expect_tx without an arrival. */
  expectTx(block: number, address: number, bytes: number): void {
    this.tx[this.at(block, address)] += bytes;
  }

  /** A copy landed: `bytes` of the phase's transactions are done (negative: all it still expects). */
  completeTx(block: number, address: number, bytes: number, now: number): void {
    const b = this.at(block, address);
    this.tx[b] = bytes < 0 ? 0 : this.tx[b] - bytes;
    this.check(b, now);
  }

  /** try_wait.parity: true when the phase of `parity` has completed; else `warp` waits (resume calls it back). */
  wait(block: number, address: number, parity: number, warp: number): boolean {
    const b = this.at(block, address);
    if ((this.phase[b] & 1) !== parity) return true;
    this.waiters[b].push(warp, parity);
    this.waitingOn[warp] = b;
    return false;
  }

  /** What a waiting warp waits for, for the report of a run that could not finish; undefined if it waits on none. */
  describe(warp: number): string | undefined {
    const b = this.waitingOn[warp];
    if (b < 0) return undefined;
    const arrived = this.expected[b] - this.pending[b];
    return `mbarrier at shared 0x${this.addressOf[b].toString(16)}: phase ${this.phase[b]}, ${arrived} of ${this.expected[b]} arrivals, ${Math.max(0, this.tx[b])} transaction bytes outstanding`;
  }

  private check(b: number, now: number): void {
    if (this.pending[b] > 0 || this.tx[b] > 0) return;
    this.phase[b]++;
    this.pending[b] = this.expected[b];
    this.tx[b] = 0;
    // Wake the warps whose phase this was, keeping the rest in place (no allocation per phase).
    const list = this.waiters[b];
    let kept = 0;
    const n = list.length;
    for (let i = 0; i < n; i += 2) {
      const warp = list[i];
      if ((this.phase[b] & 1) !== list[i + 1]) {
        this.waitingOn[warp] = -1;
        this.resume(warp, now);
      } else {
        list[kept++] = warp;
        list[kept++] = list[i + 1];
      }
    }
    list.length = kept;
  }

  /** The barrier at `address` of the block in slot `block`, made (one arrival per phase) if the block has not initialized it. */
  private at(block: number, address: number): number {
    const key = block * 4294967296 + address;
    let b = this.index.get(key);
    if (b === undefined) {
      b = this.expected.length;
      this.index.set(key, b);
      this.expected.push(1);
      this.pending.push(1);
      this.tx.push(0);
      this.phase.push(0);
      this.addressOf.push(address);
      this.waiters.push([]);
    }
    return b;
  }
}
