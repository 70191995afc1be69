/**
 * Bit arithmetic on 32-bit masks. The model keeps sets of warps this way (src/sm/candidate-masks.ts,
 * the policies' pickMask, src/stats/look-accounting.ts): bit r stands for a scheduler's r-th
 * oldest resident warp.
 */

/** Set bits of each 16-bit value, for popcount. */
const POP16 = new Uint8Array(1 << 16);
for (let i = 1; i < POP16.length; i++) POP16[i] = POP16[i >> 1] + (i & 1);

/**
 * Population count of a 32-bit mask. Two table reads rather than the usual bit tricks: the
 * function's bytecode then stays under V8's always-inline size, so it costs the run loop none of
 * its inlining budget (bench/RESULTS.md, "One scheduler decision").
 */
export function popcount(x: number): number {
  return POP16[x & 0xffff] + POP16[x >>> 16];
}

/** Index of the lowest set bit of a nonzero mask. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Index of the highest set bit of a nonzero mask. */
export function highestBit(x: number): number {
  return 31 - Math.clz32(x);
}

/** The mask without bit r (which is clear): the bits above it move one down. */
export function squeezeOut(r: number, m: number): number {
  const low = (1 << r) - 1;
  return (m & low) | ((m >>> 1) & ~low);
}

/** Opens a 0 bit at position r: bits r and above move up one (squeezeOut's inverse). */
export function squeezeIn(r: number, m: number): number {
  const low = (1 << r) - 1;
  return (m & low) | ((m & ~low) << 1);
}
