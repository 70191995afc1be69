/**
 * `cuobjdump -res-usage` output: what ptxas allocated per kernel. A `-sass` listing does not
 * show a kernel's registers or its static shared memory (`__shared__` arrays), and both decide
 * occupancy; this output does. Its form (CUDA 11-13):
 *
 *   Resource usage:
 *    Common:
 *     GLOBAL:0
 *    Function _Z5saxpyifPfS_:
 *     REG:8 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:552 TEXTURE:0 SURFACE:0 SAMPLER:0
 *
 * A user pastes it into the listing's file (before or after the SASS); the reader skips it.
 */

/** One kernel's allocation, in ptxas's units: registers per thread, bytes per block or thread. */
export interface ResourceUsage {
  readonly registers: number;
  /** Static shared memory per block, bytes (dynamic shared memory comes with the launch). */
  readonly sharedBytes: number;
  /** Stack frame per thread, bytes. */
  readonly stackBytes: number;
  /** Local memory per thread, bytes. */
  readonly localBytes: number;
}

// ` Function NAME:` (no space before the colon; the SASS header is `Function : NAME`).
const FUNCTION = /^\s*Function\s+(\S+):\s*$/;
const FIELDS = /^\s*REG:\d+(\s+[A-Z]+(\[\d+\])?:\d+)*\s*$/;

/** A line of -res-usage output, which a SASS reader skips. */
export function isResourceUsageLine(raw: string): boolean {
  return /^\s*(Resource usage:|Common:|GLOBAL:\d+)\s*$/.test(raw) || FUNCTION.test(raw) || FIELDS.test(raw);
}

/** Every kernel's usage in a text, by the (mangled) name it has in the listing. */
export function readResourceUsage(text: string): Map<string, ResourceUsage> {
  const usage = new Map<string, ResourceUsage>();
  let kernel: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const fn = FUNCTION.exec(raw);
    if (fn) {
      kernel = fn[1];
    } else if (kernel !== undefined && raw.trim() !== "") {
      // The line after ` Function NAME:` holds its fields.
      if (FIELDS.test(raw)) usage.set(kernel, { registers: field(raw, "REG"), sharedBytes: field(raw, "SHARED"), stackBytes: field(raw, "STACK"), localBytes: field(raw, "LOCAL") });
      kernel = undefined;
    }
  }
  return usage;
}

function field(line: string, key: string): number {
  return Number(new RegExp(`(?:^|\\s)${key}:(\\d+)`).exec(line)?.[1] ?? 0);
}
