import { SYNC_ARRIVE, SYNC_COPY, SYNC_EXPECT_TX, SYNC_INIT, SYNC_REG_ALLOC, SYNC_REG_DEALLOC, SYNC_STORE, SYNC_WAIT, type PathSyncs } from "../sm/async/sync-ops.js";
import { type Decoded, type ExecContext } from "./execute.js";
import { PARAM_WINDOW } from "./launch.js";
import { RZ, URZ, type Operand } from "./operands.js";
import { boxBytes, boxRows, readTensorMap } from "./tensor-map.js";
import { LANES, type WarpRegisters } from "./warp-registers.js";

/**
 * The asynchronous Hopper instructions as the executor follows them (docs/async.md): what they
 * decide for control flow, and what the model must time, recorded in the warp's path.
 *
 * - SYNCS.* operate on mbarriers: init (EXCH.64: the arrival count), arrive (ARRIVE.TRANS64,
 *   with the bytes it expects), wait (PHASECHK.TRANS64.TRYWAIT: the parity). A wait's predicate
 *   is set true: the model suspends the warp until the phase completes, so the compiler's retry
 *   loop (after the kernel's EXIT) is not taken. On the H100 try_wait gives up after a time limit
 *   and the loop spins a timing-dependent number of times; those re-issues are not counted
 *   (docs/async.md says how many ncu counts on the fixtures).
 * - UTMALDG (TMA) and UBLKCP (bulk copy) bring bytes into shared memory and complete an
 *   mbarrier's transaction count: their bytes, their mbarrier, and the global sectors they read.
 * - UTMASTG (TMA) and UBLKCP.G.S (bulk) store bytes from shared memory to global memory: their
 *   bytes and destination (the model times them through the SM's store engine, bulk-stores.ts).
 * - USETMAXREG: the registers per thread a warp keeps (DEALLOC) or asks for (TRY_ALLOC, whose
 *   predicate is set true: the model holds the warp until the block's pool has them, instead of
 *   the compiler's retry loop).
 * - ELECT picks the first active lane (its predicate true there, false elsewhere).
 */
export const ASYNC_OPCODES: ReadonlySet<string> = new Set(["SYNCS", "UTMALDG", "UBLKCP", "UTMASTG", "USETMAXREG", "ELECT"]);

/** What a copy recorder needs: the global sectors one copy reads (UTMALDG, UBLKCP), as a bypassing-L1 access. */
export interface CopyAccessSink {
  addCopy(issue: number, instruction: number, sectors: readonly number[] | undefined): void;
}

/** Collects a warp's mbarrier operations and copies (PathSyncs) as it runs. */
export class SyncRecorder {
  private readonly at: number[] = [];
  private readonly op: number[] = [];
  private readonly address: number[] = [];
  private readonly value: number[] = [];

  add(issue: number, op: number, address: number, value: number): void {
    this.at.push(issue);
    this.op.push(op);
    this.address.push(address);
    this.value.push(value);
  }

  get empty(): boolean {
    return this.at.length === 0;
  }

  done(): PathSyncs {
    return { at: Float64Array.from(this.at), op: Uint8Array.from(this.op), address: Float64Array.from(this.address), value: Float64Array.from(this.value) };
  }
}

/** 2^32, for 64-bit values in register pairs. */
const HIGH = 4294967296;
const rows: number[] = [];

/**
 * Runs an asynchronous instruction (one of ASYNC_OPCODES) on `lanes` and records what the model
 * times; `issue` is the warp's issue number (1-based) of this instruction. Without recorders it
 * only sets the predicates control flow reads.
 */
