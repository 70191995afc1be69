import type { Decoded } from "./decode.js";
import { RZ } from "./operands.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * A function that uses a convergence barrier its caller may be using too saves the caller's
 * barrier first and restores it before it returns:
 *
 *     BMOV.32.CLEAR R16, B6     ; the caller's B6 into R16, B6 free for this frame
 *     BSSY B6, ...  ...  BSYNC B6
 *     BMOV.32 B6, R16           ; the caller's B6 back
 *     RET.REL.NODEC R20
 *
 * A recursive function does this on every call, while lanes of the caller's frame wait at its
 * BSYNC B6 (fib's lanes with n < 2 wait while the others recurse). The executor's barrier is
 * the lanes that must meet, those arrived and where they resume (run-warp.ts); a save keeps all
 * three and a restore brings back the last one saved, as calls and returns nest. The register
 * gets the barrier's lanes, as on the hardware (BMOV.32 reads the barrier's thread mask).
 */
export interface BarrierState {
  readonly expected: number;
  readonly arrived: number;
  readonly resumeAt: number;
}

/** The warp's convergence barriers B0..B15, as run-warp.ts keeps them. */
export interface Barriers {
  readonly expected: Int32Array;
  readonly arrived: Int32Array;
  readonly resumeAt: Int32Array;
}

/** BMOV[.32][.CLEAR] Rd, Bn saves Bn (and frees it with .CLEAR); BMOV[.32] Bn, Rs restores the last saved. */
export function moveBarrier(d: Decoded, regs: WarpRegisters, lanes: number, b: Barriers, saved: BarrierState[]): void {
  const [dst, src] = d.ops;
  if (lanes === 0) return;
  if (dst?.kind === "reg" && src?.kind === "barrier") {
    const n = src.index;
    saved.push({ expected: b.expected[n], arrived: b.arrived[n], resumeAt: b.resumeAt[n] });
    if (dst.index !== RZ) for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) regs.set(dst.index, l, b.expected[n], true);
    if (d.mods.has("CLEAR")) {
      b.expected[n] = 0;
      b.arrived[n] = 0;
      b.resumeAt[n] = -1;
    }
    return;
  }
  if (dst?.kind === "barrier") {
    const state = saved.pop();
    if (state === undefined) return;
    b.expected[dst.index] = state.expected;
    b.arrived[dst.index] = state.arrived;
    b.resumeAt[dst.index] = state.resumeAt;
  }
}
