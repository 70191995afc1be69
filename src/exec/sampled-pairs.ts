import { SectorTable } from "../sm/memory/sector-table.js";
import { sectorKey } from "../sm/memory/sector-key.js";
import type { WarpAccesses } from "./run-warp.js";

const READERS = 0;
const LAST = 1;

/**
 * The pairs of sampled blocks on one line of the grid, and the sectors each pair shares, per
 * instruction (l2-sharing.ts, sampleGroup: where few sampled blocks share with the probe, each
 * pair of samples counts as a draw too). A block added shares, with every block added before
 * it, the sectors both read by the same instruction: one pass over its own distinct sectors,
 * with a count of earlier readers per sector.
 *
 * Keys are (sector, instruction) in one number, sectorKey(sector) * instructions + instruction,
 * in typed-array tables (sector-table.ts), instead of a Set and a Map per instruction and
 * sampled block (the same counts; bench/RESULTS.md: no faster on the async family, whose time
 * is the millions of sectors its TMA boxes read, not the lookups).
 */
export class SampledPairs {
  /** Per key: how many blocks added so far read it (column READERS), and the last of them (LAST). */
  private readonly table = new SectorTable(-1, 2);
  private readonly added: { block: number; keys: number[]; instructions: number[] }[] = [];

  constructor(private readonly instructions: number) {}

  /**
   * Adds `block`'s accesses: adds to `shared[i]`, per instruction, the sectors it shares with
   * each block added before, less those with the blocks in `near` (neighbours share a halo,
   * counted apart); returns how many pairs that makes (near ones left out).
   */
  add(block: number, warps: readonly WarpAccesses[], near: ReadonlySet<number>, shared: Float64Array): number {
    const index = this.added.length;
    const keys: number[] = [];
    const instructions: number[] = [];
    for (const a of warps) {
      for (let k = 0; k < a.at.length; k++) {
        const i = a.instruction[k];
        for (let j = a.start[k]; j < a.start[k + 1]; j++) {
          const key = sectorKey(a.sectors[j]) * this.instructions + i;
          const slot = this.table.slot(key);
          if (this.table.at(slot, LAST) === index) continue;
          this.table.put(slot, index, LAST);
          keys.push(key);
          instructions.push(i);
          const r = Math.max(0, this.table.at(slot, READERS));
          shared[i] += r;
          this.table.put(slot, r + 1, READERS);
        }
      }
    }
    let nearCount = 0;
    for (const other of this.added) {
      if (!near.has(other.block)) continue;
      nearCount++;
      for (let n = 0; n < other.keys.length; n++) if (this.table.get(other.keys[n], LAST) === index) shared[other.instructions[n]]--;
    }
    const pairs = this.added.length - nearCount;
    this.added.push({ block, keys, instructions });
    return pairs;
  }
}
