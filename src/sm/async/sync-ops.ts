/**
 * What a warp's path records of the asynchronous Hopper machinery (docs/async.md), for the
 * model to time: each operation on an mbarrier (an object of 8 bytes in the block's shared
 * memory) and each asynchronous copy that completes one. The executor (src/exec/async-ops.ts)
 * reads the operands: the mbarrier's shared-memory address, the arrival count an init sets,
 * the bytes an arrive expects, the phase parity a wait checks, the bytes a copy brings.
 */

/** SYNCS.EXCH.64 (mbarrier.init): value = the arrivals each phase needs. */
export const SYNC_INIT = 1;
/** SYNCS.ARRIVE.TRANS64 (mbarrier.arrive[.expect_tx]): one arrival, value = bytes it adds to the phase's expected transaction count (0 for a plain arrive). */
export const SYNC_ARRIVE = 2;
/** An expect_tx without an arrival (SYNCS.ARRIVE.TRANS64.A0T1-like forms): value = bytes. */
export const SYNC_EXPECT_TX = 3;
/** SYNCS.PHASECHK.TRANS64[.TRYWAIT] (mbarrier.try_wait.parity): value = the parity waited for. */
export const SYNC_WAIT = 4;
/** UTMALDG / UBLKCP: a copy into shared memory that completes `value` bytes of the mbarrier's transaction count when it lands. */
export const SYNC_COPY = 5;

/** UTMASTG / UBLKCP.G.S: a bulk store from shared memory of `value` bytes to global memory at `address`. */
export const SYNC_STORE = 8;

/** USETMAXREG.TRY_ALLOC (setmaxnreg.inc): value = registers per thread the warp asks for; it waits until the block's pool has them. */
export const SYNC_REG_ALLOC = 6;
/** USETMAXREG.DEALLOC (setmaxnreg.dec): value = registers per thread the warp keeps; the rest go back to the block's pool. */
export const SYNC_REG_DEALLOC = 7;

/** A warp's mbarrier operations and copies in issue order (issue numbers 1-based, as PathAccesses). */
export interface PathSyncs {
  readonly at: Float64Array;
  readonly op: Uint8Array;
  /** The mbarrier's shared-memory address (per block). */
  readonly address: Float64Array;
  readonly value: Float64Array;
}
