import type { SteadyCustom } from "./steady-state-registry.js";
import { InvariantError } from "../errors.js";
import { EventQueue } from "./event-queue.js";

/** Cycles the wheel covers ahead of the last popped event (a power of two). */
const WHEEL_CYCLES = 1024;
const WHEEL_MASK = WHEEL_CYCLES - 1;
const NONE = -1;

/**
 * The EventQueue's order, (cycle, then insertion), kept faster for near-future events: a timing
 * wheel of one bucket per cycle for events less than WHEEL_CYCLES ahead of the last popped one,
 * the binary heap for the rest (and for any cycle that is not a whole number). A dependent
 * chain of short-latency instructions pushes and pops an event per instruction; a bucket's
 * append and removal cost a few array writes where the heap sifts through its levels
 * (bench/RESULTS.md).
 *
 * Each bucket is a FIFO list of events of one cycle: every event of a cycle that the wheel
 * holds was pushed while the cycle was in its window, after any event of that cycle that went
 * to the heap (the window only moves forward), and the two are merged by insertion number at
 * the front. Live wheel events all lie within WHEEL_CYCLES of the last popped cycle, so no two
 * cycles share a bucket. A bitmap of non-empty buckets finds the next one.
 */
export class WheelEventQueue {
  // Event nodes, linked per bucket; free nodes are linked from `free`.
  private cycle = new Float64Array(256);
  private seq = new Float64Array(256);
  private kind = new Uint8Array(256);
  private arg = new Int32Array(256);
  private next = new Int32Array(256).fill(NONE);
  private free = 0;
  private readonly head = new Int32Array(WHEEL_CYCLES).fill(NONE);
  private readonly tail = new Int32Array(WHEEL_CYCLES).fill(NONE);
  private readonly occupied = new Int32Array(WHEEL_CYCLES / 32);
  private inWheel = 0;
  /** Cycle of the wheel's earliest event (Infinity when it holds none). */
  private wheelMin = Infinity;
  private readonly far = new EventQueue();
  private nextSeq = 0;
  private lastPopped = 0;
  /** Cycle of the earliest event, wheel or heap (Infinity when empty): the run loop asks every visited cycle. */
  private earliest = Infinity;

  constructor() {
    this.linkFree(0);
  }

  get length(): number {
    return this.inWheel + this.far.length;
  }

  /** Cycle of the earliest event, or Infinity when empty. */
  peekCycle(): number {
    return this.earliest;
  }

  /** Kind and arg of the earliest event; call only when length > 0. */
  peekKind(): number {
    return this.headIsFar() ? this.far.peekKind() : this.kind[this.head[this.wheelMin & WHEEL_MASK]];
  }
  peekArg(): number {
    return this.headIsFar() ? this.far.peekArg() : this.arg[this.head[this.wheelMin & WHEEL_MASK]];
  }

  /** Whether the earliest event is the heap's rather than the wheel's (on a tie, the one inserted first). */
  private headIsFar(): boolean {
    if (this.inWheel === 0) return true;
    const farCycle = this.far.peekCycle();
    const wheel = this.wheelMin;
    return farCycle < wheel || (farCycle === wheel && this.far.peekSeq() < this.seq[this.head[wheel & WHEEL_MASK]]);
  }

  push(cycle: number, kind: number, arg: number): void {
    if (cycle < this.lastPopped) throw new InvariantError(`event scheduled in the past: cycle ${cycle} < ${this.lastPopped}`);
    this.place(cycle, this.nextSeq++, kind, arg);
  }

  /** Puts event number `s` in its bucket, or in the heap when it is too far ahead or not a whole cycle. */
  private place(cycle: number, s: number, kind: number, arg: number): void {
    if (cycle < this.earliest) this.earliest = cycle;
    if (cycle - this.lastPopped >= WHEEL_CYCLES || cycle !== Math.floor(cycle)) return this.far.push(cycle, kind, arg, s);
    if (this.free === NONE) this.grow();
    const n = this.free;
    this.free = this.next[n];
    this.cycle[n] = cycle;
    this.seq[n] = s;
    this.kind[n] = kind;
    this.arg[n] = arg;
    this.next[n] = NONE;
    const b = cycle & WHEEL_MASK;
    if (this.head[b] === NONE) {
      this.head[b] = n;
      this.occupied[b >>> 5] |= 1 << (b & 31);
    } else {
      this.next[this.tail[b]] = n;
    }
    this.tail[b] = n;
    this.inWheel++;
    if (cycle < this.wheelMin) this.wheelMin = cycle;
  }

