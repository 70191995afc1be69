/**
 * How much of what a kernel stores goes back to DRAM while it runs. The L2 is write-back: a
 * stored line stays dirty in it until it is evicted, and ncu counts (and the DRAM serves) only
 * the evictions during the kernel; what is still dirty at its end is written later, outside it.
 *
 * validation/microbench/l2_writeback_probe.cu measures it on the H100 (caches flushed before each
 * launch, as the validation captures are): a kernel that only stores W MiB writes W - 24 MiB of
 * them back while it runs, from 24 MiB on (32 MiB: 26%, 64: 63%, 128: 81%); an in-place update
 * of W MiB the same (its reads are of the lines it dirties); a copy that reads W/2 MiB and
 * stores W/2 elsewhere writes back as if a fifth of what it read had been stored too (64 MiB:
 * 35%, 128: 67%): the L2 keeps about 24 MiB of dirty lines (less than half of its 50 MiB; clean
 * lines read once are what it drops first, so reads cost the dirty data little room).
 *
 * The share of each stored sector written back is therefore 1 - K / (S + R / 5), floored at 0,
 * with S the bytes the grid stores, R those it only reads, K the L2's room for dirty lines.
 *
 * Warm (the kernel run again on an L2 it left as it was, ncu's --cache-control none): the lines
 * the run before left dirty take room too, so the stores count twice, 1 - K / (2 S + R / 5).
 * validation/memory's warm captures: 16 MiB transposes and stencils write back 4-6 MiB of their
 * 16 (cold: 1.3-3), which this gives as 5; 32 MiB copies 23-36 of 32 (it gives 21).
 */

/** The L2's room for dirty lines, as a share of its bytes (H100: 24 of 50 MiB, l2_writeback_probe). */
export const DIRTY_SHARE_OF_L2 = 0.48;
/** How much a byte the kernel only reads counts against that room, as a byte stored would (l2_writeback_probe's copies). */
export const READ_WEIGHT = 0.2;

/** The share of stored bytes written back to DRAM during the kernel (0 when they all stay dirty in the L2). */
export function writeBackShare(storedBytes: number, readOnlyBytes: number, l2Bytes: number, warm = false): number {
  const pressure = (warm ? 2 : 1) * storedBytes + READ_WEIGHT * readOnlyBytes;
  if (storedBytes <= 0 || pressure <= 0) return 0;
  return Math.max(0, 1 - (DIRTY_SHARE_OF_L2 * l2Bytes) / pressure);
}
