import { StoreMerge } from "./store-merge.js";
import type { ArchSpec } from "../../arch/arch-spec.js";
import { BurstShare } from "./burst-share.js";
import { SECTOR_BYTES, SECTORS_PER_LINE } from "./coalescer.js";
import { L1_MISS, L1Cache } from "./l1-cache.js";
import { L2_FAR, L2_MISS, L2View } from "./l2-view.js";
import { LatencyModel } from "./latency-model.js";
import { LevelPath } from "./level-path.js";
import { LineAtomics } from "./line-atomics.js";
import { MemoryCounters } from "./memory-counters.js";

/** What the address-driven memory model needs from the run (src/exec/ builds it from the kernel's arguments). */
export interface AddressedMemorySetup {
  /** The L1 the launch's carveout leaves, in bytes (carveout.ts). */
  readonly l1Bytes: number;
  /** Per kernel instruction: the share of sectors it is the SM's first to read that miss in the L2 (l2-view.ts). */
  readonly l2MissShare: Float64Array;
  /** Share of stored bytes written back to DRAM during the run (what of the grid's footprint the L2 cannot hold). */
  readonly writeBackShare: number;
  /**
   * Bytes of data the L2 keeps for reads when the grid's footprint does not fit it (half its
   * size: both partitions keep a line that is read, l2-sharing.ts); absent, everything stays.
   */
  readonly l2RetainBytes?: number;
  /** Blocks in the grid: with fewer than the GPU's SMs, the other SMs are idle (their share of the L2's store rate free). Absent: every SM has work. */
  readonly gridBlocks?: number;
  /** Per kernel instruction: how much slower the L2 serves its loads' missed lines and takes its stores, on few lines (hot-lines.ts). Absent: 1. */
  readonly l2LoadFactor?: Float64Array;
  readonly l2StoreFactor?: Float64Array;
}

/**
 * Global memory from each access's sectors (the coalescer's output): the SM's L1 (hits, hits on
 * a fill in flight, misses), the L2 as seen from a full GPU (l2-view.ts) and DRAM, each
 * level's bandwidth and, for DRAM, contention (level-path.ts). A load's data arrives when its
 * slowest sector does. Stores write through to the L2 (which allocates without a fetch, and
 * writes DRAM's fills at the stores' rate) and are written back to DRAM once per sector.
 * Latencies are the architecture's, unloaded, with the same exponential tails as
 * `memory.level` (docs/memory.md).
 */
export class AddressedMemory {
  readonly counters = new MemoryCounters();
  private readonly l1: L1Cache;
  private readonly l2: L2View;
  private readonly l2Path: LevelPath;
  /** Bytes of the L2 path's rate a missed line takes at least (ArchSpec l2RequestCycles). */
  private readonly l2RequestBytes: number;
  /** Bytes of the L2's write rate a line written in part takes beyond its sectors (ArchSpec l2PartialLineCycles). */
  private readonly partialLineBytes: number;
  /** Write-backs of the stores' dirty lines to DRAM, which hold the stores when the L2 cannot keep them. */
  private readonly writeBackPath: LevelPath | BurstShare | undefined;
  /** The L2's rate for TMA and bulk copies (ArchSpec.asyncUnits), when the architecture has them. */
  private readonly copyPath: LevelPath;
  private readonly l2WritePath: LevelPath | BurstShare | undefined;
  private readonly atomicUnits: LineAtomics | undefined;
  private readonly l2MissShare: Float64Array;
  private readonly l2LoadFactor: Float64Array | undefined;
  private readonly l2StoreFactor: Float64Array | undefined;
  private readonly smCount: number;
  private readonly dramPath: LevelPath;
  private readonly l2Latency: LatencyModel;
  private readonly dramLatency: LatencyModel;
  private readonly l1HitCycles: number;
  /** Cycles a hit in the far L2 partition takes beyond a near one. */
  private readonly farExtraCycles: number;
  /** Of the bytes stored, the share written back to DRAM during the run (AddressedMemorySetup). */
  readonly writeBackShare: number;
  private readonly l2RetainBytes: number;
  private readonly storeMerge: StoreMerge;
  /** Per sector of the access in hand: 0 an L1 hit, 1 the near L2, 2 DRAM, 3 the far L2. */
  private servedBy = new Uint8Array(64);

