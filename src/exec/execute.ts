import { wordAt } from "./buffer-contents.js";
import { answerAddressSpace, asksAddressSpace } from "./address-space.js";
import { type Decoded, FLOAT, MATCH, OTHER, Op, SHARED_LOAD, SHARED_STORE, SHARED_WRITE, UNIFORM } from "./decode.js";
import { accessWidth, laneAddresses } from "./lane-addresses.js";
import { lane } from "./lane-ops.js";
import { executeFloat, followsFloat } from "./float-ops.js";
import { type ExecContext, fillOperands, firstLane } from "./operand-rows.js";
import { PT, RZ, URZ } from "./operands.js";
import { executeUniform, r2ur, redux, voteUniform } from "./uniform-ops.js";
import { vectorOp } from "./vector-ops.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

export { COMMON_LUTS } from "./vector-ops.js";
export { decode, type Decoded, type Flags } from "./decode.js";
export type { ExecContext } from "./operand-rows.js";

/**
 * Runs one instruction of one warp on its lanes (execute): the guard, then the uniform datapath
 * (uniform-ops.ts), a load of given buffer contents, float arithmetic (float-ops.ts), the vector
 * path (vector-ops.ts) or lane by lane (lane-ops.ts); instructions the executor does not follow
 * (loads of unknown contents, double precision, ...) make their results unknown, and so does
 * float arithmetic on unknown values.
 */

/**
 * The lanes of `active` on which the instruction's guard holds; `guardUnknown` is set when the
 * guard of some active lane is not known (a predicate computed from loaded data).
 */
export function guardLanes(d: Decoded, regs: WarpRegisters, active: number): number {
  guardUnknown = false;
  const g = d.guard;
  if (g === undefined) return active;
  if (g.uniform) {
    if (!regs.isUniformPredKnown(g.index) && active !== 0) guardUnknown = true;
    return regs.getUniformPred(g.index) !== g.not ? active : 0;
  }
  if ((active & ~regs.predKnown[g.index]) !== 0) guardUnknown = true;
  const holds = regs.pred[g.index];
  return active & (g.not ? ~holds : holds);
}
export let guardUnknown = false;

/**
 * A branch's lanes: its guard and, in `@!P0 BRA P1, target`, its predicate operand, and-ed (a
 * loop of `while (i < n && |z| < 2)` closes with one branch on both); `guardUnknown` is set when
 * either is unknown on an active lane.
 */
export function branchLanes(d: Decoded, regs: WarpRegisters, active: number): number {
  const lanes = guardLanes(d, regs, active);
  const c = d.ops[0];
  if (c?.kind !== "pred" || c.index === PT) return lanes;
  if (c.uniform) {
    if (!regs.isUniformPredKnown(c.index) && lanes !== 0) guardUnknown = true;
    return regs.getUniformPred(c.index) !== c.not ? lanes : 0;
  }
  if ((lanes & ~regs.predKnown[c.index]) !== 0) guardUnknown = true;
  return lanes & (c.not ? ~regs.pred[c.index] : regs.pred[c.index]);
}

/**
 * An instruction the executor does not follow (a load, floating-point arithmetic and comparisons:
 * data, not control): its destinations, registers or predicates, become unknown.
 */
function unknownResults(d: Decoded, regs: WarpRegisters, lanes: number): void {
  const dst = d.ops[0];
  if (d.store) return;
  if (dst?.kind === "pred") {
    // A comparison the executor does not follow (FSETP, DSETP, ...): its predicates are unknown.
    for (let i = 0; i < 2 && i < d.ops.length; i++) {
      const p = d.ops[i];
      if (p.kind === "pred" && !p.uniform) regs.setPredLanes(p.index, lanes, 0, 0);
    }
    return;
  }
  if (dst?.kind === "ureg") {
    // A uniform result the executor does not follow (an opcode it lacks): unknown, never stale.
    if (dst.index !== URZ) regs.setUniform(dst.index, 0, false);
    return;
  }
  // B2R.RESULT RZ, P0 (`__syncthreads_or/and`): the block's reduction, which a warp alone cannot know.
  const second = d.ops[1];
  if (second?.kind === "pred" && !second.uniform && d.ins.opcode === "B2R") regs.setPredLanes(second.index, lanes, 0, 0);
  if (dst?.kind !== "reg" || dst.index === RZ) return;
  const count = writtenRegisters(d);
  for (let i = 0; i < count && dst.index + i < RZ; i++) {
    const row = regs.rows[dst.index + i];
    for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) row[l] = 0;
    regs.setKnown(dst.index + i, lanes, 0);
  }
}

