import type { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import type { Program } from "../program/program.js";

/**
 * A sub-partition's register file as the H100 reads it (ArchSpec.registerFile; measured by
 * validation/microbench/regbank_probe.cu, docs/timing.md "Register banks"): register R n lives
 * in bank n mod `banks`, and each bank reads one register per cycle for all 32 lanes. An
 * instruction's reads in one bank take consecutive cycles of that bank from its issue; an
 * instruction that needs a bank still busy with an earlier one's reads waits for it, and so
 * does the scheduler: it selected that warp and dispatches nothing meanwhile (the H100 counts
 * the ready warps in dispatch_stall). Banks are independent: FFMAs reading R2 R4 R6 take 3
 * cycles each, but 1.5 in turn with ones reading R3 R5 R7 or nothing at all.
 *
 * Which registers an instruction reads (after the operand-reuse cache) is the listing's
 * business: Program.bankReads, from src/sass/register-reads.ts.
 */
export class RegisterFileBanks {
  /** The first cycle at which each bank is free to read. */
  readonly freeAt: Float64Array;
  private readonly banks: number;
  private readonly bankReads: Uint8Array;

  constructor(program: Program) {
    this.banks = program.registerBanks;
    this.bankReads = program.bankReads;
    this.freeAt = new Float64Array(this.banks);
  }

  /**
   * The instruction at `pc`, selected at `now`, reads its registers: returns how many cycles it
   * waits for its banks (0 when they are free), and books them from then on.
   */
  read(pc: number, now: number): number {
    const { banks, bankReads, freeAt } = this;
    if (banks === 0) return 0;
    const base = pc * banks;
    let start = now;
    for (let b = 0; b < banks; b++) if (bankReads[base + b] !== 0 && freeAt[b] > start) start = freeAt[b];
    for (let b = 0; b < banks; b++) if (bankReads[base + b] !== 0) freeAt[b] = start + bankReads[base + b];
    return start - now;
  }

  /** Its fields, for the steady-state fast-forward. */
  registerSteadyState(reg: SteadyStateRegistry): void {
    reg.readyAt(this.freeAt);
  }
}
