import type { Decoded, ExecContext } from "./execute.js";
import { laneAddresses } from "./lane-addresses.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * Generic addresses and the space they fall in. A generic atomic the compiler could not prove
 * global (`atomicAdd` on a `__half2*`: `ATOM.E.ADD.F16x2 P0, RZ, [R4.64], R7`) writes P0 when
 * the address was global and the atomic is done; where it was not, the code after `@P0 EXIT`
 * asks `QSPC.E.S P0, RZ, [R4]` (is it shared?) and runs a compare-and-swap loop there. warpsim's
 * buffers (and the module's variables) are global, so for a lane whose address falls in one the
 * answers are known: the atomic is done, the address is not shared (not local); elsewhere
 * unknown.
 */

const ADDRESSES = new Float64Array(LANES);

/** Whether `d` is one this module answers: a generic ATOM with a predicate result, or QSPC. */
export function asksAddressSpace(d: Decoded): boolean {
  const op = d.ins.opcode;
  return op === "QSPC" || (op === "ATOM" && d.ops[0]?.kind === "pred");
}

/**
 * Writes the predicate (and leaves a register result unknown) for the lanes of `lanes`:
 * ATOM's "done on global memory", QSPC's "in the space its modifier names" (.S shared, .L local,
 * .G global).
 */
export function answerAddressSpace(d: Decoded, regs: WarpRegisters, lanes: number, ctx: ExecContext): void {
  const p = d.ops[0];
  if (p?.kind !== "pred") return;
  const second = d.ops[1];
  if (second?.kind === "reg") for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) regs.set(second.index, l, 0, false);
  const buffers = ctx.launch.buffers;
  const known = buffers !== undefined && laneAddresses(d, regs, lanes, ADDRESSES);
  const global = d.ins.opcode === "ATOM" || d.mods.has("G");
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const inside = known && buffers.some((b) => ADDRESSES[l] >= b.base && ADDRESSES[l] < b.base + b.bytes);
    regs.setPredLanes(p.index, 1 << l, inside && global ? -1 : 0, inside ? -1 : 0);
  }
}

