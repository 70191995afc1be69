import { accessWavefronts } from "../sass/bank-conflicts.js";
import { coalesce } from "../sm/memory/coalescer.js";
import type { Decoded, ExecContext } from "./execute.js";
import { type Operand, RZ, URZ } from "./operands.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/** Opcodes that address global memory (generic LD/ST are taken as global: the shared window is not modelled). */
export const GLOBAL_ACCESSES: ReadonlySet<string> = new Set(["LDG", "STG", "LD", "ST", "ATOMG", "ATOM", "RED", "REDG", "LDGSTS"]);
/** The global atomics among them (their rounds at the L2: coalescer.ts atomicRounds). */
export const GLOBAL_ATOMICS: ReadonlySet<string> = new Set(["ATOMG", "ATOM", "RED", "REDG"]);
/** Opcodes that address a thread's local memory (spills, arrays the compiler could not keep in registers). */
export const LOCAL_ACCESSES: ReadonlySet<string> = new Set(["LDL", "STL"]);

/**
 * Local memory lives in its own address range, one region per warp: the hardware interleaves a
 * warp's local words lane by lane, so the 32 lanes' word at one local offset are 128
 * consecutive bytes (a coalesced access whatever the offset).
 */
const LOCAL_BASE = 2 ** 50;
const LOCAL_BYTES_PER_WARP = 2 ** 26;

/** The global address operand: the last one (LDGSTS [shared], [global] names the shared destination first). */
export function globalOperand(d: Decoded): Decoded["ops"][number] | undefined {
  for (let i = d.ops.length - 1; i >= 0; i--) if (d.ops[i].kind === "mem") return d.ops[i];
  return undefined;
}

/** An access that skips the L1: cp.async's .BYPASS (cg), and .STRONG.GPU / .STRONG.SYS (volatile, atomics' kin). */
export function bypassesL1(d: Decoded): boolean {
  return d.mods.has("BYPASS") || (d.mods.has("STRONG") && (d.mods.has("GPU") || d.mods.has("SYS")));
}

/** Bytes each lane moves: LDG.E.128 16, .64 8, .U8/.S8 1, .U16/.S16 2, else 4. */
export function accessWidth(d: Decoded): number {
  const f = d.f;
  if (f.M128) return 16;
  if (f.M64) return 8;
  if (f.U8) return 1;
  if (f.U16) return 2;
  const m = d.mods;
  if (m.size === 0) return 4;
  if (m.has("S8")) return 1;
  if (m.has("S16")) return 2;
  return 4;
}

/**
 * The byte address each lane of `lanes` accesses (`[R2.64+UR4+0x10]`: the register pair, the
 * uniform pair and the offset), into `out`; false when some active lane's address depends on a
 * value the executor does not know (loaded data).
 */
export function laneAddresses(d: Decoded, regs: WarpRegisters, lanes: number, out: Float64Array): boolean {
  const mem = globalOperand(d);
  if (mem?.kind !== "mem") return false;
  // `.E` addresses through a register pair even where the listing writes `[R8]`, not `[R8.64]`
  // (CCTL.E.PF2 [R8], QSPC.E.S P0, RZ, [R4]).
  const wide = mem.wide || d.mods.has("E");
  let uniform = 0;
  if (mem.ureg !== URZ) {
    if (!regs.isUniformKnown(mem.ureg) || !regs.isUniformKnown(mem.ureg + 1)) return false;
    uniform = (regs.getUniform(mem.ureg) >>> 0) + (regs.getUniform(mem.ureg + 1) >>> 0) * 4294967296;
  }
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    let a = uniform + mem.offset;
    if (mem.reg !== RZ) {
      if (!regs.isKnown(mem.reg, l) || (wide && !regs.isKnown(mem.reg + 1, l))) return false;
      a += (regs.get(mem.reg, l) >>> 0) + (wide ? (regs.get(mem.reg + 1, l) >>> 0) * 4294967296 : 0);
    }
    out[l] = a;
  }
  return true;
}

