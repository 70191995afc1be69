import type { Program } from "../../program/program.js";

/** What the asynchronous units do with the instruction at a pc (AsyncTable.kind). */
export const ASYNC_NONE = 0;
/** HGMMA / IGMMA / QGMMA: a warpgroup MMA on the sub-partition's tensor core. */
export const ASYNC_MMA = 1;
/** WARPGROUP.DEPBAR.LE gsb0, n: wait until at most n of the warp's MMA groups are pending. */
export const ASYNC_MMA_WAIT = 2;
/** SYNCS.PHASECHK (mbarrier try_wait / test_wait): the warp waits for a phase. */
export const ASYNC_BARRIER_WAIT = 3;
/** Other SYNCS (mbarrier init, arrive): updates an mbarrier. */
export const ASYNC_BARRIER_OP = 4;
/** UTMALDG / UBLKCP: a copy into shared memory that completes an mbarrier's transaction. */
export const ASYNC_COPY = 5;
/** USETMAXREG: registers between a warp and its block's pool (setmaxnreg). */
export const ASYNC_REGISTERS = 6;
/** UTMASTG / UBLKCP.G.S: a bulk store from shared memory to global memory (bulk-stores.ts). */
export const ASYNC_STORE = 7;
/** UTMACMDFLUSH (cp.async.bulk.commit_group): closes the warp's open group of bulk stores. */
export const ASYNC_STORE_COMMIT = 8;
/** DEPBAR.LE SB0, n in a program with bulk stores (cp.async.bulk.wait_group n): wait until at most n groups are pending. */
export const ASYNC_STORE_WAIT = 9;

/**
 * The asynchronous instructions of a program, decoded once from their text: per pc, the kind,
 * for an MMA its tile width N (`HGMMA.64x128x16.F32`: 128) and whether it closes a commit
 * group (`gsb0` among its operands: wgmma.commit_group), for a DEPBAR the groups it leaves
 * pending.
 */
export class AsyncTable {
  readonly kind: Uint8Array;
  /** ASYNC_MMA: N; ASYNC_MMA_WAIT, ASYNC_STORE_WAIT: groups that may stay pending; ASYNC_STORE: 1 for a TMA store. */
  readonly value: Int32Array;
  /** ASYNC_MMA: 1 when it commits the group. */
  readonly commits: Uint8Array;
  /** ASYNC_MMA: the bytes of its operands in shared memory (mmaOperandBytes). */
  readonly operandBytes: Int32Array;
  /** True when the program has any asynchronous instruction (else the SM skips the unit). */
  readonly any: boolean;

  constructor(program: Program) {
    const n = program.length;
    this.kind = new Uint8Array(n);
    this.value = new Int32Array(n);
    this.commits = new Uint8Array(n);
    this.operandBytes = new Int32Array(n);
    let any = false;
    let bulkStores = false;
    for (let pc = 0; pc < n; pc++) if (program.opcodeAt(pc) === "UTMACMDFLUSH") bulkStores = true;
    for (let pc = 0; pc < n; pc++) {
      const op = program.opcodeAt(pc);
      const text = program.textAt(pc);
      let kind = ASYNC_NONE;
      if (op === "HGMMA" || op === "IGMMA" || op === "QGMMA" || op === "BGMMA") {
        kind = ASYNC_MMA;
        this.value[pc] = mmaWidth(text);
        this.commits[pc] = /\bgsb0\b/.test(text.replace(/^\S+/, "")) ? 1 : 0;
        this.operandBytes[pc] = mmaOperandBytes(text);
      } else if (op === "WARPGROUP" && /\.DEPBAR\b/.test(text)) {
        kind = ASYNC_MMA_WAIT;
        const m = /gsb0\s*,\s*(0x[0-9a-fA-F]+|\d+)/.exec(text);
        this.value[pc] = m === null ? 0 : Number(m[1]);
      } else if (op === "SYNCS") {
        kind = /\.PHASECHK\b/.test(text) ? ASYNC_BARRIER_WAIT : ASYNC_BARRIER_OP;
      } else if (op === "UTMASTG" || (op === "UBLKCP" && isStoreDirection(text))) {
        kind = ASYNC_STORE;
        this.value[pc] = op === "UTMASTG" ? 1 : 0;
      } else if (op === "UTMALDG" || op === "UBLKCP") {
        kind = ASYNC_COPY;
      } else if (op === "UTMACMDFLUSH") {
        kind = ASYNC_STORE_COMMIT;
      } else if (op === "DEPBAR" && bulkStores && /\bSB0\s*,/.test(text)) {
        kind = ASYNC_STORE_WAIT;
        const m = /SB0\s*,\s*(0x[0-9a-fA-F]+|\d+)/.exec(text);
        this.value[pc] = m === null ? 0 : Number(m[1]);
      } else if (op === "USETMAXREG") {
        kind = ASYNC_REGISTERS;
      }
      this.kind[pc] = kind;
      if (kind !== ASYNC_NONE) any = true;
    }
    this.any = any;
  }
}

/** N of an `m64nNkK` shape written `64xNxK` among the modifiers; 0 when the text has none. */
export function mmaWidth(text: string): number {
  const m = /\.(\d+)x(\d+)x(\d+)\b/.exec(text);
  return m === null ? 0 : Number(m[2]);
}

/**
 * The bytes a warpgroup MMA reads from shared memory: every dense shape's k-step is 32 bytes
 * per row (f16 k16, tf32 k8, fp8 and int8 k32), so B is N x 32 bytes and A, unless it comes
 * from registers, 64 x 32. `HGMMA.64x128x16.F32 R24, gdesc[UR4], R24` reads both through its
 * descriptors; `HGMMA.64x128x16.F32 R24, R88, gdesc[UR4], R24` takes A from R88.. (wgmma's
 * register-A form).
 */
export function mmaOperandBytes(text: string): number {
  const n = mmaWidth(text);
  const sources = text.replace(/^\S+\s+/, "").split(",").map((o) => o.trim());
  const aFromShared = sources.length > 1 && sources[1].startsWith("gdesc");
  return 32 * (n + (aFromShared ? 64 : 0));
}

/** UBLKCP.G.S: global destination, shared source (a bulk store); UBLKCP.S.G is the copy into shared memory. */
export function isStoreDirection(text: string): boolean {
  return /\bUBLKCP\.G\.S\b/.test(text);
}