/** Double-precision arithmetic: a register pair per result. */
const DOUBLE_RESULTS: ReadonlySet<string> = new Set(["DADD", "DMUL", "DFMA", "DMNMX"]);
/** Matrix instructions: the accumulator's registers per thread, by shape and result type. */
const MATRIX: ReadonlySet<string> = new Set(["HMMA", "IMMA", "DMMA", "BMMA"]);

/**
 * How many consecutive registers an instruction the executor does not follow writes from its
 * destination: 4 for .128 and most matrix accumulators, 2 for .64, .WIDE, double-precision
 * results (DADD R8 writes R8 and R9), a conversion to a 64-bit type (F2F.F64.F32, I2F.F64,
 * F2I.S64), an F16 accumulator or an m8n8 integer one, else 1. A register left out would keep a
 * stale known value, which is never allowed: dnorm's square root read DADD's high word, stale,
 * and ran its slow path on every element.
 */
export function writtenRegisters(d: Decoded): number {
  const op = d.ins.opcode;
  const mods = d.mods;
  if (d.f.M128) return 4;
  if (MATRIX.has(op)) {
    if (op === "HMMA") return mods.has("F16") && !mods.has("F32") ? 2 : 4;
    return op === "IMMA" && (mods.has("8816") || mods.has("8832")) ? 2 : 4;
  }
  if (d.f.M64 || d.f.WIDE || DOUBLE_RESULTS.has(op)) return 2;
  // A conversion's destination type comes first (F2F.F64.F32); F2I's is an integer (.S64), I2F's a float (.F64).
  if (op === "F2F") return d.ins.modifiers.find((m) => /^F(16|32|64)$/.test(m)) === "F64" ? 2 : 1;
  if (op === "I2F") return mods.has("F64") ? 2 : 1;
  if (op === "F2I" || op === "I2I") return mods.has("S64") || mods.has("U64") ? 2 : 1;
  return 1;
}

/**
 * P2R Rd, PR, Ra, mask: Rd is Ra with the bits of `mask` replaced by predicates P0..P6 (bit i:
 * Pi), how the compiler keeps predicates across a call or a long loop; R2P PR, Ra, mask sets
 * the predicates of `mask` from Ra's bits. Known where every predicate or bit used is.
 */
function predicateBits(d: Decoded, regs: WarpRegisters, lanes: number): void {
  const toRegister = d.ins.opcode === "P2R";
  const [dst, , src, maskOp] = toRegister ? d.ops : [undefined, undefined, d.ops[1], d.ops[2]];
  const mask = maskOp?.kind === "imm" ? maskOp.value & 0x7f : 0x7f;
  if (maskOp?.kind !== "imm" || src?.kind !== "reg") return unknownResults(d, regs, lanes);
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const a = src.index === RZ ? 0 : regs.get(src.index, l);
    let known = src.index === RZ || regs.isKnown(src.index, l);
    if (toRegister) {
      let bits = 0;
      for (let p = 0; p < 7; p++) {
        if (((mask >>> p) & 1) === 0) continue;
        if (regs.getPred(p, l)) bits |= 1 << p;
        if (!regs.isPredKnown(p, l)) known = false;
      }
      if (dst?.kind === "reg" && dst.index !== RZ) regs.set(dst.index, l, (a & ~mask) | bits, known);
    } else for (let p = 0; p < 7; p++) if (((mask >>> p) & 1) !== 0) regs.setPred(p, l, ((a >>> p) & 1) === 1, known);
  }
}

/**
 * MATCH.ANY Rd, Ra (`__match_any_sync`): each lane gets the mask of the active lanes whose Ra
 * equals its own (.U64: the register pair); known where every active lane's value is. MATCH.ALL
 * (a predicate of whether all are equal) is not followed: its results are unknown.
 */
function match(d: Decoded, regs: WarpRegisters, lanes: number): void {
  const [dst, src] = d.ops;
  const wide = d.mods.has("U64");
  if (!d.mods.has("ANY") || dst?.kind !== "reg" || src?.kind !== "reg") return unknownResults(d, regs, lanes);
  const lo = regs.rows[src.index];
  const hi = wide ? regs.rows[src.index + 1] : lo;
  const known = (lanes & regs.known[src.index] & (wide ? regs.known[src.index + 1] : -1)) === lanes ? lanes : 0;
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    let peers = 0;
    for (let m = 0; m < LANES; m++) if (((lanes >>> m) & 1) !== 0 && lo[m] === lo[l] && hi[m] === hi[l]) peers |= 1 << m;
    regs.set(dst.index, l, peers, (known >>> l) & 1 ? true : false);
  }
}

/**
 * LDS, STS, and the writes to shared memory whose values are not followed (ATOMS, LDGSTS,
 * STSM), through the block's shared memory when the run keeps one (run-block.ts), else their
 * results unknown as any load's.
 */
