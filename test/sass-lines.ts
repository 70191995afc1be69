import type { SassInstruction } from "../src/sass/read-sass.js";

/**
 * A listing line by line, without encodings, for tests of analyses that read opcodes, guards,
 * operands and branch targets only: instruction i at address 16 i, `BRA 0x40`'s target read
 * from its operand, every control code the same.
 */
export function sassLines(lines: readonly string[]): SassInstruction[] {
  return lines.map((text, i) => {
    const m = /^(@!?U?P\w+\s+)?([A-Z0-9]+)((?:\.[A-Za-z0-9_]+)*)\s*(.*)$/.exec(text)!;
    const target = m[2] === "BRA" && /^0x[0-9a-f]+$/.test(m[4]) ? parseInt(m[4], 16) : undefined;
    return {
      address: i * 16,
      line: i + 1,
      ...(m[1] ? { guard: m[1].trim() } : {}),
      opcode: m[2],
      modifiers: m[3].split(".").filter(Boolean),
      operands: m[4] === "" ? [] : m[4].split(/,\s*(?![^[]*\])/).map((o) => o.trim()),
      ...(target === undefined ? {} : { target }),
      text,
      control: { stall: 1, yield: false, writeBarrier: -1, readBarrier: -1, waitMask: 0, reuse: 0 },
    } as SassInstruction;
  });
}
