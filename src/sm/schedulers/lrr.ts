import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";
import type { SchedulerPolicy } from "./policy.js";

/**
 * Loose round-robin: warps take turns in warp-slot order. Each cycle the first eligible warp
 * after the one that issued last (wrapping around) issues; warps that are not eligible are
 * skipped, which is what makes the round-robin "loose".
 */
export class LooseRoundRobin implements SchedulerPolicy {
  private last = -1;
  constructor(private readonly warpSlots: number) {}

  pick(eligible: Int32Array, count: number): number {
    const n = this.warpSlots;
    const last = this.last;
    let best = eligible[0];
    let bestDistance = n + 1;
    for (let i = 0; i < count; i++) {
      const w = eligible[i];
      const distance = (w - last - 1 + n) % n;
      if (distance < bestDistance) {
        best = w;
        bestDistance = distance;
      }
    }
    return (this.last = best);
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.sameScalar(() => this.last);
  }
}
