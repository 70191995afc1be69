import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { applySkip, captureSnapshot, NOT_LIVE, type Snapshot } from "./steady-state-snapshot.js";

/**
 * Sampled runs (`--sample 1%`; docs/sampling.md). The exact fast-forward (steady-state.ts) waits
 * for the SM's state to recur to the byte, which random load latencies and queues for bandwidth
 * never allow. A sampled run measures instead: between two changes of the resident warps it
 * simulates every cycle, takes the SM's cycles per issued instruction over windows of the
 * reference warp's trips (ratio estimator, batch means: 10 or more windows, pairs merged into
 * longer ones as they accrue), and once that rate is known to the asked precision (its 95%
 * interval) it moves the SM ahead with the fast-forward's machinery: times waited for shifted,
 * statistics grown by the windows' increase scaled to the work skipped, and each warp's loop
 * counter by the trips it would have run (planSampledSkip). Every warp keeps trips of its loop to
 * run exactly, so the warps' ends, the part a rate cannot give, are simulated.
 *
 * What it states: the interval on the run's cycles adds the rate's error over the skipped cycles
 * and the spread of where the warps' ends land (their noise over the skip and the error of each
 * warp's own rate). Checked against exact runs of every validate family and the bundled
 * scenarios (bench/sampled.mjs, test/sampled-runs.test.ts): the exact cycles lie inside it in
 * at least 95% of runs. Instruction counts move by rounding only (well under 0.1%).
 */

/** Windows measured before a skip may be considered; pairs are merged past twice this. */
export const MIN_WINDOWS = 10;
/** Reference-warp trips in a window at first (doubled as windows merge). */
export const SAMPLED_FIRST_STRIDE = 4;

/** t(0.975, k) for k = 1..30 degrees of freedom; 1.96 beyond. */
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

export function t975(degrees: number): number {
  return degrees <= 0 ? Infinity : degrees <= T975.length ? T975[degrees - 1] : 1.96;
}

/**
 * Cycles per unit of work (warp-instructions issued) over windows of `cycles[j]` cycles that
 * issued `work[j]`: the ratio R = sum(cycles) / sum(work), and the 95% half-width of R relative
 * to it, by batch means of the ratio estimator (the windows' residuals cycles - R x work). The
 * SM's work per window varies far less than one warp's trip time, so a few windows suffice.
 * Windows that follow each other are not independent (a slow window's loads spill into the
 * next): the half-width is widened by sqrt((1 + rho) / (1 - rho)) for the residuals' lag-1
 * correlation rho (taken as 0 if negative, at most 0.9), as for an AR(1) series.
 */
export function ratioInterval(cycles: readonly number[], work: readonly number[]): { ratio: number; relativeHalf: number } {
  const n = cycles.length;
  const sumC = cycles.reduce((a, b) => a + b, 0);
  const sumW = work.reduce((a, b) => a + b, 0);
  if (n < 2 || sumW <= 0 || sumC <= 0) return { ratio: sumW > 0 ? sumC / sumW : 0, relativeHalf: Infinity };
  const ratio = sumC / sumW;
  const r = cycles.map((c, j) => c - ratio * work[j]);
  const squares = r.reduce((a, x) => a + x * x, 0);
  const lagged = r.slice(1).reduce((a, x, j) => a + x * r[j], 0);
  const rho = squares > 0 ? Math.min(0.9, Math.max(0, lagged / squares)) : 0;
  const meanC = sumC / n;
  const half = (t975(n - 1) * Math.sqrt(squares / (n - 1))) / (Math.sqrt(n) * meanC);
  return { ratio, relativeHalf: half * Math.sqrt((1 + rho) / (1 - rho)) };
}

/** What a sampled run reports: how much it simulated and how sure its skipped cycles are. */
export interface SampleAccount {
  /** The tolerance asked (0.01 for --sample 1%). */
  readonly tolerance: number;
  /** Cycles skipped by extrapolation (the exact fast-forward's skips not included). */
  skippedCycles: number;
  /** Half-width of the 95% interval on the skipped cycles, summed over skips. */
  halfWidth: number;
  /** Skips made. */
  skips: number;
  /** Why the run could not be sampled (it then ran exactly), if it could not. */
  refused?: string;
  /** A seeded uniform draw in [0, 1): the warps' noise over a skip (the run's seed decides it). */
  readonly random: () => number;
}

/**
 * A sampled run's measurement (owned by SteadyState when the run is sampled): the windows
 * between comparison points since warps last arrived or left, and the skip once they agree.
 */
export class SampledWindows {
  private seenMembership = -1;
  private baseline: Snapshot | undefined;
  private history: Snapshot[] = [];
  private marks = 0;
  private stride = SAMPLED_FIRST_STRIDE;

  constructor(
    private readonly reg: SteadyStateRegistry,
    private readonly sample: SampleAccount,
    private readonly work: () => number,
    /** Books the warps' time up to a cycle (StateAccounting.settle), so that snapshots' totals are whole. */
    private readonly settle: (now: number) => void,
  ) {}

