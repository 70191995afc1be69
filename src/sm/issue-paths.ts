import { OpKind } from "../program/opcodes.js";
import { PATH_NONE, type Program } from "../program/program.js";
import { type ConstantCache, isIndexedConstantLoad } from "./constant-cache.js";
import type { MemoryPaths } from "./memory/memory-paths.js";

/**
 * Per pc, 1 where the instruction's effects do not repeat from trip to trip, so the
 * steady-state fast-forward must start over (src/sm/steady-state.ts): shared-memory and atomic
 * accesses (their paths' queues), global loads with a random latency or a bandwidth or
 * in-flight limit, and global stores with a random latency or that take DRAM's bandwidth
 * (MemoryPaths.repeats).
 */
export function aperiodicPcs(program: Program, paths: MemoryPaths): Uint8Array {
  const at = new Uint8Array(program.length);
  for (let pc = 0; pc < program.length; pc++) if (!paths.repeats(pc)) at[pc] = 1;
  return at;
}

/**
 * Per pc, 1 where the instruction's issue is the plain case (most ALU and FP32 work): it books
 * its unit and writes its result after a fixed latency, and nothing else: no memory path,
 * constant line, copy group, read barrier, dispatch hold or stall count, and it repeats. The
 * SM's issue takes a short path for these.
 */
export function simplePcs(program: Program, aperiodicAt: Uint8Array, constants: ConstantCache): Uint8Array {
  const at = new Uint8Array(program.length);
  for (let pc = 0; pc < program.length; pc++) {
    const kind = program.kind[pc];
    const fixedLatency = kind === OpKind.math || kind === OpKind.mio;
    const nothingElse =
      program.path[pc] === PATH_NONE &&
      aperiodicAt[pc] === 0 &&
      constants.isLoad[pc] === 0 &&
      // A register-indexed LDC may queue for its sub-partition's constant path (memory-paths.ts).
      !isIndexedConstantLoad(program, pc) &&
      program.asyncCopy[pc] === 0 &&
      program.fenceCycles[pc] === 0 &&
      program.readBarrier[pc] < 0 &&
      program.dispatchCycles[pc] <= 1 &&
      program.stallCycles[pc] <= 1;
    if (fixedLatency && nothingElse) at[pc] = 1;
  }
  return at;
}
