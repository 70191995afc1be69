import type { PathSyncs } from "./async/sync-ops.js";
import type { AddressedMemorySetup } from "./memory/addressed-memory.js";

/**
 * Each warp's own path through the program, when the kernel's arithmetic was run (src/exec/,
 * docs/execution.md): the warp issues what it executed, in order. A path lists only the issues
 * whose instruction does not follow the one before (a branch taken, a group of lanes resumed
 * after a split), as the issue number and the pc; every other issue is the next pc. The last
 * issue is the warp's EXIT. Branches then take their direction, divergence its order, and
 * loops their trips from the path instead of declared trips and shares.
 */
export interface WarpPath {
  readonly jumpAt: Float64Array;
  readonly jumpTo: Int32Array;
  /** Issues in all (the last is the warp's exit). */
  readonly total: number;
  /**
   * The warp's global, local and shared-memory accesses in issue order: access i was issue
   * at[i] (1-based) by kernel instruction instruction[i] and touched sectors[start[i]..start[i +
   * 1]); kind[i] says how (ACCESS_*: addresses unknown, through the L1, past it, shared, local).
   */
  readonly accesses?: PathAccesses;
  /** Its mbarrier operations and asynchronous copies (async/sync-ops.ts), when it made any. */
  readonly syncs?: PathSyncs;
  /**
   * Issues (1-based, ascending) of a BAR whose guard held for none of the warp's lanes
   * (`@P1 BAR.SYNC 0x2, 0x80` where P1 is false): it issues, but neither arrives nor waits.
   */
  readonly barrierSkips?: Float64Array;
}

/** PathAccesses.kind: addresses unknown (loaded data), through the L1, or past it. */
export const ACCESS_UNKNOWN = 0;
export const ACCESS_CACHED = 1;
export const ACCESS_BYPASS_L1 = 2;
/** A shared-memory access: its wavefronts from its lanes' addresses, no sectors. */
export const ACCESS_SHARED = 3;
/** A local-memory access (LDL, STL): cached like a global one, counted apart (ncu's global counters leave it out). */
export const ACCESS_LOCAL = 4;
/** A register-indexed constant load (LDC R0, c[0x3][R8]): its passes are the distinct words its lanes ask for. */
export const ACCESS_CONSTANT = 5;

export interface PathAccesses {
  readonly at: Float64Array;
  readonly instruction: Int32Array;
  readonly kind: Uint8Array;
  readonly start: Int32Array;
  readonly sectors: Float64Array;
  /**
   * What the access takes of its unit, in passes: for ACCESS_SHARED the wavefronts of the
   * shared-memory pipe; for a global atomic its rounds at the L2 (coalescer.ts atomicRounds);
   * for a global load or store its cycles of the L1's pipe (l1-passes.ts); for ACCESS_CONSTANT
   * the distinct words; else 0.
   */
  readonly passes: Uint16Array;
  /** For a global load: the cycles its passes add to its latency (l1-passes.ts delayOf); else 0. */
  readonly delay: Uint16Array;
  /** For a global or local store: the lines it writes in part (coalescer.ts partialLines); else 0. */
  readonly partialLines: Uint8Array;
}

/** Where paths come from: warp `warpInBlock` of the SM's `block`-th block (0-based, in admission order). */
export interface WarpPathSource {
  pathOf(block: number, warpInBlock: number): WarpPath;
  /** With the accesses' sectors: the address-driven memory model's setup (memory/addressed-memory.ts). */
  readonly memory?: AddressedMemorySetup;
}

/** The paths of the warps resident on the SM, by warp slot, and where each warp is along its own. */
export class WarpPaths {
  private readonly paths: (WarpPath | undefined)[];
  private readonly issued: Float64Array;
  private readonly cursor: Int32Array;
  private readonly accessCursor: Int32Array;
  private readonly syncCursor: Int32Array;
  private readonly skipCursor: Int32Array;
  /** Set by `advance`: the pc the warp goes to after its current issue. */
  readonly nextPc: Int32Array;

  constructor(
    warpSlots: number,
    private readonly source: WarpPathSource,
  ) {
    this.paths = new Array<WarpPath | undefined>(warpSlots).fill(undefined);
    this.issued = new Float64Array(warpSlots);
    this.cursor = new Int32Array(warpSlots);
    this.accessCursor = new Int32Array(warpSlots);
    this.syncCursor = new Int32Array(warpSlots);
    this.skipCursor = new Int32Array(warpSlots);
    this.nextPc = new Int32Array(warpSlots);
  }

  /** A new warp in `warp`'s slot: its path, from the start. */
  load(warp: number, block: number, warpInBlock: number): void {
    const path = this.source.pathOf(block, warpInBlock);
    this.paths[warp] = path;
    this.issued[warp] = 0;
    this.cursor[warp] = 0; // issue 0 is pc 0: a path's first jump is at issue 1 or later
    this.accessCursor[warp] = 0;
    this.syncCursor[warp] = 0;
    this.skipCursor[warp] = 0;
  }

  /**
   * The access the warp's latest issue (advance) made, as an index into accessesOf(warp), or -1
   * when that issue made none the path recorded.
   */
  access(warp: number): number {
    return this.recordOfLatestIssue(this.paths[warp]!.accesses?.at, this.accessCursor, warp);
  }

  /**
   * The mbarrier operation or copy the warp's latest issue made, as an index into
   * syncsOf(warp), or -1 when it made none.
   */
  sync(warp: number): number {
    return this.recordOfLatestIssue(this.paths[warp]!.syncs?.at, this.syncCursor, warp);
  }

  /** Whether the warp's latest issue is a BAR its guard turned off for every lane (WarpPath.barrierSkips). */
  skipsBarrier(warp: number): boolean {
    return this.recordOfLatestIssue(this.paths[warp]!.barrierSkips, this.skipCursor, warp) >= 0;
  }

  /**
   * The index of the record of the warp's latest issue in a list of records by issue number
   * (`at`, ascending), moving the warp's cursor past it; -1 when that issue has none. Records of
   * issues that did not ask for theirs (an instruction the model does not time from them) are passed.
   */
  private recordOfLatestIssue(at: Float64Array | undefined, cursor: Int32Array, warp: number): number {
    if (at === undefined) return -1;
    const k = this.issued[warp];
    let i = cursor[warp];
    while (i < at.length && at[i] < k) i++;
    cursor[warp] = i;
    if (i >= at.length || at[i] !== k) return -1;
    cursor[warp] = i + 1;
    return i;
  }

  syncsOf(warp: number): PathSyncs {
    return this.paths[warp]!.syncs!;
  }

  accessesOf(warp: number): PathAccesses {
    return this.paths[warp]!.accesses!;
  }

  /**
   * The warp issues the instruction at `pc`: sets nextPc[warp] to where it goes next, and
   * returns true when this was its last issue (it leaves).
   */
  advance(warp: number, pc: number): boolean {
    const path = this.paths[warp]!;
    const k = ++this.issued[warp];
    const c = this.cursor[warp];
    if (c < path.jumpAt.length && path.jumpAt[c] === k) {
      this.nextPc[warp] = path.jumpTo[c];
      this.cursor[warp] = c + 1;
    } else {
      this.nextPc[warp] = pc + 1;
    }
    return k >= path.total;
  }
}