  constructor(arch: ArchSpec, setup: AddressedMemorySetup, seed: string) {
    const { memoryLevels: lv, memoryBandwidth: bw } = arch;
    this.l1 = new L1Cache(setup.l1Bytes);
    this.l2 = new L2View(setup.l2MissShare, seed);
    // Each level's share is a long-run rate: a burst of one latency's worth passes (level-path.ts).
    // With fewer SMs at work than the GPU has, each gets more of the L2's total, up to its own
    // port; on hot lines the total is slower, the port not (hot-lines.ts).
    const busy = Math.min(arch.smCount, setup.gridBlocks ?? arch.smCount);
    const total = bw.l2BytesPerCycle * arch.smCount;
    const port = bw.smL2ReadBytesPerCycle ?? bw.l2BytesPerCycle;
    const readRate = Math.min(port, total / busy);
    this.l2Path = new LevelPath(readRate, 0, Infinity, true, lv.l2HitCycles);
    // A hot instruction's lines draw on a total f times slower, but never below what the port
    // allows: as a factor on the path's rate, readRate over the rate left to them.
    this.l2LoadFactor = setup.l2LoadFactor?.map((f) => readRate / Math.min(port, total / busy / f));
    this.l2RequestBytes = (bw.l2RequestCycles ?? 0) * bw.l2BytesPerCycle;
    this.partialLineBytes = (bw.l2PartialLineCycles ?? 0) * (bw.l2WriteBytesPerCycle ?? 0);
    // Copies queue for the share with no such burst: every SM streaming 16 KiB copies two or
    // more at a time waits as long as the bytes in flight take at the share (validation/async/
    // copy_probe.cu: 800 cycles at two in flight, 1,675 at four, 2,516 at six; docs/async.md).
    this.copyPath = arch.asyncUnits === undefined ? this.l2Path : new LevelPath(arch.asyncUnits.copyL2BytesPerCycle, 0, Infinity, true, 0);
    this.atomicUnits = bw.l2Atomics === undefined ? undefined : new LineAtomics(bw.l2Atomics, lv.l2HitCycles);
    this.l2MissShare = setup.l2MissShare;
    this.l2StoreFactor = setup.l2StoreFactor;
    this.smCount = arch.smCount;
    // Stores: the share when every SM stores, up to the SM's own port when the others store less
    // (burst-share.ts); the write-backs of a stream the L2 cannot keep at DRAM's peak, alike.
    const shared = (rate: number) => (bw.smStoreBytesPerCycle === undefined ? new LevelPath(rate, 0, Infinity, true, lv.l2HitCycles) : new BurstShare(rate, bw.smStoreBytesPerCycle, arch.smCount, busy));
    this.l2WritePath = bw.l2WriteBytesPerCycle === undefined ? undefined : shared(bw.l2WriteBytesPerCycle);
    this.writeBackPath = bw.l2WriteBytesPerCycle === undefined ? undefined : shared(bw.dramPeakBytesPerCycle ?? bw.dramBytesPerCycle);
    this.dramPath = new LevelPath(bw.dramBytesPerCycle, bw.dramContentionCycles, bw.dramPeakBytesPerCycle ?? bw.dramBytesPerCycle, true, lv.dramCycles);
    this.l2Latency = new LatencyModel({ kind: "exponential", min: lv.l2HitCycles - lv.l2TailCycles, mean: lv.l2HitCycles }, arch, `${seed}:l2`);
    this.dramLatency = new LatencyModel({ kind: "exponential", min: lv.dramCycles - lv.dramTailCycles, mean: lv.dramCycles }, arch, `${seed}:dram`);
    this.l1HitCycles = lv.l1HitCycles;
    this.farExtraCycles = (lv.l2FarHitCycles ?? lv.l2HitCycles) - lv.l2HitCycles;
    this.writeBackShare = setup.writeBackShare;
    this.l2RetainBytes = setup.l2RetainBytes ?? Infinity;
    this.storeMerge = new StoreMerge(arch.maxWarpsPerSm);
  }

  /**
   * How long the L2 keeps a sector this SM touched at `now`: the time the GPU (every SM missing
   * at this SM's rate so far) takes to bring in l2RetainBytes of other data. Forever when
   * everything fits, or before the first miss.
   */
  private retainCycles(now: number): number {
    const missed = this.counters.dramReadBytes;
    if (this.l2RetainBytes === Infinity || missed === 0) return Infinity;
    return (this.l2RetainBytes * Math.max(now, 1)) / (this.smCount * missed);
  }

