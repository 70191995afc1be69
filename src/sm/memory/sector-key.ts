/**
 * Map keys for sector numbers. Kernels run from their arguments have their buffers at
 * 0x7f0000000000 and up (src/exec/kernel-args.ts's BUFFER_BASE, where CUDA's allocator puts
 * them), so their sector numbers pass 2^40: V8 keeps numbers that large as heap objects, and a
 * Map or Set keyed by them allocates and hashes a double for each. Less the buffers' first
 * sector, the keys of up to 32 GiB of buffers are small integers, kept inline and hashed fast;
 * subtracting one constant changes no comparison of keys (only their representation).
 */
export const SECTOR_KEY_ORIGIN = 0x7f0000000000 / 32;

/** The key a Map or Set holds for `sector` (any sector: one below the origin gets a negative key). */
export function sectorKey(sector: number): number {
  return sector - SECTOR_KEY_ORIGIN;
}

/** A sector number hashed with `key` into [0, 1) (MurmurHash3's finalizer over its two 32-bit halves). */
export function unitHash(sector: number, key: number): number {
  let h = (sector | 0) ^ key;
  h = Math.imul(h ^ Math.floor(sector / 4294967296), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
