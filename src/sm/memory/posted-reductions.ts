/**
 * Reductions (RED: an atomic whose old value nobody reads) are posted: the SM sends one on and
 * the warp goes on, and may exit, before the L2's atomic units have performed it, as long as the
 * SM's outstanding reductions hold at most `capacity` rounds of a line (per line, the most lanes
 * on one of its words: the L2 takes 1.5 requests for each, docs/memory.md; so this is the
 * requests the L2 holds for the SM, over 1.5). Past that, the next waits until enough of the
 * oldest are performed.
 *
 * validation/microbench/red_tail_probe.cu: every warp of a full GPU ends with k REDs of one
 * round (32 lanes on their own words of a line) into 8 shared lines. With k = 1 and 2 (32 and 64
 * per SM) the SMs finish in 1,137 and 1,199 cycles and their warps hardly drain (0.07-0.08 cycles
 * per instruction) while the L2 performs them for 10,000 and 18,000 cycles more; with k = 4 and
 * 8 the SMs finish at 8,465 and 41,827 cycles, when about 100 REDs per SM are still outstanding
 * at the L2's 0.5 per cycle. A histogram's RED of 32 lanes on one word is 32 rounds: three fill
 * it (validation/memory's hist_atomic drains as long as before).
 * One FIFO per SM: the atomic units take an SM's atomics in the order it sends them.
 */
export class PostedReductions {
  /** The outstanding reductions, oldest first from `head`: when each is performed and its rounds. */
  private performedAt = new Float64Array(16);
  private rounds = new Float64Array(16);
  private head = 0;
  private count = 0;
  /** Rounds of the outstanding reductions. */
  private outstanding = 0;

  constructor(readonly capacity: number) {}

  /**
   * A reduction of `rounds` rounds ready to leave the SM at `ready`, performed by the L2 at
   * `performed`: the cycle it leaves (its registers read, its warp free to go on), once the
   * reductions before it that are not yet performed hold at most capacity - rounds.
   */
  post(ready: number, performed: number, rounds: number): number {
    let leaves = ready;
    const room = Math.max(0, this.capacity - rounds);
    while (this.count > 0 && (this.performedAt[this.head] <= leaves || this.outstanding > room)) {
      if (this.performedAt[this.head] > leaves) leaves = this.performedAt[this.head];
      this.outstanding -= this.rounds[this.head];
      this.head = (this.head + 1) % this.performedAt.length;
      this.count--;
    }
    this.push(Math.max(performed, leaves), rounds);
    return leaves;
  }

  private push(at: number, rounds: number): void {
    if (this.count === this.performedAt.length) this.grow();
    const tail = (this.head + this.count) % this.performedAt.length;
    this.performedAt[tail] = at;
    this.rounds[tail] = rounds;
    this.count++;
    this.outstanding += rounds;
  }

  /** Twice the room, oldest first (happens a few times per run, never per cycle). */
  private grow(): void {
    const n = this.performedAt.length;
    const at = new Float64Array(2 * n);
    const r = new Float64Array(2 * n);
    for (let i = 0; i < this.count; i++) {
      at[i] = this.performedAt[(this.head + i) % n];
      r[i] = this.rounds[(this.head + i) % n];
    }
    this.performedAt = at;
    this.rounds = r;
    this.head = 0;
  }
}