  /**
   * A load issued at `now` by kernel instruction `instruction`, touching sectors[from..to):
   * the cycle its data arrives (before the result delay). `bypassL1`: the access neither hits
   * in nor fills the L1 (cp.async .BYPASS, .STRONG.GPU). `copy`: a TMA or bulk copy, which
   * draws on the L2 at the copies' rate. `hitDelay`: the cycles the access's passes through the
   * L1 add to the latency of its hits on data already there (l1-passes.ts delayOf); misses, and
   * hits on fills in flight, get their data by the fill path.
   */
  load(now: number, instruction: number, sectors: Float64Array, from: number, to: number, bypassL1 = false, local = false, copy = false, hitDelay = 0): number {
    const c = this.counters;
    const hitsBefore = c.loadSectorHits;
    if (local) {
      c.localLoadRequests++;
      c.localLoadSectors += to - from;
    } else if (copy) {
      c.copyRequests++;
      c.copySectors += to - from;
    } else {
      c.loadRequests++;
      c.loadSectors += to - from;
    }
    // A TMA or bulk copy touches hundreds of sectors: the scratch grows to the largest access (rarely).
    if (to - from > this.servedBy.length) this.servedBy = new Uint8Array(to - from);
    let ready = now + this.l1HitCycles;
    let l2Sectors = 0;
    let dramSectors = 0;
    let farSectors = 0;
    const retain = this.retainCycles(now);
    // First pass: L1 hits (including fills in flight), and where each miss is served.
    for (let k = from; k < to; k++) {
      const at = bypassL1 ? L1_MISS : this.l1.lookup(sectors[k]);
      if (at !== L1_MISS) {
        c.loadSectorHits++;
        if (at <= now && now + this.l1HitCycles + hitDelay > ready) ready = now + this.l1HitCycles + hitDelay;
        if (at > ready) ready = at;
        this.servedBy[k - from] = 0;
        continue;
      }
      l2Sectors++;
      const at2 = this.l2.read(sectors[k], instruction, now, retain);
      if (at2 === L2_MISS) dramSectors++;
      else if (at2 === L2_FAR) farSectors++;
      this.servedBy[k - from] = at2 === L2_MISS ? 2 : at2 === L2_FAR ? 3 : 1;
    }
    if (local) {
      // Counted apart: move this access's L1 hits from the global count to the local one.
      c.localLoadSectorHits += c.loadSectorHits - hitsBefore;
      c.loadSectorHits = hitsBefore;
    }
    if (l2Sectors === 0) return Math.ceil(ready);
    c.l2ReadSectors += l2Sectors;
    c.l2ReadHits += l2Sectors - dramSectors;
    // The misses travel together: one L2 latency, the L2 path's queue for their bytes, and for
    // those that miss there too DRAM's latency, queue and contention.
    // A plain load's missed lines go as a request each, which costs the path more than a
    // scattered line's bytes (l2RequestCycles); copies move whole boxes at their own rate.
    // On few lines every SM aims at, each line's request costs the L2 more (hot-lines.ts).
    // Local memory is the thread's own: never hot.
    const hot = local || this.l2LoadFactor === undefined ? 1 : this.l2LoadFactor[instruction];
    const lineBytes = copy || this.l2RequestBytes === 0 ? 0 : this.missedLines(sectors, from, to) * this.l2RequestBytes * hot;
    const l2Bytes = Math.max(l2Sectors * SECTOR_BYTES, lineBytes);
    const l2Wait = (copy ? this.copyPath : this.l2Path).serve(now, l2Bytes);
    const l2At = now + this.l2Latency.next() + l2Wait;
    const farAt = l2At + this.farExtraCycles;
    let dramAt = l2At;
    if (dramSectors > 0) {
      c.dramReadBytes += dramSectors * SECTOR_BYTES;
      dramAt = now + this.dramLatency.next() + l2Wait + this.dramPath.serve(now, dramSectors * SECTOR_BYTES);
      // The sectors DRAM brings are written into the L2 as stores are, at the rate both share:
      // they take their part of it from the stores (DRAM's own rate, below that, times them).
      if (this.l2WritePath !== undefined) this.l2WritePath.serve(now, dramSectors * SECTOR_BYTES);
    }
    // Second pass: each miss is present from now on, its data there when its level delivers it.
    for (let k = from; k < to; k++) {
      const by = this.servedBy[k - from];
      if (by !== 0 && !bypassL1) this.l1.fill(sectors[k], by === 1 ? l2At : by === 3 ? farAt : dramAt);
    }
    return Math.ceil(Math.max(ready, dramSectors > 0 ? dramAt : farSectors > 0 ? farAt : l2At));
  }

  /** The distinct lines among the access's sectors that missed in the L1 (servedBy non-zero). */
  private missedLines(sectors: Float64Array, from: number, to: number): number {
    let n = 0;
    for (let k = from; k < to; k++) {
      if (this.servedBy[k - from] === 0) continue;
      const line = Math.floor(sectors[k] / SECTORS_PER_LINE);
      let seen = false;
      for (let j = from; j < k && !seen; j++) seen = this.servedBy[j - from] !== 0 && Math.floor(sectors[j] / SECTORS_PER_LINE) === line;
      if (!seen) n++;
    }
    return n;
  }

