import { EventQueue } from "../../engine/event-queue.js";
import { LEVEL_DRAM, LEVEL_NONE, type LatencyModel } from "./latency-model.js";
import { LevelPath } from "./level-path.js";

/** Limits of the global-memory path seen from one SM (docs/memory.md). */
export interface MemoryLimits {
  /** Bytes per cycle this SM's loads can draw (its share of L2 or DRAM bandwidth); Infinity: none. */
  readonly bytesPerCycle: number;
  /** Bytes one warp-level load moves (a coalesced 128-byte line by default). */
  readonly bytesPerLoad: number;
  /**
   * Contention latency S: a load issued while the path is busy a fraction u of the time waits
   * S * u / (1 - u) cycles more, the queueing delay the other SMs' identical traffic adds at
   * the shared memory (a mean-field M/M/1 term). 0: none.
   */
  readonly contentionCycles: number;
  /**
   * The path's peak bytes per cycle, against which the contention term counts utilization:
   * queueing at the shared DRAM grows with the traffic's share of the raw channel, which can be
   * above what one SM's loads can draw (bytesPerCycle). Infinity or bytesPerCycle: the same.
   */
  readonly contentionBytesPerCycle: number;
  /** Loads that may be in flight from this SM; a load beyond waits in lg_throttle. Infinity: none. */
  readonly maxLoadsInFlight: number;
  /** SM cycles per warp-level global atomic (ArchSpec.globalAtomicCycles, memory.atomicCycles); 0: no limit. */
  readonly atomicCycles: number;
  /**
   * The level (LEVEL_L2, LEVEL_DRAM) whose bandwidth and contention these are, or LEVEL_NONE.
   * A load that a `mix` serves from a closer level (an L1 or L2 hit when the level is DRAM, an
   * L1 hit when it is L2) uses neither: it never reaches that level. In-flight caps still hold.
   */
  readonly level: number;
}

/**
 * The SM's global-memory path: each load gets its latency from the latency model, plus the
 * time it queues for this SM's share of bandwidth (a FIFO serving bytesPerLoad per load),
 * plus contention from the rest of the GPU; and at most maxLoadsInFlight loads are
 * outstanding. Little's law then caps throughput at bytesPerCycle.
 */
export class MemorySystem {
  private readonly inFlight = new EventQueue(64);
  private readonly serviceCycles: number;
  private readonly path: LevelPath;

  constructor(
    private readonly latency: LatencyModel,
    private readonly limits: MemoryLimits,
  ) {
    this.serviceCycles = limits.bytesPerLoad / limits.bytesPerCycle;
    this.path = new LevelPath(limits.bytesPerCycle, limits.contentionCycles, limits.contentionBytesPerCycle);
  }

  /**
   * Whether a load (drawn from `own`, else the path's model) leaves the path as it found it:
   * a fixed latency, no bandwidth to queue for, no cap on loads in flight. The steady-state
   * fast-forward can repeat such loads.
   */
  loadRepeats(own?: LatencyModel): boolean {
    return (own ?? this.latency).repeats && this.serviceCycles === 0 && this.limits.maxLoadsInFlight === Infinity;
  }

  /** Whether a store leaves the path as it found it (store() does nothing). */
  get storeRepeats(): boolean {
    return this.serviceCycles === 0 || this.limits.level !== LEVEL_DRAM;
  }

  /** The earliest cycle >= now at which a new load can be accepted. */
  acceptAt(now: number): number {
    if (this.limits.maxLoadsInFlight === Infinity) return now;
    const q = this.inFlight;
    while (q.length > 0 && q.peekCycle() <= now) q.pop();
    return q.length < this.limits.maxLoadsInFlight ? now : q.peekCycle();
  }

  /**
   * A load issued at `now`: returns the cycle its data arrives (before the result delay). A load
   * with a latency model of its own (a SASS program's `loads`) draws from that one.
   */
  load(now: number, own?: LatencyModel): number {
    const model = own ?? this.latency;
    let arrival = now + model.next();
    if (this.serviceCycles > 0 && (model.lastLevel === LEVEL_NONE || model.lastLevel >= this.limits.level)) arrival += this.path.serve(now, this.limits.bytesPerLoad);
    return this.track(Math.ceil(arrival));
  }

  /** A load whose arrival another model decided (addressed-memory.ts) counts toward the loads in flight. */
  track(arrival: number): number {
    if (this.limits.maxLoadsInFlight !== Infinity) this.inFlight.push(arrival, 0, 0);
    return arrival;
  }

  /**
   * A global store issued at `now` under memory.level dram: its bytes take DRAM's bandwidth and
   * count toward its utilization like a load's (a kernel that streams through DRAM writes back
   * what it stores at the rate it stores it), though nothing waits for it here (the warp's
   * drain does). Under other levels stores stay in the caches and cost the path nothing.
   */
  store(now: number): void {
    if (this.serviceCycles === 0 || this.limits.level !== LEVEL_DRAM) return;
    this.path.serve(now, this.limits.bytesPerLoad);
  }
}
