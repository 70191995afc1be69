import type { ArchSpec } from "../arch/arch-spec.js";
import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";

/**
 * The SM's instruction fetch and cache (ArchSpec.instructionFetch). A kernel's code starts
 * cold: a warp that wants an instruction whose line the SM does not hold waits for it
 * (`no_instruction`), and so does every warp that reaches the line before it arrives. The
 * fetch unit streams lines in order: touching a line requests it and the lines after it, as
 * many as cover one miss's latency at the stream's rate, so straight-line code arrives at
 * `cyclesPerLine` per line whichever sub-partition asks (the H100 fetches a line once for the
 * SM: validation/microbench/ifetch-probe). The kernel's entry is requested when the SM takes
 * its launch, so its first line is there when the first warp arrives; a jump to a line not
 * streamed pays the miss. Lines live in a set-associative cache with least-recently-used
 * replacement: a loop body larger than it streams on every trip.
 */
export class InstructionFetch {
  /** Per line: the cycle it is (or will be) on the SM, -1 not held. */
  private readonly readyAt: Float64Array;
  /** Per line: the cycle a warp last wanted it (replacement order). */
  private readonly lastUse: Float64Array;
  /** Per line: 1 once a warp has wanted it since it was fetched. */
  private readonly touched: Uint8Array;
  /** Per set and way: the line held, -1 none. */
  private readonly ways: Int32Array;
  private readonly sets: number;
  private readonly associativity: number;
  private readonly instructionsPerLine: number;
  private readonly missCycles: number;
  private readonly cyclesPerLine: number;
  /** Lines requested beyond the one a warp touches: enough to cover a miss at the stream's rate. */
  private readonly aheadLines: number;
  /** When the stream delivers its latest line. */
  private deliveredAt = -Infinity;
  /** Each pc's line (pc / instructions per line, rounded down). */
  private readonly lineOf: Int32Array;
  /**
   * Whether a line can ever be evicted: some set is wanted by more lines than it has ways. If
   * not (most kernels: the program fits), recency is never read and a line once fetched stays,
   * so a warp's wake skips both (the hot path: every wake asks for its instruction's line).
   */
  private readonly evicts: boolean;

  constructor(programLength: number, arch: ArchSpec) {
    const fetch = arch.instructionFetch;
    this.instructionsPerLine = fetch === undefined ? 1 : Math.max(1, Math.floor(fetch.lineBytes / fetch.instructionBytes));
    const lines = Math.ceil(programLength / this.instructionsPerLine);
    this.readyAt = new Float64Array(lines).fill(fetch === undefined ? 0 : -1);
    this.lastUse = new Float64Array(lines);
    this.touched = new Uint8Array(lines).fill(fetch === undefined ? 1 : 0);
    this.missCycles = fetch?.missCycles ?? 0;
    this.cyclesPerLine = fetch?.cyclesPerLine ?? 0;
    this.aheadLines = fetch === undefined ? 0 : aheadLinesFor(fetch.missCycles, fetch.cyclesPerLine);
    // Without a fetch model (or a cache that holds the whole program) nothing is ever evicted.
    const capacityLines = fetch === undefined ? lines : Math.max(1, Math.floor(fetch.cacheBytes / fetch.lineBytes));
    this.associativity = fetch === undefined ? lines : Math.min(fetch.associativity, capacityLines);
    this.sets = Math.max(1, Math.floor(capacityLines / this.associativity));
    this.ways = new Int32Array(this.sets * this.associativity).fill(-1);
    this.lineOf = new Int32Array(programLength);
    for (let pc = 0; pc < programLength; pc++) this.lineOf[pc] = Math.floor(pc / this.instructionsPerLine);
    const perSet = new Int32Array(this.sets);
    for (let line = 0; line < lines; line++) perSet[line % this.sets]++;
    this.evicts = perSet.some((n) => n > this.associativity);
    // The entry is requested as the SM takes the launch: it arrives as the first warps do.
    if (fetch !== undefined && lines > 0) this.touch(0, -this.missCycles);
  }

  /** When the instruction at `pc`, wanted from `cycle`, is on the SM (a first touch starts its fetch). */
  instructionAt(pc: number, cycle: number): number {
    const line = this.lineOf[pc];
    if (!this.evicts) {
      // Nothing is ever evicted: only a first touch requests lines (its own and those ahead).
      if (this.touched[line] === 0) {
        this.lastUse[line] = cycle;
        this.touch(line, cycle);
      }
      return this.readyAt[line];
    }
    this.lastUse[line] = cycle;
    // A line wanted for the first time, or a stream whose lines ahead were evicted: request them.
    const ahead = line + this.aheadLines;
    if (this.touched[line] === 0 || (ahead < this.readyAt.length && this.readyAt[ahead] < 0)) this.touch(line, cycle);
    return this.readyAt[line];
  }

  /** A warp wants `line`: fetch it if absent, and request the lines after it. */
  private touch(line: number, cycle: number): void {
    this.touched[line] = 1;
    const last = Math.min(this.readyAt.length - 1, line + this.aheadLines);
    for (let l = line; l <= last; l++) {
      if (this.readyAt[l] >= 0) continue;
      const at = Math.max(cycle + this.missCycles, this.deliveredAt + this.cyclesPerLine);
      this.deliveredAt = at;
      this.place(l, at, cycle);
    }
  }

  /** Puts `line` (arriving `at`) in its set, in place of the least recently wanted line. */
  private place(line: number, at: number, cycle: number): void {
    const base = (line % this.sets) * this.associativity;
    let victim = base;
    for (let w = base; w < base + this.associativity; w++) {
      const held = this.ways[w];
      if (held < 0) { victim = w; break; } // prettier-ignore
      if (this.lastUse[held] < this.lastUse[this.ways[victim]]) victim = w;
    }
    const evicted = this.ways[victim];
    if (evicted >= 0) {
      this.readyAt[evicted] = -1;
      this.touched[evicted] = 0;
    }
    this.ways[victim] = line;
    this.readyAt[line] = at;
    this.lastUse[line] = cycle;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAt(this.readyAt);
    reg.same(this.touched);
    reg.same(this.ways);
    reg.happened(this.lastUse, (line) => this.readyAt[line] >= 0);
    reg.readyAtScalar(() => this.deliveredAt, (v) => (this.deliveredAt = v));
  }
}

/** Lines a stream keeps requested beyond the one in use so that it never waits for a miss: ceil(miss / rate). */
export function aheadLinesFor(missCycles: number, cyclesPerLine: number): number {
  return cyclesPerLine > 0 ? Math.ceil(missCycles / cyclesPerLine) : 0;
}
