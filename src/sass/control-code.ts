/**
 * The scheduling control code of a Volta-and-later instruction (sm_70 .. sm_90, and sm_100 /
 * sm_120 where the encoding is the same): 21 bits the compiler sets in every 128-bit
 * instruction, bits 105-125, that is bits 41-61 of the high 64-bit word cuobjdump prints on the
 * line below the instruction. From the least significant bit (Jia, Maggioni, Smith, Scarpazza,
 * "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking", arXiv:1804.06826,
 * section 2.1; the same layout in the Turing report, arXiv:1903.07486):
 *
 *   stall  4 bits   cycles before the warp's next instruction may issue
 *   yield  1 bit    scheduling hint
 *   write  3 bits   dependency barrier set until the result is written (7: none)
 *   read   3 bits   dependency barrier set until the operands are read (7: none)
 *   wait   6 bits   barriers SB0..SB5 that must be clear before this instruction issues
 *   reuse  4 bits   operand reuse cache flags
 *
 * Checked against the fixtures (validation/sass/kernels.sass): `LDC R10, c[0x0][0x220]` sets
 * SB0 and the `ISETP` that reads R10 waits on SB0; `S2R R0, SR_CTAID.X` sets SB1 and the IMAD
 * that reads R0 waits on SB1 (test/sass/control-code.test.ts).
 */
export interface ControlCode {
  readonly stall: number;
  readonly yield: boolean;
  /** Dependency barrier 0..5 set until the result is written, or -1. */
  readonly writeBarrier: number;
  /** Dependency barrier 0..5 set until the operands are read, or -1. */
  readonly readBarrier: number;
  /** Bit n: wait for SBn before issue. */
  readonly waitMask: number;
  readonly reuse: number;
}

/** Decodes the control code from the high word of an instruction, as `0x000fe20003f06270`. */
export function decodeControl(highWord: string): ControlCode {
  const bits = Number((BigInt(highWord) >> 41n) & 0x1fffffn);
  const barrier = (b: number) => (b === 7 ? -1 : b);
  return {
    stall: bits & 0xf,
    yield: ((bits >> 4) & 1) === 1,
    writeBarrier: barrier((bits >> 5) & 7),
    readBarrier: barrier((bits >> 8) & 7),
    waitMask: (bits >> 11) & 0x3f,
    reuse: (bits >> 17) & 0xf,
  };
}

/** The control code as CuAssembler-style text, `[B0-----:R-:W1:Y:S04]`, for messages and docs. */
export function formatControl(c: ControlCode): string {
  let wait = "B";
  for (let b = 0; b < 6; b++) wait += (c.waitMask >> b) & 1 ? String(b) : "-";
  const sb = (b: number) => (b < 0 ? "-" : String(b));
  return `[${wait}:R${sb(c.readBarrier)}:W${sb(c.writeBarrier)}:${c.yield ? "Y" : "-"}:S${String(c.stall).padStart(2, "0")}]`;
}