function sharedAccess(d: Decoded, regs: WarpRegisters, lanes: number, ctx: ExecContext): void {
  const shared = ctx.shared;
  if (shared === undefined) return unknownResults(d, regs, lanes);
  if (d.code === SHARED_LOAD) return shared.load(d, regs, lanes);
  if (d.code === SHARED_STORE) return shared.store(d, regs, lanes);
  // The shared destination is the first address operand (LDGSTS [shared], [global]); STSM's lanes name 16-byte rows.
  shared.forget(d.ops.find((o) => o.kind === "mem"), d.ins.opcode === "STSM" ? 16 : accessWidth(d), regs, lanes);
  unknownResults(d, regs, lanes);
}

/** Global loads that read a buffer's given contents. */
const CONTENT_LOADS: ReadonlySet<string> = new Set(["LDG", "LD"]);
const ADDRESSES = new Float64Array(LANES);

/**
 * A global load whose lanes' addresses are known: each lane gets the words of the buffer's
 * contents at its address (LDG.E.64 and .128: 2 and 4 consecutive words; .U8/.S8/.U16/.S16:
 * the bytes of the word, little-endian); a lane whose buffer has no contents gets unknown
 * values. False (nothing written) when the addresses are not known or no buffer has contents.
 */
function loadContents(d: Decoded, regs: WarpRegisters, lanes: number, buffers: NonNullable<ExecContext["launch"]["buffers"]>): boolean {
  if (!buffers.some((b) => b.contents !== undefined)) return false;
  const dst = d.ops[0];
  if (dst?.kind !== "reg" || !laneAddresses(d, regs, lanes, ADDRESSES)) return false;
  const width = accessWidth(d);
  const words = Math.max(1, width / 4);
  for (let l = 0; l < LANES; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const a = ADDRESSES[l];
    const b = buffers.find((x) => a >= x.base && a < x.base + x.bytes);
    for (let i = 0; i < words && dst.index + i < RZ; i++) {
      if (b?.contents === undefined) {
        regs.set(dst.index + i, l, 0, false);
        continue;
      }
      const offset = a - b.base + 4 * i;
      let v = wordAt(b.contents, Math.floor(offset / 4));
      if (width < 4) {
        const shifted = v >>> (8 * (offset % 4));
        const signed = d.mods.has("S8") || d.mods.has("S16");
        v = width === 1 ? (signed ? (shifted << 24) >> 24 : shifted & 0xff) : signed ? (shifted << 16) >> 16 : shifted & 0xffff;
      }
      regs.set(dst.index + i, l, v, true);
    }
  }
  return true;
}

/**
 * Runs the instruction on `lanes` (the active lanes whose guard holds): writes its results
 * with their known flags. Control flow (BRA, EXIT, BSSY, BSYNC, ...) and memory contents are
 * the caller's; a load's destination becomes unknown here.
 */
export function execute(d: Decoded, regs: WarpRegisters, lanes: number, ctx: ExecContext): void {
  if (lanes === 0) return;
  const { ops, f, code } = d;
  if (d.ins.opcode === "VOTEU") return voteUniform(d, regs, lanes);
  if (code === UNIFORM) return executeUniform(d, regs, ctx, firstLane(lanes));
  if (code === Op.R2UR) return r2ur(d, regs, lanes);
  // REDUX, P2R and R2P have no per-lane code (OTHER): their names are compared only there.
  if (code === OTHER) {
    const op = d.ins.opcode;
    if (op === "REDUX") return redux(d, regs, lanes);
    if (op === "P2R" || op === "R2P") return predicateBits(d, regs, lanes);
    if (asksAddressSpace(d)) return answerAddressSpace(d, regs, lanes, ctx);
  }
  // A load from a buffer whose contents the user gave returns them (buffer-contents.ts).
  if (code === OTHER && ctx.launch.buffers !== undefined && CONTENT_LOADS.has(d.ins.opcode) && loadContents(d, regs, lanes, ctx.launch.buffers)) return;
  if (code === MATCH) return match(d, regs, lanes);
  if (code >= SHARED_LOAD && code <= SHARED_WRITE) return sharedAccess(d, regs, lanes, ctx);
  // Float arithmetic on known values (float-ops.ts): a loop steered by floats of the thread's place.
  if ((code === FLOAT || code === Op.MUFU) && followsFloat(d)) return executeFloat(d, regs, lanes, ctx);
  // Operand 0 is written, not read; instructions the executor does not follow read nothing.
  if (code === OTHER || code === FLOAT || (code === Op.MUFU && !f.RCP)) return unknownResults(d, regs, lanes);
  fillOperands(d, regs, ctx, lanes);
  if (vectorOp(d, code, ops, f, regs, lanes)) return;
  for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) lane(d, code, ops, f, regs, l, ctx, lanes);
}

