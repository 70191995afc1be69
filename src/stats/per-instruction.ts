import { LIMITS } from "../limits.js";
import type { Hooks } from "./hooks.js";
import { WARP_STATE_COUNT, WARP_STATE_NAMES, type WarpStateName } from "./warp-state.js";

/**
 * Where the warp-cycles go, instruction by instruction: Nsight Compute's Source page, simulated.
 * Each warp-cycle is charged to the instruction the warp is about (the one it issues when
 * selected, the one it waits to issue when stalled, the BAR at a barrier, the EXIT while its
 * stores drain), as ncu charges a stall sample to the instruction the warp is waiting on. Built
 * from the state-change and issue hooks, so a run that does not ask for it pays nothing; one
 * that does simulates every cycle (hooks turn the steady-state fast-forward off).
 */
export class PerInstruction {
  /** Per pc and state: warp-cycles (pc x WARP_STATE_COUNT + state). */
  private readonly cycles: Float64Array;
  /** Per pc: warp-level issues (ncu's inst_executed). */
  private readonly issued: Float64Array;
  /** Per warp slot: the state it is in (-1: none), since when, about which pc. */
  private readonly state = new Int8Array(LIMITS.maxWarpsPerSm).fill(-1);
  private readonly since = new Float64Array(LIMITS.maxWarpsPerSm);
  private readonly about = new Int32Array(LIMITS.maxWarpsPerSm);
  /** Per pc, of its loads through the memory system from their addresses: requests, sectors, L1 hits, L2 sectors and L2 hits. */
  private readonly loads: Float64Array;

  constructor(readonly programLength: number) {
    this.cycles = new Float64Array(programLength * WARP_STATE_COUNT);
    this.issued = new Float64Array(programLength);
    this.loads = new Float64Array(programLength * LOAD_FIELDS);
  }

  /** The hooks to pass to simulate(). */
  hooks(): Hooks {
    return {
      issue: [(_cycle, _smsp, _warp, pc) => this.issued[pc]++],
      stateChange: [(cycle, _smsp, warp, state, pc) => this.change(cycle, warp, state, pc)],
      load: [(pc, sectors, l1Hits, l2Sectors, l2Hits) => this.load(pc, sectors, l1Hits, l2Sectors, l2Hits)],
    };
  }

  private load(pc: number, sectors: number, l1Hits: number, l2Sectors: number, l2Hits: number): void {
    if (pc < 0 || pc >= this.programLength) return;
    const at = pc * LOAD_FIELDS;
    this.loads[at]++;
    this.loads[at + 1] += sectors;
    this.loads[at + 2] += l1Hits;
    this.loads[at + 3] += l2Sectors;
    this.loads[at + 4] += l2Hits;
  }

  private change(cycle: number, warp: number, state: number, pc: number): void {
    this.close(warp, cycle);
    this.state[warp] = state;
    this.since[warp] = cycle;
    this.about[warp] = pc;
  }

  private close(warp: number, cycle: number): void {
    const s = this.state[warp];
    const pc = this.about[warp];
    if (s >= 0 && pc >= 0 && pc < this.programLength) this.cycles[pc * WARP_STATE_COUNT + s] += cycle - this.since[warp];
    this.state[warp] = -1;
  }

  /** Closes the warps still on the SM at the run's last cycle (a run that stopped early). */
  finish(cycle: number): void {
    for (let w = 0; w < this.state.length; w++) if (this.state[w] >= 0) this.close(w, cycle);
  }

  /** One row per instruction that issued or was waited on, the most warp-cycles first. */
  rows(textAt: (pc: number) => string, lineAt: (pc: number) => number): InstructionRow[] {
    let all = 0;
    for (let i = 0; i < this.cycles.length; i++) all += this.cycles[i];
    const rows: InstructionRow[] = [];
    for (let pc = 0; pc < this.programLength; pc++) {
      const states = {} as Record<WarpStateName, number>;
      let total = 0;
      for (let s = 0; s < WARP_STATE_COUNT; s++) {
        const c = this.cycles[pc * WARP_STATE_COUNT + s];
        states[WARP_STATE_NAMES[s]] = c;
        total += c;
      }
      if (total === 0 && this.issued[pc] === 0) continue;
      const l = pc * LOAD_FIELDS;
      const requests = this.loads[l];
      const memory = requests === 0 ? undefined : { requests, sectors: this.loads[l + 1], l1HitRate: ratio(this.loads[l + 2], this.loads[l + 1]), l2Sectors: this.loads[l + 3], l2HitRate: ratio(this.loads[l + 4], this.loads[l + 3]) };
      rows.push({ pc, line: lineAt(pc), text: textAt(pc), executed: this.issued[pc], warpCycles: total, share: all === 0 ? 0 : total / all, states, ...(memory === undefined ? {} : { memory }) });
    }
    return rows.sort((a, b) => b.warpCycles - a.warpCycles || a.pc - b.pc);
  }
}

/** Fields kept per pc for loads: requests, sectors, L1 hits, L2 sectors, L2 hits. */
const LOAD_FIELDS = 5;

function ratio(a: number, b: number): number | null {
  return b === 0 ? null : a / b;
}

/**
 * A load instruction's traffic through the memory system from its addresses (ncu's Source page
 * columns: requests, sectors, and the hit rates of L1 and L2); absent for other instructions and
 * for loads timed by a declared latency. Hit rates are null where nothing was looked up.
 */
export interface InstructionMemory {
  readonly requests: number;
  readonly sectors: number;
  readonly l1HitRate: number | null;
  readonly l2Sectors: number;
  readonly l2HitRate: number | null;
}

export interface InstructionRow {
  readonly pc: number;
  /** The program line (the listing's line for SASS). */
  readonly line: number;
  readonly text: string;
  /** Warp-level issues of the instruction (ncu's inst_executed). */
  readonly executed: number;
  /** Warp-cycles charged to it, in all states. */
  readonly warpCycles: number;
  /** Its share of all warp-cycles of the run. */
  readonly share: number;
  /** Warp-cycles in each state. */
  readonly states: Readonly<Record<WarpStateName, number>>;
  /** For a load through the memory system from its addresses: its requests, sectors and hit rates. */
  readonly memory?: InstructionMemory;
}

/** A loop's total in the per-instruction account: its first and last instruction and what its body took. */
export interface LoopTotal {
  readonly start: number;
  readonly end: number;
  readonly executed: number;
  readonly warpCycles: number;
  readonly share: number;
}

/** Each loop's body (pc start..end, its back edge at end) summed over the rows: outer loops include inner ones. */
export function loopTotals(rows: readonly InstructionRow[], loops: readonly { readonly start: number; readonly pc: number }[]): LoopTotal[] {
  return loops
    .map(({ start, pc: end }) => {
      const body = rows.filter((r) => r.pc >= start && r.pc <= end);
      return { start, end, executed: body.reduce((a, r) => a + r.executed, 0), warpCycles: body.reduce((a, r) => a + r.warpCycles, 0), share: body.reduce((a, r) => a + r.share, 0) };
    })
    .sort((a, b) => a.start - b.start || b.end - a.end);
}
