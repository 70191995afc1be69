import { EventQueue } from "../../engine/event-queue.js";

/** The shared-memory path of an SM (ArchSpec.sharedMemoryPath): docs/timing.md, "Shared memory". */
export interface SharedMemoryLimits {
  /** Cycles the SM's shared-memory pipe is busy with one warp's access (one wavefront). */
  readonly wavefrontCycles: number;
  /** Shared-memory instructions a sub-partition may have waiting for the pipe (its MIO queue). */
  readonly queueDepth: number;
}

/**
 * The SM's shared-memory pipe, fed by one MIO queue per sub-partition. An LDS or STS enters its
 * sub-partition's queue when it issues and leaves it when the pipe, shared by the whole SM,
 * starts on it (one wavefront every `wavefrontCycles`); its result comes the opcode's latency
 * after that. So a busy pipe first shows as longer LDS latency (consumers wait in
 * short_scoreboard), and only when a queue is full does issue stop (mio_throttle).
 */
export class SharedMemoryPath {
  private pipeFreeAt = 0;
  /** Per sub-partition: the start cycles of its queued accesses (a min-heap). */
  private readonly queued: EventQueue[];

  constructor(
    private readonly limits: SharedMemoryLimits,
    subpartitions: number,
  ) {
    this.queued = Array.from({ length: subpartitions }, () => new EventQueue(16));
  }

  /** The earliest cycle >= now at which sub-partition `smsp`'s queue has room. */
  acceptAt(now: number, smsp: number): number {
    const q = this.queued[smsp];
    while (q.length > 0 && q.peekCycle() <= now) q.pop();
    return q.length < this.limits.queueDepth ? now : q.peekCycle();
  }

  /**
   * Back-pressure: the pipe takes nothing new before `cycle` (a store the L2's write rate holds
   * keeps its data in the L1, and the accesses behind it wait).
   */
  holdUntil(cycle: number): void {
    if (cycle > this.pipeFreeAt) this.pipeFreeAt = cycle;
  }

  /**
   * An access of `wavefronts` wavefronts (1 for 32 words without bank conflicts) issued at
   * `now` by `smsp`: returns the cycle the pipe starts on it.
   */
  access(now: number, smsp: number, wavefronts: number): number {
    const start = Math.max(now, this.pipeFreeAt);
    this.pipeFreeAt = start + wavefronts * this.limits.wavefrontCycles;
    if (start > now) this.queued[smsp].push(start, 0, 0);
    return start;
  }
}
