/**
 * Scattered accesses that all SMs aim at a few lines take the L2 longer per line than the same
 * accesses spread over many (validation/microbench/l2_footprint_probe.cu). Every SM gathering
 * 32 random lines a request (.cg: straight to the L2) takes 199 cycles a request from 64 lines,
 * 57.3 from 1,024, 49.5 from 4,096 and 46.2-46.9 from 8,192 up; stores of 32 lines written in
 * part take 690 cycles a request into 48 lines, 176.3 into 1,024 and 97.5-98.6 from 8,192 up.
 * The lines, not the bytes, decide it: the same counts of lines spread over 16 MiB cost as much
 * or more, and with half the SMs on 1,024 lines the GPU still writes only 24 lines a cycle, as
 * with all of them. So the architecture gives, per count of lines the GPU's running blocks aim
 * at (ArchSpec l2HotLines), the factor by which the L2's GPU-wide rate for them is slower:
 * for loads, per line a request touches (addressed-memory.ts multiplies each missed line's
 * request cost); for stores, per byte of the write rate. Fewer lines than the table's first
 * take its first factor; more than its last, none.
 */
export interface HotLineTable {
  /** Counts of lines, ascending. */
  readonly lines: readonly number[];
  /** Per count: how much slower the L2 serves loads' missed lines, and accepts stores. */
  readonly loadFactor: readonly number[];
  readonly storeFactor: readonly number[];
}

/** The table's factor for `lines` hot lines, interpolated linearly in log2 of the count, held at both ends. */
export function hotLineFactor(table: HotLineTable, lines: number, factors: readonly number[]): number {
  const at = table.lines;
  if (!(lines > at[0])) return factors[0];
  for (let k = 1; k < at.length; k++) {
    if (lines > at[k]) continue;
    const t = Math.log2(lines / at[k - 1]) / Math.log2(at[k] / at[k - 1]);
    return factors[k - 1] + t * (factors[k] - factors[k - 1]);
  }
  return factors[factors.length - 1];
}

/**
 * The distinct lines an instruction's accesses fall on among the blocks that run at once: the
 * grid's `gridLines` (what all blocks touch), each block touching `blockLines` of them. With
 * every block resident at once, all of them; otherwise `running` blocks drawn at random cover
 * gridLines (1 - e^-(running blockLines / gridLines)): a random gather's few thousand lines are
 * covered by a wave of blocks many times over, a stream's running blocks each bring their own.
 */
export function concurrentLines(blockLines: number, gridLines: number, gridBlocks: number, running: number): number {
  if (gridLines <= 0) return 0;
  if (gridBlocks <= running) return gridLines;
  return gridLines * -Math.expm1((-running * blockLines) / gridLines);
}

/**
 * Per instruction, the distinct lines among one block's sectors (`mine`: sector numbers, or their
 * sectorKey, which keeps four a line) and the lines from the lowest to the highest.
 */
export function linesTouched(mine: readonly Set<number>[]): { blockLines: Float64Array; spanLines: Float64Array } {
  const lines = new Set<number>();
  const blockLines = new Float64Array(mine.length);
  const spanLines = new Float64Array(mine.length);
  mine.forEach((set, i) => {
    if (set.size === 0) return;
    lines.clear();
    let lo = Infinity;
    let hi = -Infinity;
    set.forEach((s) => {
      const line = Math.floor(s / 4);
      lines.add(line);
      lo = Math.min(lo, line);
      hi = Math.max(hi, line);
    });
    blockLines[i] = lines.size;
    spanLines[i] = hi - lo + 1;
  });
  return { blockLines, spanLines };
}

/** Sharers of a sector (blocks that touch it, 1 / miss share) from which the grid draws on one pool of lines. */
const POOL_SHARERS = 4;

/**
 * Per kernel instruction, the load and store factors: 1 unless several SMs aim at the same few
 * lines. `missShare` is the share of the instruction's sectors in one block (the probe) that no
 * other block touches first (l2-sharing.ts): where each is touched by POOL_SHARERS blocks or
 * more, the blocks draw on one pool of lines (a gather or scatter at random indices into a small
 * vector, a GEMM's matrix), of about `blockLines` (the probe's distinct lines) x gridBlocks x
 * missShare lines, and no more than the probe spans (`spanLines`): a sector count overstates
 * the lines of a sparse draw (a block of scatter_idx touches one sector in each of 241 lines;
 * the grid, all four of 2,048 lines). Lines each block keeps to itself are not hot, however
 * few: the probe measured many SMs on the same lines, and one SM's stream of its own lines is
 * what the rates without a factor were measured on.
 */
export function hotLineFactors(
  table: HotLineTable,
  sharing: { blockLines: Float64Array; spanLines: Float64Array; missShare: Float64Array },
  gridBlocks: number,
  running: number,
): { load: Float64Array; store: Float64Array } {
  const { blockLines, spanLines, missShare } = sharing;
  const load = new Float64Array(blockLines.length).fill(1);
  const store = new Float64Array(blockLines.length).fill(1);
  for (let i = 0; i < blockLines.length; i++) {
    if (blockLines[i] === 0 || missShare[i] * POOL_SHARERS > 1) continue;
    const gridLines = Math.min(spanLines[i], Math.max(blockLines[i], blockLines[i] * gridBlocks * missShare[i]));
    const lines = concurrentLines(blockLines[i], gridLines, gridBlocks, running);
    load[i] = hotLineFactor(table, lines, table.loadFactor);
    store[i] = hotLineFactor(table, lines, table.storeFactor);
  }
  return { load, store };
}
