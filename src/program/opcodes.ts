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
  /** Fewest and most operands the opcode takes (SASS forms included, e.g. LOP3's `!PT`). */
  readonly minOperands: number;
  readonly maxOperands: number;
  /** State of a warp whose pipe (or queue) is busy when it wants to issue this opcode. */
  readonly throttle: WarpState;
  /** FP32 arithmetic: may issue to either half of a split FP32 pipe (ArchSpec.fmaHalves). */
  readonly fp32?: true;
  /** Shared-memory access (LDS, STS): goes through the SM's shared-memory path if the architecture has one. */
  readonly sharedMemory?: true;
  /** Special-register read (S2R, S2UR) or REDUX: goes through the SM's special-register unit if the architecture has one. */
  readonly specialRegister?: true;
  /** Integer add-like ops: predicates right after the destination are carry-outs (written). */
  readonly carryOut?: true;
  /**
   * Logic ops with a predicate result: `LOP3.LUT P0, R1, ...` writes P0 and R1 (the register
   * destination follows the predicate; it is often RZ).
   */
  readonly predicateOut?: true;
  /**
   * Where the architecture gives no timing for this opcode, it is timed as this one (VIADD as
   * IADD3, S2R as LDC): the opcode is real SASS whose latency was not measured apart. See
   * docs/sass.md, "Opcodes".
   */
  readonly timedAs?: string;
  /** Global atomic (RED, ATOM): passes through the SM's share of the L2 atomic units. */
  readonly globalAtomic?: true;
  /**
   * Asynchronous copies (cp.async): LDGSTS is a copy, LDGDEPBAR commits the warp's copies so
   * far as a group whose completion its write barrier tracks (DEPBAR then waits on it).
   */
  readonly asyncCopy?: "copy" | "commit";
}

const math = (pipe: Pipe, destinations: number, minOperands: number, maxOperands: number): OpcodeInfo => ({
  pipe,
  kind: OpKind.math,
  destinations,
  minOperands,
  maxOperands,
  throttle: WarpState.math_pipe_throttle,
});
const mio = (minOperands: number, maxOperands: number): OpcodeInfo => ({
  pipe: Pipe.lsu,
  kind: OpKind.mio,
  destinations: 1,
  minOperands,
  maxOperands,
  throttle: WarpState.mio_throttle,
});
const memory = (kind: OpKind, destinations: number, throttle: WarpState): OpcodeInfo => ({
  pipe: Pipe.lsu,
  kind,
  destinations,
  minOperands: 2,
  maxOperands: 2,
  throttle,
});
const control = (kind: OpKind, maxOperands: number): OpcodeInfo => ({
  pipe: Pipe.cbu,
  kind,
  destinations: 0,
  minOperands: 0,
  maxOperands,
  throttle: WarpState.mio_throttle,
});

/**
 * The opcode table, keyed by base opcode (modifiers such as `.RSQ` or `.E.64` are dropped for
 * lookup). Latencies are not here: they belong to the architecture (ArchSpec.opcodes).
 */
export const OPCODES: Readonly<Record<string, OpcodeInfo>> = {
  // Operand counts as cuobjdump prints them: `FFMA R1, R2, R3, R4`; `IADD3 R0, P0, P1, R2, R3, R4`
  // (two carry-outs); `LOP3.LUT P0, RZ, R1, R2, RZ, 0xc0, !PT`; `ISETP.GE.U32.AND.EX P0, PT, R0, R1, PT, P1`;
  // `LEA.HI.X R3, R0, R3, R1, 0x2, P0`.
  FFMA: { ...math(Pipe.fma, 1, 4, 4), fp32: true },
  FADD: { ...math(Pipe.fma, 1, 3, 3), fp32: true },
  FMUL: { ...math(Pipe.fma, 1, 3, 3), fp32: true },
  IMAD: math(Pipe.fma, 1, 4, 5),
  IADD3: { ...math(Pipe.alu, 1, 4, 6), carryOut: true },
  LOP3: { ...math(Pipe.alu, 1, 4, 7), predicateOut: true },
  LEA: { ...math(Pipe.alu, 1, 3, 6), carryOut: true },
  ISETP: math(Pipe.alu, 2, 4, 6),
  FSETP: math(Pipe.alu, 2, 4, 6),
  MOV: math(Pipe.alu, 1, 2, 3),
  SHF: math(Pipe.alu, 1, 4, 4),
  DFMA: math(Pipe.fp64, 1, 4, 4),
  DADD: math(Pipe.fp64, 1, 3, 3),
  DMUL: math(Pipe.fp64, 1, 3, 3),
  HMMA: math(Pipe.tensor, 1, 4, 4),
  UIADD3: { ...math(Pipe.uniform, 1, 3, 6), carryOut: true },
  UMOV: math(Pipe.uniform, 1, 2, 2),
  MUFU: { ...mio(2, 2), pipe: Pipe.xu },
  LDS: { ...mio(2, 2), sharedMemory: true },
  LDC: mio(2, 2),
  LDG: memory(OpKind.loadGlobal, 1, WarpState.lg_throttle),
  LDL: memory(OpKind.loadGlobal, 1, WarpState.lg_throttle),
  STG: memory(OpKind.storeGlobal, 0, WarpState.lg_throttle),
  STL: memory(OpKind.storeGlobal, 0, WarpState.lg_throttle),
  STS: { ...memory(OpKind.storeShared, 0, WarpState.mio_throttle), sharedMemory: true },
  BRA: control(OpKind.branch, 1),
  BAR: control(OpKind.barrier, 2),
  EXIT: control(OpKind.exit, 0),
  NOP: math(Pipe.alu, 0, 0, 0),
  ...SASS_OPCODES(),
};

