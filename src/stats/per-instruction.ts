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

  constructor(readonly programLength: number) {
    this.cycles = new Float64Array(programLength * WARP_STATE_COUNT);
    this.issued = new Float64Array(programLength);
  }

  /** The hooks to pass to simulate(). */
  hooks(): Hooks {
    return {
      issue: [(_cycle, _smsp, _warp, pc) => this.issued[pc]++],
      stateChange: [(cycle, _smsp, warp, state, pc) => this.change(cycle, warp, state, pc)],
    };
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
      rows.push({ pc, line: lineAt(pc), text: textAt(pc), executed: this.issued[pc], warpCycles: total, share: all === 0 ? 0 : total / all, states });
    }
    return rows.sort((a, b) => b.warpCycles - a.warpCycles || a.pc - b.pc);
  }
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
}
