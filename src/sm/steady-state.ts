/**
 * Steady-state fast-forward. Once every warp runs a loop whose trips repeat exactly, the whole
 * SM's state, read relative to the current cycle, recurs every P cycles: the same pcs, the same
 * pending results and busy pipes the same distance ahead, the same events queued the same
 * distance ahead, the same scheduler state. What happens in the next P cycles is then what
 * happened in the last P, shifted: every statistic grows by the same amount, every loop counter
 * by the same number of trips. So the SM can move m periods ahead at once, adding m times each
 * period's growth, and simulate on from there: the result is the one cycle-by-cycle simulation
 * gives, to the byte (test/fast-forward.test.ts runs every golden scenario both ways).
 *
 * It applies only while nothing happens that does not repeat: a global load or store with a
 * random latency, a bandwidth or an in-flight cap (MemorySystem.loadRepeats), a shared-memory
 * or atomic access, a warp arriving or leaving, a branch taken a fractional share of the time.
 * An inner loop may end within a period if it is at the same trip at both ends of it. The SM
 * counts those (`aperiodic`); any of them clears the snapshots. It is off when hooks observe
 * the run (traces see every cycle) and for the random scheduler.
 *
 * Each stateful component registers its fields once (SteadyStateRegistry) by how they recur:
 * `same` (equal), `readyAt` (a time the state waits for: compared as the distance ahead, any
 * past time alike), `happened` (when something last happened to a live entry: either it moved
 * on by exactly the period, or it did not change at all, a warp that waits the whole period;
 * unchanged ones must be older than every moved one, so that orders by these times, such as
 * oldest-block's, stay as they were), `total` (statistics: grow by the period's increase),
 * `trips` (loop counters: grow, bounded by each loop's trips). The snapshot and the move ahead
 * are steady-state-snapshot.ts's; a sampled run (`--sample`) hands its comparison points to
 * sampled-steady-state.ts instead, which skips loops that repeat only on average.
 */

