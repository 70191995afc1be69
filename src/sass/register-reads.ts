import { Pipe } from "../arch/arch-spec.js";
import { OPCODES, OpKind } from "../program/opcodes.js";
import type { SassInstruction } from "./read-sass.js";

/**
 * The general registers an instruction reads from the register file, as the H100 reads them
 * (validation/microbench/regbank_probe.cu; docs/timing.md, "Register banks"):
 *
 * - each register once, however many of the instruction's operands name it (`FFMA R5, R2, R2,
 *   R3` reads R2 once);
 * - not RZ, uniform registers, constants or immediates;
 * - not an operand the operand-reuse cache serves: the previous instruction of the listing marked
 *   the same register `.reuse` in the same operand slot (a, b, c: the order of the source
 *   operands). The cache lasts one instruction: the probe's FFMA that caches R2 every other
 *   instruction saves nothing, and one that reads R2 in slot b after slot a cached it reads it.
 *
 * Only fixed-latency math outside the tensor and FP64 pipes: that is what the probe measured
 * (FFMA); memory instructions, MMAs and 64-bit operands read through paths it did not probe. An
 * instruction guarded `@!PT` reads nothing; one whose guard is false at run time for every lane
 * still reads here (not probed).
 * How the reads turn into cycles (banks, ports) is the architecture's (ArchSpec.registerFile).
 */
export function registerReads(ins: SassInstruction, previous: SassInstruction | undefined): number[] {
  // No lane executes `@!PT`: the probe's FFMAs so guarded read nothing (1.00 cycles for R2 R4 R6).
  if (!readsModelled(ins) || ins.guard === "@!PT") return [];
  const sources = sourceSlots(ins);
  const cached = previous !== undefined && readsModelled(previous) ? sourceSlots(previous) : [];
  const reads: number[] = [];
  sources.forEach((s, slot) => {
    if (s === undefined) return;
    const c = cached[slot];
    if (c !== undefined && c.reg === s.reg && c.reuse) return;
    if (!reads.includes(s.reg)) reads.push(s.reg);
  });
  return reads;
}

function readsModelled(ins: SassInstruction): boolean {
  const info = OPCODES[ins.opcode];
  return info !== undefined && info.kind === OpKind.math && info.pipe !== Pipe.tensor && info.pipe !== Pipe.fp64;
}

interface Slot {
  readonly reg: number;
  readonly reuse: boolean;
}

const GENERAL_REGISTER = /^[-|~!]*R(\d+)((?:\.[A-Za-z0-9_]+)*)\|?$/;
const PREDICATE = /^!?U?P(\d+|T)$/;

/**
 * The source operands in slot order (predicates left out), each a general register or
 * undefined (RZ, a uniform register, a constant, an immediate). The first operand is the
 * destination (or a predicate result, dropped with the predicates).
 */
function sourceSlots(ins: SassInstruction): (Slot | undefined)[] {
  const info = OPCODES[ins.opcode];
  const operands = info !== undefined && info.destinations > 0 ? ins.operands.slice(1) : ins.operands;
  const slots: (Slot | undefined)[] = [];
  for (const text of operands) {
    const operand = text.trim();
    if (PREDICATE.test(operand)) continue;
    const m = GENERAL_REGISTER.exec(operand);
    if (m === null || m[2].includes(".64")) {
      slots.push(undefined);
      continue;
    }
    slots.push({ reg: Number(m[1]), reuse: m[2].includes(".reuse") });
  }
  return slots;
}