  /**
   * A prefetch into the L2 (`CCTL.E.PF2`, PTX `prefetch.global.L2`) issued at `now`: its sectors
   * are brought into the L2, the DRAM path carrying those that miss, and nothing waits for them;
   * a later load of them finds them there (L2View has them as touched).
   */
  prefetchL2(now: number, instruction: number, sectors: Float64Array, from: number, to: number): void {
    const retain = this.retainCycles(now);
    let dramSectors = 0;
    for (let k = from; k < to; k++) if (this.l2.read(sectors[k], instruction, now, retain) === L2_MISS) dramSectors++;
    if (dramSectors === 0) return;
    this.counters.dramReadBytes += dramSectors * SECTOR_BYTES;
    this.dramPath.serve(now, dramSectors * SECTOR_BYTES);
  }

  /**
   * When the L2's atomic units take a global atomic of kernel instruction `instruction` that
   * reaches them at `now` (line-atomics.ts), its hot lines shared among the SMs that update them
   * (the blocks that touch its sectors, at most every SM: 1 / the instruction's miss share,
   * l2-sharing.ts). Without the architecture's rate: `now`.
   */
  lineAtomics(now: number, instruction: number, sectors: Float64Array, from: number, to: number, rounds: number): number {
    if (this.atomicUnits === undefined) return now;
    const sharers = Math.min(this.smCount, 1 / Math.max(this.l2MissShare[instruction], 1 / this.smCount));
    return Math.ceil(this.atomicUnits.access(now, instruction, sectors, from, to, rounds, sharers));
  }

  /**
   * A global atomic issued at `now` touching sectors[from..to): atomics are performed at the L2
   * (the L1 neither serves nor keeps them), so the result returns after the L2's latency and
   * the path's queue for the access's sectors.
   */
  atomic(now: number, sectors: Float64Array, from: number, to: number): number {
    for (let k = from; k < to; k++) this.l2.write(sectors[k], now);
    return Math.ceil(now + this.l2Latency.next() + this.l2Path.serve(now, (to - from) * SECTOR_BYTES));
  }

  /**
   * A store issued at `now` touching sectors[from..to): through to the L2, which takes the
   * SM's stores at l2WriteBytesPerCycle (the cycles it waits for that are returned: its
   * completion, which the warp's exit waits for, is that much later) and allocates the sectors;
   * of those this SM writes for the first time, writeBackShare is written back to DRAM during
   * the run (taking its bandwidth), the rest stays dirty in the L2 when the kernel ends.
   */
  store(now: number, sectors: Float64Array, from: number, to: number, warp = 0, issuedAt = now, partialLines = 0, local = false, instruction = -1): number {
    const c = this.counters;
    if (local) {
      c.localStoreRequests++;
      c.localStoreSectors += to - from;
    } else {
      c.storeRequests++;
      c.storeSectors += to - from;
    }
    c.storePartialLines += partialLines;
    // A warp's next store into the sectors its queued store carries merges with it (store-merge.ts).
    const sent = this.storeMerge.newSectors(warp, issuedAt, sectors, from, to);
    // A line written in part costs the L2 more than its sectors' bytes (l2PartialLineCycles);
    // sectors merged into a queued store cost nothing more.
    const partial = sent === 0 ? 0 : (partialLines * this.partialLineBytes * sent) / (to - from);
    // On few lines every SM aims at, the L2 takes them slower (hot-lines.ts).
    const slower = instruction >= 0 && !local && this.l2StoreFactor !== undefined ? this.l2StoreFactor[instruction] : 1;
    const wait = this.l2WritePath === undefined ? 0 : this.l2WritePath.serve(now, sent * SECTOR_BYTES + partial, slower);
    this.storeMerge.queued(warp, now + wait);
    let fresh = 0;
    for (let k = from; k < to; k++) if (this.l2.write(sectors[k], now)) fresh++;
    if (fresh === 0 || this.writeBackShare === 0) return wait;
    const bytes = fresh * SECTOR_BYTES * this.writeBackShare;
    c.dramWriteBytes += bytes;
    this.dramPath.serve(now, bytes);
    // The L2 takes new dirty lines no faster than it writes others back to DRAM, at DRAM's peak
    // when every SM does (the store rewrite probe's 128 MiB of new lines: 17.0-17.6 bytes per SM
    // cycle, 14.6 of them written back, against 18.1-19.6 for 16 MiB the L2 keeps).
    return this.writeBackPath === undefined ? wait : Math.max(wait, this.writeBackPath.serve(now, bytes));
  }
}