/**
 * The rest of what nvcc emits for ordinary sm_70..sm_90 kernels (docs/sass.md, "Opcodes"). Pipes
 * follow Nsight Compute's pipe names for each opcode family; each is timed as the measured
 * opcode of its family (`timedAs`) unless a preset times it itself. Operand counts are loose:
 * the SASS reader takes operands as cuobjdump prints them.
 */
function SASS_OPCODES(): Record<string, OpcodeInfo> {
  const timed = (info: OpcodeInfo, timedAs: string): OpcodeInfo => ({ ...info, minOperands: 0, maxOperands: 8, timedAs });
  const fp32 = (): OpcodeInfo => timed({ ...math(Pipe.fma, 1, 0, 8), fp32: true }, "FFMA");
  const alu = (destinations = 1): OpcodeInfo => timed(math(Pipe.alu, destinations, 0, 8), "IADD3");
  const uniform = (): OpcodeInfo => timed(math(Pipe.uniform, 1, 0, 8), "UMOV");
  const xu = (): OpcodeInfo => timed({ ...mio(0, 8), pipe: Pipe.xu }, "MUFU");
  const cbu = (): OpcodeInfo => timed({ ...control(OpKind.math, 8), kind: OpKind.math }, "NOP");
  return {
    // FP32 and half precision on the FMA pipe (either half).
    HFMA2: fp32(), HADD2: fp32(), HMUL2: fp32(),
    // Integer multiply on the heavy FMA half; and sm_90's VIADD, an integer add that ncu counts
    // on pipe_fmaheavy, 2 cycles each (validation/microbench/viadd-probe: 896,120 fmaheavy
    // instructions per scheduler for as many VIADDs, fmaheavy 73.5% busy).
    IMUL: timed(math(Pipe.fma, 1, 0, 8), "IMAD"), IDP: timed(math(Pipe.fma, 1, 0, 8), "IMAD"), VIADD: timed(math(Pipe.fma, 1, 0, 8), "IMAD"),
    // Integer, logic, compare, select and move: the ALU.
    VIMNMX: alu(), SEL: alu(), FSEL: alu(), FMNMX: alu(), IMNMX: alu(), PRMT: alu(), SGXT: alu(), BMSK: alu(),
    IABS: alu(), PLOP3: alu(2), P2R: alu(), R2P: alu(), CS2R: alu(), I2FP: alu(), FSET: alu(), ISET: alu(), BREV: alu(),
    FLO: alu(), POPC: alu(), VOTE: alu(), HSETP2: alu(2), LOP: alu(), SHL: alu(), SHR: alu(), IADD: alu(), FCHK: alu(),
    // Conversions and the SFU.
    I2F: xu(), F2I: xu(), F2F: xu(), FRND: xu(), I2I: xu(), F2FP: alu(),
    // Double precision.
    DSETP: timed(math(Pipe.fp64, 2, 0, 8), "DADD"), DMNMX: timed(math(Pipe.fp64, 1, 0, 8), "DADD"),
    // Tensor cores.
    IMMA: timed(math(Pipe.tensor, 1, 0, 8), "HMMA"), DMMA: timed(math(Pipe.tensor, 1, 0, 8), "HMMA"),
    // Uniform datapath (one value per warp).
    ULDC: uniform(), USHF: uniform(), ULEA: uniform(), ULOP3: uniform(), UISETP: { ...uniform(), destinations: 2 }, USEL: uniform(),
    UIMAD: uniform(), UPRMT: uniform(), UFLO: uniform(), UBMSK: uniform(), UPOPC: uniform(), USGXT: uniform(), VOTEU: uniform(),
    UPLOP3: uniform(), UBREV: uniform(), ULOP: uniform(),
    // Variable latency through the MIO: special registers, shuffles, uniform moves, shared-memory
    // matrix loads and atomics. They set a dependency barrier (short_scoreboard while waited on).
    // S2R and S2UR share one SM-wide unit (ArchSpec.specialRegisters; validation/microbench/mio-probe), REDUX too (below).
    S2R: { ...timed(mio(0, 8), "LDC"), specialRegister: true },
    S2UR: { ...timed({ ...mio(0, 8), pipe: Pipe.uniform }, "LDC"), specialRegister: true },
    R2UR: timed({ ...mio(0, 8), pipe: Pipe.uniform }, "LDC"),
    // Warp shuffles: 32 results per clock per SM on 7.x-9.0 (CUDA C++ Programming Guide,
    // arithmetic instruction throughput table), one warp-SHFL per SM cycle: modelled as going
    // through the SM's shared-memory pipe, the same MIO crossbar ([model]: shared, not measured).
    SHFL: { ...timed(mio(0, 8), "LDS"), sharedMemory: true }, MATCH: timed(mio(0, 8), "LDS"),
    // MOVM.16.MT88 (WMMA's B fragment transposed across lanes): a lane exchange like SHFL [model: not measured].
    MOVM: { ...timed(mio(0, 8), "LDS"), sharedMemory: true },
    LDSM: { ...timed(mio(0, 8), "LDS"), sharedMemory: true }, ATOMS: { ...timed(mio(0, 8), "LDS"), sharedMemory: true },
    // Global and local memory: loads, stores, atomics with (ATOMG) and without (RED) a result.
    LD: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    ST: { ...memory(OpKind.storeGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    ATOMG: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8, globalAtomic: true },
    ATOM: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8, globalAtomic: true },
    REDG: { ...memory(OpKind.storeGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8, globalAtomic: true },
    RED: { ...memory(OpKind.storeGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8, globalAtomic: true },
    // Global to shared copy (cp.async): completes through a dependency barrier, like a load.
    LDGSTS: { ...memory(OpKind.loadGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8, asyncCopy: "copy" },
    // Convergence, synchronization and scheduling hints: the CBU, no result.
    BSSY: cbu(), BSYNC: cbu(), WARPSYNC: cbu(), DEPBAR: cbu(), MEMBAR: cbu(), ERRBAR: cbu(), CCTL: cbu(), NANOSLEEP: cbu(),
    YIELD: cbu(), BMOV: cbu(), PREEXIT: cbu(), LDGDEPBAR: { ...cbu(), asyncCopy: "commit" }, ELECT: cbu(), FENCE: cbu(), CGAERRBAR: cbu(), BPT: cbu(),
    BREAK: cbu(), B2R: cbu(), R2B: cbu(), ACQBULK: cbu(), PMTRIG: cbu(), CSMTEST: cbu(), ENDCOLLECTIVE: cbu(), WARPGROUP: cbu(),
    UCGABAR_ARV: cbu(), UCGABAR_WAIT: cbu(), UTMACCTL: cbu(),
    // QSPC: which space a generic address is in (shared, local, global), a predicate; timed as an
    // ALU instruction ([model]: not measured; it runs only where a generic atomic was not global).
    QSPC: alu(2),
    // A call issues as one instruction; the function it calls is not simulated (docs/sass.md).
    CALL: cbu(), RET: cbu(),
    // An indirect branch (a switch's jump table): taken as falling through (docs/sass.md).
    BRX: cbu(),
    // sm_100 / sm_120: constant loads into uniform registers; three-input min/max; packed FP32;
    // uniform-datapath float and conversion forms.
    LDCU: timed({ ...mio(0, 8), pipe: Pipe.uniform }, "LDC"),
    FMNMX3: alu(), VIMNMX3: alu(), IMNMX3: alu(), FFMA2: fp32(), FADD2: fp32(), FMUL2: fp32(),
    UI2F: uniform(), UF2I: uniform(), UI2FP: uniform(), UF2FP: uniform(), UFADD: uniform(), UFMUL: uniform(), UFFMA: uniform(),
    UFSEL: uniform(), UFSETP: { ...uniform(), destinations: 2 }, UFMNMX: uniform(), UIABS: uniform(), UVIADD: uniform(), USHL: uniform(),
    USHR: uniform(),
    // More FP32/FP16, integer and move forms.
    HMNMX2: fp32(), FSWZADD: fp32(), HSET2: alu(), VIADDMNMX: alu(), VABSDIFF: alu(), VABSDIFF4: alu(), BFE: alu(), BFI: alu(),
    ISCADD: alu(), MOV32I: alu(), LEPC: alu(), UP2UR: uniform(), UR2UP: uniform(), USETMAXREG: uniform(), UIMNMX: uniform(), ULEPC: uniform(),
    // Warp reductions and mbarrier operations go through the MIO (timed as LDS: not measured apart).
    // REDUX (a warp-wide reduction into a uniform register) at the special-register reads' rate (mio-probe): taken as their unit.
    REDUX: { ...timed(mio(0, 8), "LDS"), specialRegister: true }, CREDUX: timed(mio(0, 8), "LDS"), SYNCS: timed(mio(0, 8), "LDS"),
    // sm_90 shared-memory matrix store.
    STSM: { ...timed(memory(OpKind.storeShared, 0, WarpState.mio_throttle), "STS"), minOperands: 0, maxOperands: 8, sharedMemory: true },
    // Texture and surface loads/stores: the L1TEX path, as global memory (their queue shows as
    // lg_throttle here; ncu names it tex_throttle).
    TEX: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    TLD: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    TLDS: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    TLD4: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    TXD: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    TXQ: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    TMML: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    SULD: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    SUST: { ...memory(OpKind.storeGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    SURED: { ...memory(OpKind.storeGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    SUATOM: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    // Bulk copies by the tensor memory accelerator (sm_90): they complete through an mbarrier.
    UTMALDG: { ...memory(OpKind.loadGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    UTMASTG: { ...memory(OpKind.storeGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    UTMAPF: { ...memory(OpKind.storeGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    UBLKCP: { ...memory(OpKind.loadGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    UBLKRED: { ...memory(OpKind.storeGlobal, 0, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    // cp.async.bulk.commit_group: closes the warp's group of bulk stores (DEPBAR.LE SB0, n waits on them).
    UTMACMDFLUSH: { ...cbu(), minOperands: 0, maxOperands: 0 },
    LDGMC: { ...memory(OpKind.loadGlobal, 1, WarpState.lg_throttle), minOperands: 0, maxOperands: 8 },
    // Warpgroup MMA (sm_90): on the tensor pipe, timed as HMMA (not measured apart; docs/sass.md).
    HGMMA: timed(math(Pipe.tensor, 1, 0, 8), "HMMA"), IGMMA: timed(math(Pipe.tensor, 1, 0, 8), "HMMA"),
    QGMMA: timed(math(Pipe.tensor, 1, 0, 8), "HMMA"), BGMMA: timed(math(Pipe.tensor, 1, 0, 8), "HMMA"),
  };
}

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
  /**
   * SB0..SB5 are 328..333: the six dependency barriers of a warp (SASS control codes). An
   * instruction that sets one "writes" it; one whose wait mask names it "reads" it. They are
   * never waited on as destinations: several loads in flight may set the same barrier.
   */
  SB0: 328,
  /**
   * 334..341: when at most n = 0..7 of the warp's cp.async groups are in flight (the SM writes
   * them at each LDGDEPBAR, cp-async-groups.ts); `DEPBAR.LE SB0, n` in a kernel with LDGSTS waits
   * on entry n instead of SB0, whose count the hardware compares with n.
   */
  CP_ASYNC_LE0: 334,
  /** Scoreboard entries per warp. */
  COUNT: 342,
} as const;

/** The cp.async wait thresholds with a scoreboard entry of their own (Reg.CP_ASYNC_LE0 + n, n = 0..7). */
export const CP_ASYNC_THRESHOLDS = 8;

/** A dependency barrier (SB0..SB5), not a register. */
export function isDependencyBarrier(reg: number): boolean {
  return reg >= Reg.SB0 && reg < Reg.SB0 + 6;
}

/** Registers that never carry a dependency. */
export function isZeroRegister(reg: number): boolean {
  return reg === Reg.RZ || reg === Reg.PT || reg === Reg.URZ;
}
