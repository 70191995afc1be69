import type { SteadyCustom } from "./steady-state-registry.js";
import { InvariantError } from "../errors.js";

/**
 * A binary min-heap of events (cycle, seq, kind, arg) over parallel typed arrays, so pushing and
 * popping allocate nothing once the arrays have grown. (The SM's own events go through
 * WheelEventQueue, which keeps this order with a timing wheel in front of a heap.) Ties on cycle break on insertion order
 * (`seq`), which keeps runs deterministic. The arrays grow by doubling and never shrink.
 */
export class EventQueue {
  private cycle: Float64Array;
  private seq: Float64Array;
  private kind: Uint8Array;
  private arg: Int32Array;
  private size = 0;
  private nextSeq = 0;
  private lastPopped = -Infinity;

  constructor(initialCapacity = 256) {
    this.cycle = new Float64Array(initialCapacity);
    this.seq = new Float64Array(initialCapacity);
    this.kind = new Uint8Array(initialCapacity);
    this.arg = new Int32Array(initialCapacity);
  }

  get length(): number {
    return this.size;
  }

  /** The steady-state fast-forward's view: the heap in its order, times relative to `now`. */
  steadyState(): SteadyCustom {
    return {
      capture: (out, now) => this.captureRelative(out, now, this.nextSeq),
      shift: (delta) => {
        for (let i = 0; i < this.size; i++) this.cycle[i] += delta;
      },
    };
  }

  /** The heap in its order, times relative to `now` and insertion numbers to `seqBase`. */
  captureRelative(out: number[], now: number, seqBase: number): void {
    out.push(this.size);
    for (let i = 0; i < this.size; i++) out.push(this.cycle[i] - now, this.kind[i], this.arg[i], this.seq[i] - seqBase);
  }

  /** Cycle of the earliest event, or Infinity when empty. */
  peekCycle(): number {
    return this.size === 0 ? Infinity : this.cycle[0];
  }

  /** Kind and arg of the earliest event; call only when length > 0. */
  peekKind(): number {
    return this.kind[0];
  }
  peekArg(): number {
    return this.arg[0];
  }
  /** Insertion number of the earliest event. */
  peekSeq(): number {
    return this.seq[0];
  }

  /**
   * Adds an event. Its insertion number (ties on cycle go to the lower) is the next one, or
   * `seq` when the caller numbers events itself (WheelEventQueue), in increasing order.
   */
  push(cycle: number, kind: number, arg: number, seq = this.nextSeq): void {
    if (cycle < this.lastPopped) {
      throw new InvariantError(`event scheduled in the past: cycle ${cycle} < ${this.lastPopped}`);
    }
    if (this.size === this.cycle.length) this.grow();
    let i = this.size++;
    const s = seq;
    this.nextSeq = seq + 1;
    // Sift up.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.before(parent, cycle, s)) break;
      this.move(parent, i);
      i = parent;
    }
    this.cycle[i] = cycle;
    this.seq[i] = s;
    this.kind[i] = kind;
    this.arg[i] = arg;
  }

  /** Removes the earliest event (read it first with peek*). */
  pop(): void {
    if (this.size === 0) return;
    this.lastPopped = this.cycle[0];
    const last = --this.size;
    if (last === 0) return;
    const c = this.cycle[last];
    const s = this.seq[last];
    const k = this.kind[last];
    const a = this.arg[last];
    let i = 0;
    // Sift down.
    for (;;) {
      const left = 2 * i + 1;
      if (left >= last) break;
      const right = left + 1;
      let child = left;
      if (right < last && this.before(right, this.cycle[left], this.seq[left])) child = right;
      if (!this.before(child, c, s)) break;
      this.move(child, i);
      i = child;
    }
    this.cycle[i] = c;
    this.seq[i] = s;
    this.kind[i] = k;
    this.arg[i] = a;
  }

  /** Whether the event at index i orders before (cycle, seq). */
  private before(i: number, cycle: number, seq: number): boolean {
    const ci = this.cycle[i];
    return ci < cycle || (ci === cycle && this.seq[i] < seq);
  }

  private move(from: number, to: number): void {
    this.cycle[to] = this.cycle[from];
    this.seq[to] = this.seq[from];
    this.kind[to] = this.kind[from];
    this.arg[to] = this.arg[from];
  }

  private grow(): void {
    const n = this.cycle.length * 2;
    const cycle = new Float64Array(n);
    cycle.set(this.cycle);
    const seq = new Float64Array(n);
    seq.set(this.seq);
    const kind = new Uint8Array(n);
    kind.set(this.kind);
    const arg = new Int32Array(n);
    arg.set(this.arg);
    this.cycle = cycle;
    this.seq = seq;
    this.kind = kind;
    this.arg = arg;
  }
}