export function executeAsync(d: Decoded, regs: WarpRegisters, lanes: number, ctx: ExecContext, issue: number, instruction: number, syncs?: SyncRecorder, copies?: CopyAccessSink): void {
  if (lanes === 0) return;
  const op = d.ins.opcode;
  const lane = 31 - Math.clz32(lanes & -lanes);
  if (op === "ELECT") {
    const p = d.ops[0];
    if (p?.kind === "pred") for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) regs.setPred(p.index, l, l === lane, true);
    return;
  }
  if (op === "USETMAXREG") {
    // USETMAXREG.TRY_ALLOC.CTAPOOL UP0, 0xa0 / USETMAXREG.DEALLOC.CTAPOOL 0x28: the count is the last operand.
    const p = d.ops[0];
    const alloc = d.mods.has("TRY_ALLOC");
    if (p?.kind === "pred" && alloc) regs.setUniformPred(p.index, true, true);
    const count = valueOf(d.ops[d.ops.length - 1], regs, lane);
    if (syncs !== undefined && count !== undefined) syncs.add(issue, alloc ? SYNC_REG_ALLOC : SYNC_REG_DEALLOC, 0, count);
    return;
  }
  if (op === "SYNCS") {
    const mem = d.ops.find((o) => o.kind === "mem");
    const address = mem === undefined ? undefined : sharedAddress(mem, regs, lane);
    if (d.mods.has("PHASECHK")) {
      const p = d.ops[0];
      if (p?.kind === "pred") for (let l = 0; l < LANES; l++) if (((lanes >>> l) & 1) !== 0) regs.setPred(p.index, l, true, true);
      const parity = valueOf(d.ops[2], regs, lane);
      if (syncs !== undefined && address !== undefined && parity !== undefined) syncs.add(issue, SYNC_WAIT, address, (parity >>> 31) & 1);
      return;
    }
    if (syncs === undefined || address === undefined) return;
    if (d.mods.has("EXCH")) {
      // mbarrier.init: the low word holds (2^20 - count) << 1 (validation/async/kernels.sass: UIADD3 UR8, -UR8, 0x100000; USHF.L.U32 UR8, UR8, 0x1).
      const word = valueOf(d.ops[2], regs, lane);
      if (word !== undefined) syncs.add(issue, SYNC_INIT, address, 0x100000 - ((word >>> 1) & 0xfffff));
      return;
    }
    if (d.mods.has("ARRIVE")) {
      // .A1T0: one arrival, no transaction bytes; plain: one arrival expecting the register's bytes.
      const form = d.ins.modifiers.find((m) => /^A\d+T/.test(m));
      const arrivals = form === undefined ? 1 : Number(/^A(\d+)/.exec(form)![1]);
      const bytes = form !== undefined && /T0$/.test(form) ? 0 : (valueOf(d.ops[2], regs, lane) ?? 0);
      syncs.add(issue, arrivals === 0 ? SYNC_EXPECT_TX : SYNC_ARRIVE, address, bytes);
    }
    return;
  }
  if (op === "UTMASTG" || (op === "UBLKCP" && d.ins.modifiers[0] === "G")) {
    recordStore(d, regs, lane, ctx, issue, instruction, syncs, copies);
    return;
  }
  // UTMALDG [URd], [URm]: destination, mbarrier, then coordinates in URd, URd+1, URd+2..; the tensor map's address in URm:URm+1.
  // UBLKCP [URd], [URs], URn: destination and mbarrier in URd, URd+1; source in URs:URs+1; bytes / 16 in URn's low half.
  const mems = d.ops.filter((o): o is Extract<Operand, { kind: "mem" }> => o.kind === "mem");
  if (mems.length < 2 || mems[0].ureg === URZ) return;
  const dst = mems[0].ureg;
  const barrier = uniform(regs, dst + 1);
  let bytes: number | undefined;
  let sectors: number[] | undefined;
  if (op === "UTMALDG") {
    const lo = uniform(regs, mems[1].ureg);
    const hi = uniform(regs, mems[1].ureg + 1);
    const map = lo === undefined || hi === undefined ? undefined : readTensorMap(ctx.launch.bank0, (lo >>> 0) + (hi >>> 0) * HIGH + mems[1].offset - PARAM_WINDOW);
    if (map !== undefined) {
      bytes = boxBytes(map.form);
      const coords = map.form.dims.map((_, i) => uniform(regs, dst + 2 + i));
      if (coords.every((c) => c !== undefined)) {
        boxRows(map.base, map.form, coords as number[], rows);
        sectors = sectorsOf(rows);
      }
    }
  } else if (op === "UBLKCP") {
    const n = d.ops.find((o, i) => i > 1 && o.kind === "ureg");
    const count = n === undefined ? undefined : valueOf(n, regs, lane);
    const lo = uniform(regs, mems[1].ureg);
    const hi = uniform(regs, mems[1].ureg + 1);
    if (count !== undefined) bytes = (count & 0xffff) * 16;
    if (bytes !== undefined && lo !== undefined && hi !== undefined) {
      const src = (lo >>> 0) + (hi >>> 0) * HIGH + mems[1].offset;
      sectors = sectorsOf([src, src + bytes]);
    }
  }
  copies?.addCopy(issue, instruction, sectors);
  // Bytes unknown (no tensor map given): -1, the copy completes whatever its mbarrier still expects.
  if (syncs !== undefined && barrier !== undefined) syncs.add(issue, SYNC_COPY, barrier, bytes ?? -1);
}

