import { type ArchSpec, PIPE_COUNT, PIPE_NAMES, type PipeName } from "../arch/arch-spec.js";
import { ConfigError } from "../errors.js";
import { WarpState } from "../stats/warp-state.js";
import { OPCODES, OpKind, isZeroRegister } from "./opcodes.js";
import type { ParsedProgram } from "./parse.js";

/**
 * A program decoded once against an architecture into parallel columns indexed by pc, so the
 * simulation loop reads numbers, never strings or objects (in the spirit of jsnes' opdata).
 */
export class Program {
  readonly length: number;
  readonly kind: Uint8Array;
  readonly pipe: Uint8Array;
  /** What the scheduler checks before issue: the pipe, or PIPE_COUNT for a global load (which also needs room among the loads in flight). */
  readonly pipeClass: Uint8Array;
  /** Fixed latency of the result (math, MIO, shared stores); 0 where memory decides. */
  readonly latencyCycles: Float64Array;
  /** Cycles the pipe stays busy after this instruction issues. */
  readonly issueCycles: Float64Array;
  /** State of a consumer waiting for this instruction's result. */
  readonly resultState: Uint8Array;
  /** State of this warp while the instruction's pipe is busy. */
  readonly throttleState: Uint8Array;
  /** Registers that must be ready before issue (sources, guard, and destinations for WAW). */
  readonly waitStart: Int32Array;
  readonly waitCount: Uint8Array;
  /** Registers written. */
  readonly writeStart: Int32Array;
  readonly writeCount: Uint8Array;
  /** Register pool the start/count columns point into. */
  readonly regs: Int16Array;
  /** For loop branches: pc of the loop's first instruction, trips and counter slot; -1 otherwise. */
  readonly loopTarget: Int32Array;
  readonly loopTrips: Float64Array;
  readonly loopSlot: Int32Array;
  readonly loopSlots: number;
  /** For BAR: barrier id, and warps it waits for (0: every live warp of the block). */
  readonly barrierId: Int8Array;
  readonly barrierWarps: Int32Array;
  readonly line: Int32Array;
  readonly text: readonly string[];

  constructor(parsed: ParsedProgram, arch: ArchSpec) {
    const n = parsed.instructions.length;
    this.length = n;
    this.kind = new Uint8Array(n);
    this.pipe = new Uint8Array(n);
    this.pipeClass = new Uint8Array(n);
    this.latencyCycles = new Float64Array(n);
    this.issueCycles = new Float64Array(n);
    this.resultState = new Uint8Array(n);
    this.throttleState = new Uint8Array(n);
    this.waitStart = new Int32Array(n);
    this.waitCount = new Uint8Array(n);
    this.writeStart = new Int32Array(n);
    this.writeCount = new Uint8Array(n);
    this.loopTarget = new Int32Array(n).fill(-1);
    this.loopTrips = new Float64Array(n);
    this.loopSlot = new Int32Array(n).fill(-1);
    this.loopSlots = parsed.loopSlots;
    this.barrierId = new Int8Array(n).fill(-1);
    this.barrierWarps = new Int32Array(n);
    this.line = new Int32Array(n);
    const text: string[] = [];
    const pool: number[] = [];

    parsed.instructions.forEach((ins, pc) => {
      const info = OPCODES[ins.base];
      const timing = arch.opcodes[ins.base];
      const pipeName = PIPE_NAMES[info.pipe] as PipeName;
      const lanes = arch.pipes[pipeName].lanes;
      if (timing === undefined && info.kind !== OpKind.loadGlobal && info.kind !== OpKind.storeGlobal) {
        throw new ConfigError(
          `architecture ${arch.name} gives no latency for ${ins.base} (line ${ins.line}); add it under arch.opcodes.${ins.base}.latencyCycles.`,
        );
      }
      this.kind[pc] = info.kind;
      this.pipe[pc] = info.pipe;
      this.pipeClass[pc] = info.kind === OpKind.loadGlobal ? PIPE_COUNT : info.pipe;
      this.latencyCycles[pc] = timing?.latencyCycles ?? 0;
      this.issueCycles[pc] = timing?.issueCycles ?? Math.max(1, 32 / lanes);
      this.resultState[pc] =
        info.kind === OpKind.loadGlobal
          ? WarpState.long_scoreboard
          : info.kind === OpKind.mio
            ? WarpState.short_scoreboard
            : WarpState.wait;
      this.throttleState[pc] = info.throttle;

      const writes = ins.dsts.filter((r) => !isZeroRegister(r));
      const waits = [...new Set([...ins.srcs, ...ins.dsts])].filter((r) => !isZeroRegister(r));
      this.waitStart[pc] = pool.length;
      this.waitCount[pc] = waits.length;
      pool.push(...waits);
      this.writeStart[pc] = pool.length;
      this.writeCount[pc] = writes.length;
      pool.push(...writes);

      if (ins.loop) {
        this.loopTarget[pc] = ins.loop.start;
        this.loopTrips[pc] = ins.loop.trips;
        this.loopSlot[pc] = ins.loop.slot;
      }
      if (ins.barrier) {
        this.barrierId[pc] = ins.barrier.id;
        this.barrierWarps[pc] = ins.barrier.threads === undefined ? 0 : ins.barrier.threads / 32;
      }
      this.line[pc] = ins.line;
      text.push(ins.text);
    });
    this.regs = Int16Array.from(pool);
    this.text = text;
  }

  /** Warp-instructions one warp executes from start to EXIT (loops unrolled). */
  dynamicLength(): number {
    // Walk the static structure: each loop body runs `trips` times per entry.
    const count = (from: number, to: number): number => {
      let total = 0;
      let pc = from;
      while (pc < to) {
        // Find a loop that starts here: the BRA whose target is pc with the farthest end.
        let end = -1;
        for (let b = to - 1; b >= pc; b--) {
          if (this.loopTarget[b] === pc) {
            end = b;
            break;
          }
        }
        if (end >= 0) {
          total += this.loopTrips[end] * (count(pc, end) + 1);
          pc = end + 1;
        } else {
          total += 1;
          pc += 1;
        }
      }
      return total;
    };
    return count(0, this.length);
  }
}
