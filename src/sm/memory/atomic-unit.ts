import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";

/**
 * The SM's share of the L2 atomic units: global atomics (RED, ATOMG) are taken one every
 * `cyclesPerAtomic` (MemoryLimits.atomicCycles: ArchSpec.globalAtomicCycles or the scenario's
 * memory.atomicCycles; 0 takes each at once). They queue behind each other, and an atomic's
 * latency (and its read barrier) runs from when it is taken.
 */
export class AtomicUnit {
  /** Cycle from which the unit takes the next atomic. */
  private freeAt = 0;

  constructor(private readonly cyclesPerAtomic: number) {}

  /**
   * An atomic issued at `now`: the cycle the unit takes it. `extraCycles`: what its addresses
   * add (the address-driven model: more lines than one, ArchSpec.globalAtomicCyclesPerLine).
   */
  access(now: number, extraCycles = 0): number {
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + this.cyclesPerAtomic + extraCycles;
    return start;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAtScalar(() => this.freeAt, (v) => (this.freeAt = v));
  }
}