/**
 * A bulk store's bytes and destination. UTMASTG [URs], [URm]: the shared source in URs, the
 * coordinates in URs+1..; the tensor map's address in URm:URm+1 (the box's bytes). UBLKCP.G.S
 * [URd], [URs], URn: the global destination in URd:URd+1, the shared source in URs, bytes / 16
 * in URn's low half (store_probe.cu's listing). Unknown bytes record nothing. Its global sectors
 * are recorded as an access past the L1 (the grid's footprint, so what the L2 writes back).
 */
function recordStore(d: Decoded, regs: WarpRegisters, lane: number, ctx: ExecContext, issue: number, instruction: number, syncs: SyncRecorder | undefined, copies: CopyAccessSink | undefined): void {
  const mems = d.ops.filter((o): o is Extract<Operand, { kind: "mem" }> => o.kind === "mem");
  if (mems.length < 2) return;
  let bytes: number | undefined;
  let address = 0;
  let sectors: number[] | undefined;
  if (d.ins.opcode === "UTMASTG") {
    const lo = uniform(regs, mems[1].ureg);
    const hi = uniform(regs, mems[1].ureg + 1);
    const map = lo === undefined || hi === undefined ? undefined : readTensorMap(ctx.launch.bank0, (lo >>> 0) + (hi >>> 0) * HIGH + mems[1].offset - PARAM_WINDOW);
    if (map !== undefined) {
      bytes = boxBytes(map.form);
      address = map.base;
      const coords = map.form.dims.map((_, i) => uniform(regs, mems[0].ureg + 1 + i));
      if (coords.every((c) => c !== undefined)) {
        boxRows(map.base, map.form, coords as number[], rows);
        sectors = sectorsOf(rows);
      }
    }
  } else {
    const n = d.ops.find((o, i) => i > 1 && o.kind === "ureg");
    const count = n === undefined ? undefined : valueOf(n, regs, lane);
    if (count !== undefined) bytes = (count & 0xffff) * 16;
    const lo = uniform(regs, mems[0].ureg);
    const hi = uniform(regs, mems[0].ureg + 1);
    if (lo !== undefined && hi !== undefined) {
      address = (lo >>> 0) + (hi >>> 0) * HIGH + mems[0].offset;
      if (bytes !== undefined) sectors = sectorsOf([address, address + bytes]);
    }
  }
  copies?.addCopy(issue, instruction, sectors);
  if (bytes !== undefined) syncs?.add(issue, SYNC_STORE, address, bytes);
}

function uniform(regs: WarpRegisters, ur: number): number | undefined {
  if (ur >= URZ) return ur === URZ ? 0 : undefined;
  return regs.isUniformKnown(ur) ? regs.getUniform(ur) : undefined;
}

function valueOf(o: Operand | undefined, regs: WarpRegisters, lane: number): number | undefined {
  if (o === undefined) return undefined;
  if (o.kind === "reg") return o.index === RZ ? 0 : regs.isKnown(o.index, lane) ? regs.get(o.index, lane) : undefined;
  if (o.kind === "ureg") return uniform(regs, o.index);
  if (o.kind === "imm") return o.value;
  return undefined;
}

/** A shared-memory address `[R5+UR4+0x18000]` in one lane, when known. */
function sharedAddress(mem: Extract<Operand, { kind: "mem" }>, regs: WarpRegisters, lane: number): number | undefined {
  const r = mem.reg === RZ ? 0 : regs.isKnown(mem.reg, lane) ? regs.get(mem.reg, lane) : undefined;
  const u = uniform(regs, mem.ureg);
  return r === undefined || u === undefined ? undefined : ((r + u + mem.offset) >>> 0);
}

/** The 32-byte sectors of [start, end) byte ranges, in order. */
function sectorsOf(ranges: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < ranges.length; i += 2) {
    for (let s = Math.floor(ranges[i] / 32); s <= Math.floor((ranges[i + 1] - 1) / 32); s++) out.push(s);
  }
  return out;
}