  /** The SM moved ahead exactly (steady-state.ts): measure from the next comparison point on. */
  restart(): void {
    this.seenMembership = -1;
  }

  private snapshot(now: number): Snapshot {
    this.settle(now);
    return captureSnapshot(this.reg, now, this.work());
  }

  /**
   * A sampled run's comparison point: a snapshot every `stride` reference trips; once the SM's
   * cycles per issued instruction over the windows between them is known to the precision asked,
   * the SM moves ahead as planSampledSkip says. Returns the cycles skipped (0 if none).
   */
  observe(now: number, maxCycles: number, membership: number): number {
    const { sample } = this;
    if (membership !== this.seenMembership) {
      this.seenMembership = membership;
      // The warps' drift apart is measured from here, where they last arrived or left.
      this.baseline = this.snapshot(now);
      this.history = [];
      this.marks = 0;
      // Windows of several trips: one trip's time is correlated with the next (a load's latency
      // delays both), and batch means need windows that are nearly independent.
      this.stride = SAMPLED_FIRST_STRIDE;
      return 0;
    }
    // The first windows after warps arrive or leave are their transient: not measured.
    if (++this.marks <= MIN_WINDOWS || this.marks % this.stride !== 0) return 0;
    this.history.push(this.snapshot(now));
    // Twice the windows needed: merge pairs into windows twice as long (less correlated).
    if (this.history.length > 2 * MIN_WINDOWS + 1) {
      const last = this.history.length - 1;
      this.history = this.history.filter((_, i) => (last - i) % 2 === 0);
      this.stride *= 2;
    }
    if (this.history.length < MIN_WINDOWS + 1) return 0;
    const cycles = this.history.slice(1).map((snap, i) => snap.cycle - this.history[i].cycle);
    const work = this.history.slice(1).map((snap, i) => snap.work - this.history[i].work);
    const { relativeHalf } = ratioInterval(cycles, work);
    if (!(relativeHalf <= sample.tolerance)) return 0;
    const skip = this.skipSampled(now, maxCycles);
    if (skip === undefined) return 0;
    this.history = [];
    this.marks = 0;
    sample.skippedCycles += skip.delta;
    // The rate's error over the skipped cycles and the end's spread, added (not in quadrature:
    // the rate also drifts as the warps spread, so the two are not independent).
    sample.halfWidth += skip.delta * relativeHalf + skip.tailHalf;
    sample.skips++;
    return skip.delta;
  }

  /** Moves the SM ahead as planSampledSkip says, from the measured windows; returns the skip, if any. */
  private skipSampled(now: number, maxCycles: number): SampledSkip | undefined {
    const counters = this.reg.tripCounters;
    if (counters === undefined) return undefined;
    const plan = planSampledSkip(this.history, this.baseline ?? this.history[0], counters, now, maxCycles, this.sample.random);
    if (plan === undefined) return undefined;
    const old = this.history[0];
    const snap = this.history[this.history.length - 1];
    const growth = snap.totals.map((v, i) => Math.round((v - old.totals[i]) * plan.scale));
    const moved = new Uint8Array(snap.happened.length);
    for (let j = 0; j < moved.length; j++) moved[j] = snap.happened[j] !== old.happened[j] && snap.happened[j] !== NOT_LIVE && old.happened[j] !== NOT_LIVE ? 1 : 0;
    applySkip(this.reg, 1, plan.delta, growth, moved, snap, old, now, plan.trips, plan.exits);
    return plan;
  }
}

/** What planSampledSkip reads of a snapshot. */
export interface SampledSnapshot {
  readonly cycle: number;
  readonly trips: Float64Array;
  readonly exits: Float64Array;
}

export interface TripCounters {
  readonly array: Float64Array;
  readonly tripsOf: (i: number) => number;
  readonly slots: number;
}

/** A skip: the cycles, the statistics' scale (skipped work over the span's), and each counter's trips and ends to add. */
export interface SampledSkip {
  readonly delta: number;
  /**
   * 95% half-width, in cycles, of where the run's end lands because of the warps' spread: their
   * noise over the skip (the exact run's and this draw's, independent: twice its variance) and
   * the error of each warp's persistent rate, measured over `long` cycles and carried over T.
   */
  readonly tailHalf: number;
  readonly scale: number;
  readonly trips: Float64Array;
  readonly exits: Float64Array;
}

/**
 * How far to move ahead, from the windows between the snapshots `history` (oldest first). The
 * main loop is the loop slot whose counters advanced most in whole trips. Each warp's rate on it
 * is split into the part that persists and noise: per warp, mu_i (trips per cycle over the span)
 * and the noise variance per cycle sigma^2 (the windows' scatter around mu_i); across warps the
 * persistent variance is what var(mu_i) exceeds sigma^2 / span by. Over a skip of T cycles each
 * warp advances by its expected trips, mean + (mu_i - mean) x lambda x T, with lambda chosen so
 * that the warps' spread grows as it would have (persistent x T^2 + sigma^2 x T): multiplying
 * the span's differences by T / span (noise amplified, tails too long) and advancing all warps
 * alike (drift erased, tails too short) both got the run's end wrong (bench/RESULTS.md).
 * Every warp keeps two spans' trips of its main loop to be simulated exactly.
 */
