import { HAPPENED, READY_AT, SAME, SHIFT, TOTAL, type SteadyStateRegistry } from "../engine/steady-state-registry.js";

/**
 * The SM's state as the fast-forward reads it (steady-state.ts; sampled-steady-state.ts): every
 * registered field by how it recurs, captured at a comparison point, and moved ahead by a skip.
 */
export interface Snapshot {
  readonly cycle: number;
  readonly shape: number[];
  /** A hash of `shape`, compared first. */
  readonly hash: number;
  /** `happened` cells' values, NOT_LIVE for entries that are not live. */
  readonly happened: number[];
  readonly totals: number[];
  readonly trips: Float64Array;
  readonly exits: Float64Array;
  /** Warp-instructions issued so far (a sampled run's unit of work). */
  readonly work: number;
}

export const NOT_LIVE = -1e300;

/** Distance ahead of `now` of a time the state waits for; every past time alike; negatives are "none". */
function ahead(v: number, now: number): number {
  return v < 0 ? v : v > now ? v - now : 0;
}

export function captureSnapshot(reg: SteadyStateRegistry, now: number, work: number): Snapshot {
  const shape: number[] = [];
  const happened: number[] = [];
  const totals: number[] = [];
  for (const c of reg.arrays) {
    const a = c.array;
    const n = c.length ? c.length() : a.length;
    if (c.kind === SAME) {
      shape.push(n);
      for (let i = 0; i < n; i++) shape.push(a[i]);
    } else if (c.kind === READY_AT) {
      for (let i = 0; i < n; i++) shape.push(ahead(a[i], now));
    } else if (c.kind === HAPPENED) {
      for (let i = 0; i < n; i++) happened.push(c.live!(i) ? a[i] : NOT_LIVE);
    } else if (c.kind === TOTAL) {
      for (let i = 0; i < n; i++) totals.push(a[i]);
    }
  }
  for (const s of reg.scalars) {
    const v = s.get();
    if (s.kind === SAME) shape.push(v);
    else if (s.kind === READY_AT) shape.push(ahead(v, now));
    else totals.push(v);
  }
  for (const c of reg.customs) c.capture(shape, now);
  const counters = reg.tripCounters;
  const trips = counters ? Float64Array.from(counters.array) : new Float64Array(0);
  const exits = counters ? Float64Array.from(counters.exits) : new Float64Array(0);
  return { cycle: now, shape, hash: hashNumbers(shape), happened, totals, trips, exits, work };
}

/**
 * Moves the SM `m` periods ahead from `now`: times waited for and `happened` entries marked in
 * `moved` by m x period, recent `shift` times too, statistics by m x growth, loop counters by m x
 * their growth from old to snap (or tripGrowth/exitGrowth where given).
 */
export function applySkip(reg: SteadyStateRegistry, m: number, period: number, growth: readonly number[], moved: Uint8Array, snap: Snapshot, old: Snapshot, now: number, tripGrowth?: Float64Array, exitGrowth?: Float64Array): void {
  const delta = m * period;
  let t = 0;
  let k = 0;
  for (const c of reg.arrays) {
    const a = c.array;
    const n = c.length ? c.length() : a.length;
    if (c.kind === READY_AT) {
      for (let i = 0; i < n; i++) if (a[i] > now) a[i] += delta;
    } else if (c.kind === HAPPENED) {
      for (let i = 0; i < n; i++, k++) if (moved[k] === 1) a[i] += delta;
    } else if (c.kind === SHIFT) {
      // Recent ones only (since the old snapshot): an older one is read by nothing.
      for (let i = 0; i < n; i++) if (c.live!(i) && a[i] > old.cycle) a[i] += delta;
    } else if (c.kind === TOTAL) {
      for (let i = 0; i < n; i++) a[i] += m * growth[t++];
    }
  }
  for (const s of reg.scalars) {
    const v = s.get();
    if (s.kind === READY_AT && v > now) s.set(v + delta);
    else if (s.kind === TOTAL) s.set(v + m * growth[t++]);
  }
  for (const c of reg.customs) c.shift(delta, now);
  const counters = reg.tripCounters;
  if (counters) {
    for (let i = 0; i < snap.trips.length; i++) {
      counters.array[i] += m * (tripGrowth === undefined ? snap.trips[i] - old.trips[i] : tripGrowth[i]);
      counters.exits[i] += m * (exitGrowth === undefined ? snap.exits[i] - old.exits[i] : exitGrowth[i]);
    }
  }
}

/** FNV-1a over the numbers' 32-bit halves: a cheap first comparison. */
export function hashNumbers(values: readonly number[]): number {
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  let h = 0x811c9dc5;
  for (const v of values) {
    f[0] = v;
    h = Math.imul(h ^ u[0], 0x01000193);
    h = Math.imul(h ^ u[1], 0x01000193);
  }
  return h >>> 0;
}

export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
