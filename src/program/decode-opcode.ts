import { type ArchSpec, FMA_LITE, PIPE_NAMES, Pipe, type PipeName, UNIT_COUNT } from "../arch/arch-spec.js";
import { ConfigError } from "../errors.js";
import { WarpState } from "../stats/warp-state.js";
import { OPCODES, OpKind } from "./opcodes.js";

/*
 * Decoding one opcode form (base and first modifier) against an architecture: its pipe and
 * unit, its issue class, latency and issue cycles, and the states its consumers and its
 * throttled issue show. Program decodes each distinct form once.
 */

/** Issue class of a global load: it needs the LSU and room among the SM's loads in flight. */
export const LOAD_CLASS = UNIT_COUNT;
/** Issue class of FP32 arithmetic on a split FP32 pipe: either half will do. */
export const FP32_EITHER_CLASS = UNIT_COUNT + 1;
/** Issue class of BAR: it needs its unit and the SM's barrier unit (ArchSpec.barrier). */
export const BARRIER_CLASS = UNIT_COUNT + 2;
/** Issue class of LDS/STS on an SM with a shared-memory path: its LSU and its MIO queue's room. */
export const SHARED_CLASS = UNIT_COUNT + 3;
/** Issue class of S2R/S2UR/REDUX on an SM with a special-register unit: its pipe and its queue's room. */
export const SPECIAL_CLASS = UNIT_COUNT + 4;
/** Issue classes: one per unit, then the five above. */
export const CLASS_COUNT = UNIT_COUNT + 5;

/** Program.path: no SM-wide path, the shared-memory pipe, the L2 atomic units, the special-register unit. */
export const PATH_NONE = 0;
export const PATH_SHARED = 1;
export const PATH_ATOMIC = 2;
export const PATH_SPECIAL = 3;

/** Program.asyncCopy: an asynchronous copy (LDGSTS), and the commit of a group of them (LDGDEPBAR). */
export const ASYNC_COPY = 1;
export const ASYNC_COMMIT = 2;

/** What the decoder derives from an opcode form (base and first modifier) on an architecture. */
export interface Decoded {
  readonly kind: number;
  readonly pipe: number;
  readonly unit: number;
  readonly alt: number;
  readonly pipeClass: number;
  readonly latencyCycles: number;
  readonly issueCycles: number;
  readonly dispatchCycles: number;
  readonly resultState: number;
  readonly throttleState: number;
  readonly sharedPath: boolean;
  /** Through the SM's special-register unit (ArchSpec.specialRegisters). */
  readonly specialPath: boolean;
}

export function decode(base: string, modifiers: readonly string[], arch: ArchSpec, line: number): Decoded {
  const info = OPCODES[base];
  // A variant timed apart (IMAD.WIDE) wins over its base opcode.
  const timing =
    (modifiers.length > 0 ? arch.opcodes[`${base}.${modifiers[0]}`] : undefined) ??
    arch.opcodes[base] ??
    (info.timedAs !== undefined ? arch.opcodes[info.timedAs] : undefined);
  const pipeName = PIPE_NAMES[info.pipe] as PipeName;
  const halves = arch.fmaHalves;
  const lanes = halves !== undefined && info.pipe === Pipe.fma ? arch.pipes.fma.lanes / 2 : arch.pipes[pipeName].lanes;
  if (timing === undefined && info.kind !== OpKind.loadGlobal && info.kind !== OpKind.storeGlobal) {
    throw new ConfigError(`architecture ${arch.name} gives no latency for ${base} (line ${line}); add it under arch.opcodes.${base}.latencyCycles.`);
  }
  const placement = unitsOf(info.pipe, info.fp32 === true, halves);
  const sharedPath = info.sharedMemory === true && arch.sharedMemoryPath !== undefined;
  const specialPath = info.specialRegister === true && arch.specialRegisters !== undefined;
  return {
    kind: info.kind,
    pipe: info.pipe,
    unit: placement.unit,
    alt: placement.alt,
    pipeClass:
      info.kind === OpKind.loadGlobal
        ? LOAD_CLASS
        : info.kind === OpKind.barrier
          ? BARRIER_CLASS
          : sharedPath
            ? SHARED_CLASS
            : specialPath
              ? SPECIAL_CLASS
              : placement.alt >= 0
              ? FP32_EITHER_CLASS
              : placement.unit,
    sharedPath,
    specialPath,
    latencyCycles: timing?.latencyCycles ?? 0,
    issueCycles: timing?.issueCycles ?? Math.max(1, 32 / lanes),
    dispatchCycles: timing?.dispatchCycles ?? 1,
    resultState: info.kind === OpKind.loadGlobal ? WarpState.long_scoreboard : info.kind === OpKind.mio ? WarpState.short_scoreboard : WarpState.wait,
    throttleState: info.throttle,
  };
}

/** Which unit an instruction of `pipe` occupies, and its alternative, given the FP32 split. */
function unitsOf(pipe: Pipe, fp32: boolean, halves: ArchSpec["fmaHalves"]): { unit: number; alt: number } {
  if (halves === undefined) return { unit: pipe, alt: -1 };
  if (fp32) return halves.preferred === "lite" ? { unit: FMA_LITE, alt: Pipe.fma } : { unit: Pipe.fma, alt: FMA_LITE };
  return { unit: pipe, alt: -1 };
}

/**
 * 32-bit words per thread of a memory access, from its width modifier (`.64`, `.128`, LDSM's
 * `.x4`): also the wavefronts the access takes without bank conflicts.
 */
export function accessWords(modifiers: readonly string[]): number {
  for (const m of modifiers) {
    // LDSM.16.M88.2 / .4: two or four 8x8 matrices of 16-bit values (256, 512 bytes a warp).
    if (m === "64" || m === "U64" || m === "S64" || m === "X2" || m === "2") return 2;
    if (m === "128" || m === "U128" || m === "X4" || m === "4") return 4;
  }
  return 1;
}