export function planSampledSkip(history: readonly SampledSnapshot[], baseline: SampledSnapshot, counters: TripCounters, now: number, maxCycles: number, random: () => number): SampledSkip | undefined {
  const old = history[0];
  const snap = history[history.length - 1];
  const span = snap.cycle - old.cycle;
  if (span <= 0) return undefined;
  const { slots } = counters;
  const n = snap.trips.length;
  const wholeTrips = (i: number) => snap.exits[i] === old.exits[i] && counters.tripsOf(i) > 0;
  const advanced = new Float64Array(slots);
  for (let i = 0; i < n; i++) {
    const d = snap.trips[i] - old.trips[i];
    if (d > 0 && wholeTrips(i)) advanced[i % slots] += d;
  }
  let main = 0;
  for (let s = 1; s < slots; s++) if (advanced[s] > advanced[main]) main = s;
  if (advanced[main] <= 0) return undefined;
  // The main loop's counters in play, each warp's rate and noise.
  const members: number[] = [];
  for (let i = main; i < n; i += slots) if (wholeTrips(i) && (snap.trips[i] - old.trips[i] > 0 || snap.trips[i] > 0)) members.push(i);
  // Each warp's rate from the baseline (the first snapshot since warps last arrived or left): the
  // longer the stretch, the less a trip counted or not by its ends weighs.
  const long = snap.cycle - baseline.cycle;
  const rates = members.map((i) => (snap.trips[i] - baseline.trips[i]) / long);
  const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
  // What persists: the covariance across warps of their rates over the stretch's two halves (the
  // noise of one half is independent of the other's); the rest of the warps' variance is noise,
  // growing with time.
  const half = baseline.cycle + long / 2;
  const mid = [baseline, ...history].reduce((best, h) => (Math.abs(h.cycle - half) < Math.abs(best.cycle - half) ? h : best));
  const first = members.map((i) => (mid.trips[i] - baseline.trips[i]) / Math.max(1, mid.cycle - baseline.cycle));
  const second = members.map((i) => (snap.trips[i] - mid.trips[i]) / Math.max(1, snap.cycle - mid.cycle));
  const m1 = first.reduce((a, b) => a + b, 0) / first.length;
  const m2 = second.reduce((a, b) => a + b, 0) / second.length;
  const between = rates.length > 1 ? rates.reduce((a, r) => a + (r - mean) ** 2, 0) / (rates.length - 1) : 0;
  const covariance = rates.length > 1 ? first.reduce((a, f, m) => a + (f - m1) * (second[m] - m2), 0) / (rates.length - 1) : 0;
  const persistent = Math.min(between, Math.max(0, covariance));
  const sigma2 = (between - persistent) * long;
  // The skip's length: every warp keeps two spans' trips, and the run stays below maxCycles.
  let T = (maxCycles - now) - 2 * span;
  for (let m = 0; m < members.length; m++) {
    const i = members[m];
    const left = counters.tripsOf(i) - 1 - snap.trips[i] - 2 * Math.max(1, rates[m] * span, mean * span);
    T = Math.min(T, left / Math.max(rates[m], mean * 1e-3));
  }
  T = Math.floor(T);
  if (!(T > span)) return undefined;
  // A warp's expected rate: the mean plus the persistent share of its own difference (the
  // regression of its future rate on its measured one); its noise over T cycles is its own,
  // drawn independently of where it stands now.
  const lambda = between > 0 ? persistent / between : 0;
  const spread = Math.sqrt(Math.max(0, sigma2 * T));
  const trips = new Float64Array(n);
  const exits = new Float64Array(n);
  let skippedTrips = 0;
  for (let m = 0; m < members.length; m++) {
    const i = members[m];
    const k = Math.max(0, Math.min(Math.round((mean + (rates[m] - mean) * lambda) * T + spread * normal(random)), counters.tripsOf(i) - 2 - snap.trips[i]));
    trips[i] = k;
    skippedTrips += k;
  }
  if (skippedTrips <= 0) return undefined;
  const scale = skippedTrips / advanced[main];
  for (let i = 0; i < n; i++) {
    if (i % slots === main) continue;
    const d = snap.trips[i] - old.trips[i];
    if (snap.exits[i] !== old.exits[i]) exits[i] = Math.round((snap.exits[i] - old.exits[i]) * scale);
    else if (d > 0) trips[i] = Math.min(Math.round(d * scale), Math.max(0, counters.tripsOf(i) - 2 - snap.trips[i]));
  }
  const tripsVariance = 2 * sigma2 * T + ((lambda * sigma2) / long) * T * T;
  const tailHalf = (1.96 * Math.sqrt(tripsVariance)) / mean;
  return { delta: Math.round(span * scale), scale, trips, exits, tailHalf };
}

/** A standard normal draw (Box-Muller) from uniform draws. */
function normal(random: () => number): number {
  const u = Math.max(Number.MIN_VALUE, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
