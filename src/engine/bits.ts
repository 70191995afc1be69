/**
 * Bit arithmetic on 32-bit masks. The model keeps sets of warps this way (src/sm/candidate-masks.ts,
 * the policies' pickMask, src/stats/look-accounting.ts): bit r stands for a scheduler's r-th
 * oldest resident warp.
 */

/** Population count of a 32-bit mask. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
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