  /** Removes the earliest event (read it first: peekCycle, then peekKind and peekArg). */
  pop(): void {
    if (this.length === 0) return;
    if (this.headIsFar()) {
      this.lastPopped = this.far.peekCycle();
      this.far.pop();
      this.earliest = Math.min(this.wheelMin, this.far.peekCycle());
      return;
    }
    const cycle = this.wheelMin;
    this.lastPopped = cycle;
    const b = cycle & WHEEL_MASK;
    const n = this.head[b];
    this.head[b] = this.next[n];
    this.next[n] = this.free;
    this.free = n;
    this.inWheel--;
    if (this.head[b] === NONE) {
      this.occupied[b >>> 5] &= ~(1 << (b & 31));
      this.wheelMin = this.inWheel === 0 ? Infinity : cycle + this.distanceToOccupied(b);
    }
    this.earliest = Math.min(this.wheelMin, this.far.peekCycle());
  }

  /** Buckets from bucket `b` (now empty) to the next occupied one, going round. */
  private distanceToOccupied(b: number): number {
    const words = this.occupied.length;
    let word = b >>> 5;
    let bits = this.occupied[word] & ~((2 << (b & 31)) - 1); // above b in its word
    for (let k = 0; k <= words; k++) {
      if (bits !== 0) {
        const found = (word << 5) + (31 - Math.clz32(bits & -bits));
        return (found - b) & WHEEL_MASK;
      }
      word = (word + 1) % words;
      bits = this.occupied[word];
    }
    throw new InvariantError("timing wheel: events counted but no bucket occupied");
  }

  /** The steady-state fast-forward's view: every event in order, times and insertion numbers relative. */
  steadyState(): SteadyCustom {
    const far = this.far.steadyState();
    return {
      capture: (out, now) => {
        out.push(this.inWheel);
        this.forEachInWheel((n) => out.push(this.cycle[n] - now, this.kind[n], this.arg[n], this.seq[n] - this.nextSeq));
        this.far.captureRelative(out, now, this.nextSeq);
      },
      shift: (delta, now) => {
        // Every cycle moves by delta: the wheel's events go to new buckets, in the same order.
        const nodes: number[] = [];
        this.forEachInWheel((n) => nodes.push(n));
        this.head.fill(NONE);
        this.tail.fill(NONE);
        this.occupied.fill(0);
        this.inWheel = 0;
        this.wheelMin = Infinity;
        this.earliest = Infinity;
        this.lastPopped += delta;
        const saved = nodes.map((n) => [this.cycle[n] + delta, this.seq[n], this.kind[n], this.arg[n]] as const);
        for (const n of nodes) {
          this.next[n] = this.free;
          this.free = n;
        }
        far.shift(delta, now);
        // Still within the wheel's window of the (shifted) last popped cycle: back into buckets.
        for (const [cycle, s, kind, arg] of saved) this.place(cycle, s, kind, arg);
        this.earliest = Math.min(this.wheelMin, this.far.peekCycle());
      },
    };
  }

  /** Visits the wheel's events in order (cycle, then insertion). */
  private forEachInWheel(visit: (node: number) => void): void {
    if (this.inWheel === 0) return;
    for (let d = 0; d < WHEEL_CYCLES; d++) {
      for (let n = this.head[(this.wheelMin + d) & WHEEL_MASK]; n !== NONE; n = this.next[n]) visit(n);
    }
  }

  private linkFree(from: number): void {
    for (let i = from; i < this.next.length - 1; i++) this.next[i] = i + 1;
    this.next[this.next.length - 1] = NONE;
    this.free = from;
  }

  private grow(): void {
    const old = this.next.length;
    const n = old * 2;
    const grown = <T extends Float64Array | Int32Array | Uint8Array>(a: T, make: new (n: number) => T): T => {
      const b = new make(n);
      b.set(a);
      return b;
    };
    this.cycle = grown(this.cycle, Float64Array);
    this.seq = grown(this.seq, Float64Array);
    this.kind = grown(this.kind, Uint8Array);
    this.arg = grown(this.arg, Int32Array);
    this.next = grown(this.next, Int32Array);
    this.linkFree(old);
  }
}
