import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import { Reg } from "../program/opcodes.js";
import type { Program } from "../program/program.js";
import { WarpState } from "../stats/warp-state.js";

/**
 * Per-warp register scoreboard. Each entry holds the absolute cycle at which the register's
 * pending value can be consumed and the stall state a consumer waits in until then, so a check
 * is a compare and nothing ticks per cycle (the mgpusim Scoreboard.Tick pitfall, avoided).
 */
export class Scoreboard {
  private readonly readyAt: Float64Array;
  private readonly reason: Uint8Array;
  /** Set by `readyAtFor`: the stall state of the operand that is ready last. */
  lastReason: WarpState = WarpState.wait;

  constructor(warpSlots: number) {
    this.readyAt = new Float64Array(warpSlots * Reg.COUNT);
    this.reason = new Uint8Array(warpSlots * Reg.COUNT);
  }

  /**
   * For the steady-state fast-forward: the registers a program uses (others never change),
   * times as the distance ahead of `now` (every past time alike) with their reasons.
   */
  registerSteadyState(reg: SteadyStateRegistry, used: readonly number[]): void {
    const warps = this.readyAt.length / Reg.COUNT;
    reg.custom({
      capture: (out, now) => {
        for (let w = 0; w < warps; w++) {
          for (const r of used) {
            const i = w * Reg.COUNT + r;
            const t = this.readyAt[i];
            out.push(t > now ? t - now : 0, t > now ? this.reason[i] : 0);
          }
        }
      },
      shift: (delta, now) => {
        for (let w = 0; w < warps; w++) {
          for (const r of used) {
            const i = w * Reg.COUNT + r;
            if (this.readyAt[i] > now) this.readyAt[i] += delta;
          }
        }
      },
    });
  }

  /** Clears a slot for a new warp. */
  reset(warp: number): void {
    this.readyAt.fill(0, warp * Reg.COUNT, (warp + 1) * Reg.COUNT);
  }

  /**
   * The result written to `reg` can be consumed from `cycle`; consumers wait in `state`. An
   * earlier write that lands later wins: a register's writers are ordered (its next writer
   * waits for it, WAW), so this only matters for dependency barriers, which count every
   * producer still in flight (SASS: a wait on SB2 waits for all loads that set SB2).
   */
  write(warp: number, reg: number, cycle: number, state: WarpState): void {
    const i = warp * Reg.COUNT + reg;
    if (cycle < this.readyAt[i]) return;
    this.readyAt[i] = cycle;
    this.reason[i] = state;
  }

  /** The registers the instruction at `pc` writes can be read from `readyAt`; until then readers wait in its result state. */
  writeResults(warp: number, program: Program, pc: number, readyAt: number): void {
    const state = program.resultState[pc] as WarpState;
    const end = program.writeStart[pc] + program.writeCount[pc];
    for (let i = program.writeStart[pc]; i < end; i++) this.write(warp, program.regs[i], readyAt, state);
  }

  /**
   * The cycle from which every operand of the instruction at `pc` is ready (0 if none is
   * pending). `lastReason` then names the state to wait in.
   */
  readyAtFor(warp: number, program: Program, pc: number): number {
    const base = warp * Reg.COUNT;
    const start = program.waitStart[pc];
    const end = start + program.waitCount[pc];
    const regs = program.regs;
    let latest = 0;
    let reason: WarpState = WarpState.wait;
    for (let i = start; i < end; i++) {
      const r = base + regs[i];
      const t = this.readyAt[r];
      if (t > latest) {
        latest = t;
        reason = this.reason[r] as WarpState;
      }
    }
    this.lastReason = reason;
    return latest;
  }
}
