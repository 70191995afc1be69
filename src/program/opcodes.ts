import { Pipe } from "../arch/arch-spec.js";
import { WarpState } from "../stats/warp-state.js";

/** What an instruction does to the warp beyond writing registers. */
export const OpKind = {
  /** Fixed-latency math: results after the opcode's latency. */
  math: 0,
  /** Variable-latency MIO op with a result (MUFU, LDS, LDC): short scoreboard. */
  mio: 1,
  /** Global/local load: latency from the memory model, long scoreboard. */
  loadGlobal: 2,
  /** Global/local store: completes after the memory model's latency; EXIT drains it. */
  storeGlobal: 3,
  /** Shared-memory store: completes after the opcode's latency; EXIT drains it. */
  storeShared: 4,
  /** Loop-closing branch written as `.endloop`. */
  branch: 5,
  /** Block barrier (BAR.SYNC). */
  barrier: 6,
  /** Warp exit. */
  exit: 7,
} as const;
export type OpKind = (typeof OpKind)[keyof typeof OpKind];

export interface OpcodeInfo {
  readonly pipe: Pipe;
  readonly kind: OpKind;
  /** How many leading operands are destinations (registers or predicates written). */
  readonly destinations: number;
  /** Fewest operands the opcode takes. */
  readonly minOperands: number;
  /** State of a warp whose pipe (or queue) is busy when it wants to issue this opcode. */
  readonly throttle: WarpState;
  /** FP32 arithmetic: may issue to either half of a split FP32 pipe (ArchSpec.fmaHalves). */
  readonly fp32?: true;
  /** Integer add-like ops: predicates right after the destination are carry-outs (written). */
  readonly carryOut?: true;
}

const math = (pipe: Pipe, destinations = 1, minOperands = 2): OpcodeInfo => ({
  pipe,
  kind: OpKind.math,
  destinations,
  minOperands,
  throttle: WarpState.math_pipe_throttle,
});
const mio = (minOperands: number): OpcodeInfo => ({
  pipe: Pipe.lsu,
  kind: OpKind.mio,
  destinations: 1,
  minOperands,
  throttle: WarpState.mio_throttle,
});

/**
 * The opcode table, keyed by base opcode (modifiers such as `.RSQ` or `.E.64` are dropped for
 * lookup). Latencies are not here: they belong to the architecture (ArchSpec.opcodes).
 */
export const OPCODES: Readonly<Record<string, OpcodeInfo>> = {
  FFMA: { ...math(Pipe.fma, 1, 4), fp32: true },
  FADD: { ...math(Pipe.fma, 1, 3), fp32: true },
  FMUL: { ...math(Pipe.fma, 1, 3), fp32: true },
  IMAD: math(Pipe.fma, 1, 4),
  IADD3: { ...math(Pipe.alu, 1, 4), carryOut: true },
  LOP3: math(Pipe.alu, 1, 4),
  LEA: { ...math(Pipe.alu, 1, 3), carryOut: true },
  ISETP: math(Pipe.alu, 2, 4),
  FSETP: math(Pipe.alu, 2, 4),
  MOV: math(Pipe.alu, 1, 2),
  SHF: math(Pipe.alu, 1, 4),
  DFMA: math(Pipe.fp64, 1, 4),
  DADD: math(Pipe.fp64, 1, 3),
  DMUL: math(Pipe.fp64, 1, 3),
  HMMA: math(Pipe.tensor, 1, 4),
  UIADD3: math(Pipe.uniform, 1, 3),
  UMOV: math(Pipe.uniform, 1, 2),
  MUFU: { ...mio(2), pipe: Pipe.xu },
  LDS: mio(2),
  LDC: mio(2),
  LDG: { pipe: Pipe.lsu, kind: OpKind.loadGlobal, destinations: 1, minOperands: 2, throttle: WarpState.lg_throttle },
  LDL: { pipe: Pipe.lsu, kind: OpKind.loadGlobal, destinations: 1, minOperands: 2, throttle: WarpState.lg_throttle },
  STG: { pipe: Pipe.lsu, kind: OpKind.storeGlobal, destinations: 0, minOperands: 2, throttle: WarpState.lg_throttle },
  STL: { pipe: Pipe.lsu, kind: OpKind.storeGlobal, destinations: 0, minOperands: 2, throttle: WarpState.lg_throttle },
  STS: { pipe: Pipe.lsu, kind: OpKind.storeShared, destinations: 0, minOperands: 2, throttle: WarpState.mio_throttle },
  BRA: { pipe: Pipe.cbu, kind: OpKind.branch, destinations: 0, minOperands: 0, throttle: WarpState.mio_throttle },
  BAR: { pipe: Pipe.cbu, kind: OpKind.barrier, destinations: 0, minOperands: 0, throttle: WarpState.mio_throttle },
  EXIT: { pipe: Pipe.cbu, kind: OpKind.exit, destinations: 0, minOperands: 0, throttle: WarpState.mio_throttle },
  NOP: math(Pipe.alu, 0, 0),
};

/** Register file layout of one warp, as scoreboard indices. */
export const Reg = {
  /** R0..R254 are 0..254; RZ (255) always reads as ready. */
  RZ: 255,
  /** P0..P6 are 256..262; PT (263) always reads as ready. */
  P0: 256,
  PT: 263,
  /** UR0..UR62 are 264..326; URZ (327) always reads as ready. */
  UR0: 264,
  URZ: 327,
  /** Scoreboard entries per warp. */
  COUNT: 328,
} as const;

/** Registers that never carry a dependency. */
export function isZeroRegister(reg: number): boolean {
  return reg === Reg.RZ || reg === Reg.PT || reg === Reg.URZ;
}
