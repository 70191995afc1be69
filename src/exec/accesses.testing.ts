import type { WarpAccesses } from "./run-warp.js";

/** The buffers' first sector (kernel-args.ts BUFFER_BASE / 32): tests name sectors from it. */
export const BASE_SECTOR = 0x7f0000000000 / 32;

/**
 * One warp's recorded accesses for a test: each [instruction, sectors...] row an access, its
 * sectors counted from BASE_SECTOR. (A `.testing.ts` module: for tests, not built into dist.)
 */
export function warpAccesses(...rows: [number, ...number[]][]): WarpAccesses {
  const start = [0];
  const sectors: number[] = [];
  for (const [, ...s] of rows) {
    sectors.push(...s.map((x) => BASE_SECTOR + x));
    start.push(sectors.length);
  }
  return {
    at: Float64Array.from(rows, (_, i) => i),
    instruction: Int32Array.from(rows, (r) => r[0]),
    kind: new Uint8Array(rows.length),
    start: Int32Array.from(start),
    sectors: Float64Array.from(sectors),
    passes: new Uint16Array(rows.length),
    delay: new Uint16Array(rows.length),
    partialLines: new Uint8Array(rows.length),
  };
}