/**
 * The sectors one warp-level access touches, into `sectors` (64 entries); -1 when its
 * addresses are not known. Local accesses land in the warp's own interleaved region.
 */
export function accessSectors(d: Decoded, regs: WarpRegisters, lanes: number, ctx: ExecContext, scratch: Float64Array, sectors: Float64Array): number {
  const width = accessWidth(d);
  if (LOCAL_ACCESSES.has(d.ins.opcode)) {
    // Each lane's own offset (an array indexed at run time gives every lane its own): the
    // lane's word at that offset of the warp's interleaved region.
    const mem = d.ops.find((o) => o.kind === "mem");
    if (mem?.kind !== "mem") return -1;
    const warp = LOCAL_BASE + (ctx.block * 64 + ctx.warpInBlock) * LOCAL_BYTES_PER_WARP;
    for (let l = 0; l < LANES; l++) {
      if (((lanes >>> l) & 1) === 0) continue;
      if (mem.reg !== RZ && !regs.isKnown(mem.reg, l)) return -1;
      const offset = mem.offset + (mem.reg === RZ ? 0 : regs.get(mem.reg, l) >>> 0);
      scratch[l] = warp + Math.floor(offset / width) * width * LANES + l * width;
    }
    return coalesce(scratch, lanes, width, sectors);
  }
  if (!laneAddresses(d, regs, lanes, scratch)) return -1;
  return coalesce(scratch, lanes, width, sectors);
}

/**
 * The wavefronts a shared-memory access (LDS, STS, LDSM) takes, from its lanes' real addresses
 * (`[R5+UR4+0x10]`, 32-bit) and the H100's measured rule (sass/bank-conflicts.ts); undefined
 * for another instruction or addresses the executor does not know. Inactive lanes take the
 * first active lane's address (they add no word of their own).
 */
export function sharedAccessWavefronts(d: Decoded, regs: WarpRegisters, lanes: number): number | undefined {
  if (d.ins.opcode !== "LDS" && d.ins.opcode !== "STS" && d.ins.opcode !== "LDSM") return undefined;
  const mem = d.ops.find((o) => o.kind === "mem");
  if (mem?.kind !== "mem" || lanes === 0) return undefined;
  if (mem.ureg !== URZ && !regs.isUniformKnown(mem.ureg)) return undefined;
  const base = (mem.ureg === URZ ? 0 : regs.getUniform(mem.ureg)) + mem.offset;
  const addresses = SHARED_ADDRESSES;
  const first = firstLane(lanes);
  for (let l = 0; l < LANES; l++) {
    const lane = ((lanes >>> l) & 1) === 1 ? l : first;
    if (mem.reg !== RZ && !regs.isKnown(mem.reg, lane)) return undefined;
    addresses[l] = base + (mem.reg === RZ ? 0 : regs.get(mem.reg, lane));
  }
  return accessWavefronts(d.ins, addresses);
}

/** sharedAccessWavefronts' lane addresses (reused: one access at a time). */
const SHARED_ADDRESSES = new Int32Array(LANES);

function firstLane(lanes: number): number {
  return lanes === 0 ? 0 : 31 - Math.clz32(lanes & -lanes);
}

/**
 * Each active lane's 32-bit address in a per-block or per-thread window (shared memory
 * `[R5.X4+UR4+0x10]`, local memory `[R1+0x10]`), into `out`; false when one is unknown.
 */
export function windowAddresses(mem: Extract<Operand, { kind: "mem" }>, regs: WarpRegisters, lanes: number, out: Float64Array): boolean {
  if (mem.ureg !== URZ && !regs.isUniformKnown(mem.ureg)) return false;
  const base = (mem.ureg === URZ ? 0 : regs.getUniform(mem.ureg)) + mem.offset;
  const scale = mem.scale ?? 1;
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    if (mem.reg !== RZ && !regs.isKnown(mem.reg, l)) return false;
    out[l] = ((base + (mem.reg === RZ ? 0 : regs.get(mem.reg, l) * scale)) | 0) >>> 0;
  }
  return true;
}
