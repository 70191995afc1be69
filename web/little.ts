import type { PlaygroundParams } from "./scenario.js";

/**
 * Little's law for the playground's loop: each trip a warp issues n = ILP x (FFMAs per load + 1)
 * + 1 instructions (the loads, the FFMAs, the loop branch) and then waits about one load
 * latency L for the next loads' data, so a trip takes at least L + n cycles. W warps per
 * scheduler keep it busy at most W x n / (L + n) of the time, and it takes
 * W* = (L + n) / n warps to fill every cycle. A bound, not a prediction: pipes, dispatch and
 * the spread of latencies only lower it.
 */
export function littleBound(p: Pick<PlaygroundParams, "ilp" | "cpl" | "lmin" | "lmax">, warps: number): { bound: number; warpsNeeded: number } {
  const n = p.ilp * (p.cpl + 1) + 1;
  const latency = (p.lmin + p.lmax) / 2;
  return { bound: Math.min(1, (warps * n) / (latency + n)), warpsNeeded: (latency + n) / n };
}
