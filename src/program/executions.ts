import { OPCODES, OpKind } from "./opcodes.js";
import type { ParsedProgram } from "./parse.js";

/*
 * How many times one warp executes each instruction, from the parsed program's loops (no
 * decoding needed): the dynamic length of a program, and shares of it.
 */

export interface Loop {
  readonly start: number;
  readonly end: number;
  readonly trips: number;
}

/** Warp-instructions one warp executes, from the parsed program (no decoding needed). */
export function dynamicLengthOf(parsed: ParsedProgram): number {
  return executionsOf(parsed).reduce((a, b) => a + b, 0);
}

/** How many times one warp executes each instruction (by pc), loops unrolled. */
export function executionsOf(parsed: ParsedProgram): Float64Array {
  return countDynamic(
    parsed.length,
    parsed.loops.map((l) => ({ start: l.start, end: l.pc, trips: l.trips })),
  );
}

/** Share of a warp's executed instructions that are global or local loads (LDG, LDL). */
export function loadShareOf(parsed: ParsedProgram): number {
  const executions = executionsOf(parsed);
  let loads = 0;
  let all = 0;
  for (let pc = 0; pc < parsed.length; pc++) {
    all += executions[pc];
    if (OPCODES[parsed.base[pc]].kind === OpKind.loadGlobal) loads += executions[pc];
  }
  return all > 0 ? loads / all : 0;
}

/**
 * Each instruction executes once per trip of every loop around it. Loops are properly nested
 * (the parser pairs .loop/.endloop), so a stack of the enclosing loops' trip products, pushed
 * outermost first where several start at one pc, is enough: linear in the program length.
 */
export function countDynamic(length: number, unsorted: readonly Loop[]): Float64Array {
  const loops = [...unsorted].sort((a, b) => a.start - b.start || b.end - a.end);
  const product: number[] = [1];
  const ends: number[] = [];
  const executions = new Float64Array(length);
  let next = 0;
  for (let pc = 0; pc < length; pc++) {
    for (; next < loops.length && loops[next].start === pc; next++) {
      product.push(product[product.length - 1] * loops[next].trips);
      ends.push(loops[next].end);
    }
    executions[pc] = product[product.length - 1];
    while (ends.length > 0 && ends[ends.length - 1] === pc) {
      ends.pop();
      product.pop();
    }
  }
  return executions;
}
