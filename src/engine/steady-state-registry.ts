/**
 * What the steady-state fast-forward (src/sm/steady-state.ts) compares and moves on: each
 * stateful component registers its fields once, by how they recur. It lives with the engine
 * because every part registers with it (the event queues, the model, the statistics) and it
 * knows nothing of GPUs: arrays, scalars and custom layouts of numbers.
 *
 * `same` (equal), `readyAt` (a time the state waits for: compared as the distance ahead, any
 * past time alike), `happened` (when something last happened to a live entry: either it moved
 * on by exactly the period, or it did not change at all), `total` (statistics: grow by the
 * period's increase), `trips` (loop counters: grow, bounded by each loop's trips).
 */

export type Numbers = Float64Array | Int32Array | Uint8Array | Int8Array;

export const SAME = 0;
export const READY_AT = 1;
export const HAPPENED = 2;
export const TOTAL = 3;
/** Not compared (it orders nothing), but moved on with the rest for live entries. */
export const SHIFT = 4;

export interface ArrayCell {
  readonly kind: number;
  readonly array: Numbers;
  /** Entries that count (a prefix), or the whole array. */
  readonly length?: () => number;
  readonly live?: (i: number) => boolean;
}

export interface ScalarCell {
  readonly kind: number;
  readonly get: () => number;
  readonly set: (v: number) => void;
}

/** State with a layout of its own (the event queue). */
export interface SteadyCustom {
  /** Appends what must recur, times relative to `now`. */
  capture(out: number[], now: number): void;
  /** Moves every time at or after `now` `delta` cycles on. */
  shift(delta: number, now: number): void;
}

export class SteadyStateRegistry {
  readonly arrays: ArrayCell[] = [];
  readonly scalars: ScalarCell[] = [];
  readonly customs: SteadyCustom[] = [];
  tripCounters: { readonly array: Float64Array; readonly exits: Float64Array; readonly tripsOf: (i: number) => number; readonly slots: number } | undefined;

  same(array: Numbers, length?: () => number): void {
    this.arrays.push({ kind: SAME, array, ...(length ? { length } : {}) });
  }
  readyAt(array: Numbers): void {
    this.arrays.push({ kind: READY_AT, array });
  }
  happened(array: Numbers, live: (i: number) => boolean): void {
    this.arrays.push({ kind: HAPPENED, array, live });
  }
  total(array: Numbers): void {
    this.arrays.push({ kind: TOTAL, array });
  }
  /** A time read only when a run stops (not compared), moved on for live entries. */
  shiftOnly(array: Numbers, live: (i: number) => boolean): void {
    this.arrays.push({ kind: SHIFT, array, live });
  }
  /** A scalar that must be equal (never moved, so read only). */
  sameScalar(get: () => number): void {
    this.scalars.push({ kind: SAME, get, set: () => {} });
  }
  readyAtScalar(get: () => number, set: (v: number) => void): void {
    this.scalars.push({ kind: READY_AT, get, set });
  }
  totalScalar(get: () => number, set: (v: number) => void): void {
    this.scalars.push({ kind: TOTAL, get, set });
  }
  custom(c: SteadyCustom): void {
    this.customs.push(c);
  }
  /**
   * Loop counters: `tripsOf(i)` is counter i's loop's trips, 0 for a counter that must stay put;
   * `exits[i]` counts the times that loop ended. A loop that ended within a period must be at
   * the same count at both ends of it (an inner loop run whole, in the same phase).
   */
  trips(array: Float64Array, exits: Float64Array, tripsOf: (i: number) => number, slots = 1): void {
    this.tripCounters = { array, exits, tripsOf, slots: Math.max(1, slots) };
  }
}