import { HAPPENED, type SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { applySkip, captureSnapshot, hashNumbers, NOT_LIVE, sameNumbers, type Snapshot } from "./steady-state-snapshot.js";
import { SampledWindows, type SampleAccount } from "./sampled-steady-state.js";

/** Snapshots kept: a period of up to this many reference trips (times the stride) is found. */
const HISTORY = 128;
/** Misses after which snapshots are taken half as often. */
const BACKOFF = 8;
/** At most one snapshot per this many reference trips. */
const MAX_STRIDE = 1024;

export class SteadyState {
  /** The warp whose loop back-edges mark the points at which the state is compared (-1: none yet). */
  referenceWarp = -1;
  /** Set by the SM when the reference warp takes a loop back-edge; observed at the next cycle's start. */
  mark = false;
  /** Counts what does not repeat (see above); any change clears the snapshots. */
  aperiodic = 0;
  /** Cycles skipped so far (for tests and the bench). */
  skippedCycles = 0;

  /** Warps arrived and left: a sampled run measures only between two such events. */
  private membership = 0;
  private history: Snapshot[] = [];
  private seenAperiodic = -1;
  private marks = 0;
  private stride = 1;
  private misses = 0;

  /** With `sample`, the run is sampled (sampled-steady-state.ts): windows that recur on average are skipped too. */
  private readonly sampler: SampledWindows | undefined;

  /**
   * `sample` samples the run, its snapshots reading the warp-instructions issued (`work`) and
   * settling the warps' time first (`settle`); `exact: false` (--no-fast-forward with --sample)
   * leaves out the exact skips.
   */
  constructor(
    private readonly reg: SteadyStateRegistry,
    sample?: SampleAccount,
    work: () => number = () => 0,
    settle: (now: number) => void = () => {},
    private readonly exact = true,
  ) {
    this.sampler = sample === undefined ? undefined : new SampledWindows(reg, sample, work, settle);
  }

  /** A warp left the SM: that does not repeat, and it marks no more comparison points. */
  warpLeft(warp: number): void {
    this.aperiodic++;
    this.membership++;
    if (this.referenceWarp === warp) this.referenceWarp = -1;
  }

  /** A warp arrived on the SM: that does not repeat either. */
  warpArrived(): void {
    this.aperiodic++;
    this.membership++;
  }

  /**
   * At a marked cycle's start: compares the state with the recent snapshots; on a match, moves
   * the SM as many whole periods ahead as every loop allows without ending (and without passing
   * `maxCycles`), and returns the cycles skipped (0 if none).
   */
  observe(now: number, maxCycles: number): number {
    this.mark = false;
    const exact = this.exact ? this.observeExact(now, maxCycles) : 0;
    if (this.sampler === undefined) return exact;
    // A sampled run skips exactly where the state recurs exactly, and measures afresh after.
    if (exact > 0) {
      this.sampler.restart();
      return exact;
    }
    const sampled = this.sampler.observe(now, maxCycles, this.membership);
    this.skippedCycles += sampled;
    return sampled;
  }

  /** The exact fast-forward's comparison point (the observe above, without sampling). */
  private observeExact(now: number, maxCycles: number): number {
    if (this.aperiodic !== this.seenAperiodic) {
      this.seenAperiodic = this.aperiodic;
      this.history = [];
      this.marks = 0;
      return 0;
    }
    if (++this.marks % this.stride !== 0) return 0;
    // The exact comparison reads no work (only a sampled run's windows do).
    const snap = captureSnapshot(this.reg, now, 0);
    for (let j = this.history.length - 1; j >= 0; j--) {
      const old = this.history[j];
      if (old.hash !== snap.hash || !sameNumbers(old.shape, snap.shape)) continue;
      const skipped = this.skip(old, snap, now, maxCycles);
      if (skipped > 0) {
        this.history = [];
        this.skippedCycles += skipped;
        return skipped;
      }
    }
    this.history.push(snap);
    if (this.history.length > HISTORY) this.history.shift();
    // Compare less often while nothing recurs, so a run that never settles pays little (the
    // snapshots then span stride x HISTORY trips).
    if (++this.misses % BACKOFF === 0 && this.stride < MAX_STRIDE) this.stride *= 2;
    return 0;
  }

  /** Moves m periods ahead if the loops allow at least one; returns the cycles skipped. */
  private skip(old: Snapshot, snap: Snapshot, now: number, maxCycles: number): number {
    const period = snap.cycle - old.cycle;
    if (period <= 0) return 0;
    let m = Math.floor((maxCycles - now) / period) - 1;
    const counters = this.reg.tripCounters;
    let progress = false;
    for (let i = 0; i < snap.trips.length; i++) {
      const d = snap.trips[i] - old.trips[i];
      if (d === 0) continue;
      const trips = counters!.tripsOf(i);
      if (d < 0 || trips === 0 || snap.exits[i] !== old.exits[i]) return 0;
      progress = true;
      // Each skipped trip must be one the loop takes: the counter stays below trips - 1 with a period to spare.
      m = Math.min(m, Math.floor((trips - 1 - d - snap.trips[i]) / d));
    }
    if (!progress || m < 1) return 0;
    const moved = this.movedEntries(old, snap);
    if (moved === undefined) return 0;
    const growth = snap.totals.map((v, i) => v - old.totals[i]);
    // Sums of whole numbers stay exact when multiplied; anything else might not, so do not skip.
    if (!growth.every(Number.isInteger)) return 0;
    applySkip(this.reg, m, period, growth, moved, snap, old, now);
    return m * period;
  }

  /**
   * Which `happened` entries moved on by exactly the period (1) and which did not change (0);
   * undefined if any did something else, or an unchanged one is not older than every moved one
   * of its cell (in the old snapshot).
   */
  private movedEntries(old: Snapshot, snap: Snapshot): Uint8Array | undefined {
    const period = snap.cycle - old.cycle;
    const moved = new Uint8Array(snap.happened.length);
    let k = 0;
    for (const c of this.reg.arrays) {
      if (c.kind !== HAPPENED) continue;
      const n = c.length ? c.length() : c.array.length;
      let newestStale = -Infinity;
      let oldestMoved = Infinity;
      for (let i = 0; i < n; i++, k++) {
        const was = old.happened[k];
        const is = snap.happened[k];
        if (was === is) {
          if (is !== NOT_LIVE && is > newestStale) newestStale = is;
        } else if (was !== NOT_LIVE && is !== NOT_LIVE && is - was === period) {
          moved[k] = 1;
          if (was < oldestMoved) oldestMoved = was;
        } else {
          return undefined;
        }
      }
      if (newestStale >= oldestMoved) return undefined;
    }
    return moved;
  }
}
