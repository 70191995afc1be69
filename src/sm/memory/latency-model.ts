import seedrandom from "seedrandom";
import type { ArchSpec } from "../../arch/arch-spec.js";
import type { LatencyDistribution } from "../../arch/latency-distribution.js";


/** Where a load was served, as a `mix` draws it (LatencyModel.lastLevel, MemoryLimits.level). */
export const LEVEL_NONE = -1;
export const LEVEL_L1 = 0;
export const LEVEL_L2 = 1;
export const LEVEL_DRAM = 2;
export const LEVEL_CODES: Readonly<Record<"l1" | "l2" | "dram", number>> = { l1: LEVEL_L1, l2: LEVEL_L2, dram: LEVEL_DRAM };

/**
 * Draws whole-cycle latencies from a seeded generator. Every draw happens in issue order, so a
 * scenario and seed give the same latencies on every run and machine.
 */
export class LatencyModel {
  private readonly rng: () => number;
  private readonly draw: () => number;

  /** Every draw is the same (a fixed latency): nothing about it changes from one access to the next. */
  readonly repeats: boolean;

  constructor(distribution: LatencyDistribution, arch: ArchSpec, seed: string) {
    this.rng = seedrandom(seed);
    this.draw = this.compile(distribution, arch);
    this.repeats = distribution.kind === "fixed";
  }

  /** Latency in cycles (>= 1) of the next access. */
  next(): number {
    return this.draw();
  }

  /** The level (LEVEL_*) that served the last draw of a `mix`; LEVEL_NONE for other distributions. */
  lastLevel = LEVEL_NONE;

  private compile(d: LatencyDistribution, arch: ArchSpec): () => number {
    const rng = this.rng;
    switch (d.kind) {
      case "fixed":
        return () => d.cycles;
      case "uniform": {
        const span = d.max - d.min + 1;
        return () => d.min + Math.floor(rng() * span);
      }
      case "normal": {
        const lo = d.min ?? 1;
        const hi = d.max ?? Infinity;
        return () => {
          // Box-Muller; 1 - u keeps the logarithm finite.
          const u = 1 - rng();
          const v = rng();
          const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
          return Math.min(hi, Math.max(lo, Math.round(d.mean + d.stddev * z)));
        };
      }
      case "exponential": {
        // min plus an exponential tail: queueing in the memory system above the unloaded latency.
        const tail = d.mean - d.min;
        const hi = d.max ?? Infinity;
        return () => Math.min(hi, d.min + Math.round(-tail * Math.log(1 - rng())));
      }
      case "mix": {
        const defaults = { l1: arch.memoryLevels.l1HitCycles, l2: arch.memoryLevels.l2HitCycles, dram: arch.memoryLevels.dramCycles };
        const cycles = Float64Array.from(d.levels, (l) => l.cycles ?? defaults[l.level]);
        const levels = Int8Array.from(d.levels, (l) => LEVEL_CODES[l.level]);
        const cumulative = new Float64Array(d.levels.length);
        let sum = 0;
        d.levels.forEach((l, i) => (cumulative[i] = sum += l.fraction));
        return () => {
          const u = rng() * sum;
          let i = 0;
          while (i < cumulative.length - 1 && u >= cumulative[i]) i++;
          this.lastLevel = levels[i];
          return cycles[i];
        };
      }
    }
  }
}
