import { sectorKey } from "../sm/memory/sector-key.js";
import { SectorTable } from "../sm/memory/sector-table.js";
import type { WarpAccesses } from "./run-warp.js";

/** A key of `seenIn` that is not one of the probe's (sector, instruction) pairs. */
const NOT_THE_PROBES = -2;

/**
 * The probe's sectors, for finding those another block's warps read in one pass over that
 * block's accesses (each once, however often its warps read it), without collecting the other
 * block's sectors first: a GEMM block's TMA copies read tens of thousands of sectors, and the
 * estimate compares hundreds of blocks. The lookups go through typed-array tables
 * (sector-table.ts), not Maps: they are most of the L2 estimate's time.
 */
export class ProbeSectors {
  /** Per (sector, instruction) of the probe (key sectorKey * instructions + instruction): the last comparison that saw it there, -1 before any. */
  private readonly seenIn = new SectorTable(NOT_THE_PROBES);
  /** Per instruction: whether the probe reads anything by it. */
  private readonly reads: Uint8Array;
  /** Each probe sector (by any instruction): its slot in `instructionsOf` and `lastSeen`. */
  private readonly slots = new SectorTable(-1);
  private readonly instructionsOf: number[][] = [];
  private readonly lastSeen: number[] = [];
  private comparison = 0;

  /** `mine`: per instruction, the probe's sectors (their sectorKey). */
  constructor(private readonly mine: readonly Set<number>[]) {
    this.reads = Uint8Array.from(mine, (set) => (set.size > 0 ? 1 : 0));
    mine.forEach((set, i) =>
      set.forEach((s) => {
        this.seenIn.set(s * mine.length + i, -1);
        let slot = this.slots.get(s);
        if (slot < 0) {
          slot = this.instructionsOf.length;
          this.slots.set(s, slot);
          this.instructionsOf.push([]);
          this.lastSeen.push(-1);
        }
        this.instructionsOf[slot].push(i);
      }),
    );
  }

  /**
   * Calls `shared(instruction, sector)` once for each probe sector (and each probe instruction
   * that reads it) that `warps` read by any instruction: a sector another block brought into the
   * L2 is there for all of the probe's reads.
   */
  forEachShared(warps: readonly WarpAccesses[], shared: (instruction: number, sector: number) => void): void {
    const now = this.comparison++;
    for (const a of warps) {
      for (let j = 0; j < a.sectors.length; j++) {
        const s = sectorKey(a.sectors[j]);
        const slot = this.slots.get(s);
        if (slot < 0 || this.lastSeen[slot] === now) continue;
        this.lastSeen[slot] = now;
        for (const i of this.instructionsOf[slot]) shared(i, s);
      }
    }
  }

  /** As forEachShared, but a probe sector counts only where `warps` read it by the same instruction (a sampled block stands for its line). */
  forEachSharedBySameInstruction(warps: readonly WarpAccesses[], shared: (instruction: number, sector: number) => void): void {
    const now = this.comparison++;
    const count = this.mine.length;
    for (const a of warps) {
      for (let k = 0; k < a.at.length; k++) {
        const i = a.instruction[k];
        if (this.reads[i] === 0) continue;
        for (let j = a.start[k]; j < a.start[k + 1]; j++) {
          const s = sectorKey(a.sectors[j]);
          const key = s * count + i;
          const last = this.seenIn.get(key);
          if (last === NOT_THE_PROBES || last === now) continue;
          this.seenIn.set(key, now);
          shared(i, s);
        }
      }
    }
  }
}
