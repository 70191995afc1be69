import { sectorKey } from "../sm/memory/sector-key.js";
import type { WarpAccesses } from "./run-warp.js";

/**
 * The probe's sectors, for finding those another block's warps read in one pass over that
 * block's accesses (each once, however often its warps read it), without collecting the other
 * block's sectors first: a GEMM block's TMA copies read tens of thousands of sectors, and the
 * estimate compares hundreds of blocks.
 */
export class ProbeSectors {
  /** Per instruction: each of its probe sectors and the last comparison that saw it there. */
  private readonly seenIn: Map<number, number>[];
  /** Each probe sector (by any instruction): its slot in `instructionsOf` and `lastSeen`. */
  private readonly slots = new Map<number, number>();
  private readonly instructionsOf: number[][] = [];
  private readonly lastSeen: number[] = [];
  private comparison = 0;

  /** `mine`: per instruction, the probe's sectors (their sectorKey). */
  constructor(mine: readonly Set<number>[]) {
    this.seenIn = mine.map((set) => new Map(Array.from(set, (s) => [s, -1])));
    mine.forEach((set, i) =>
      set.forEach((s) => {
        let slot = this.slots.get(s);
        if (slot === undefined) {
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
        if (slot === undefined || this.lastSeen[slot] === now) continue;
        this.lastSeen[slot] = now;
        for (const i of this.instructionsOf[slot]) shared(i, s);
      }
    }
  }

  /** As forEachShared, but a probe sector counts only where `warps` read it by the same instruction (a sampled block stands for its line). */
  forEachSharedBySameInstruction(warps: readonly WarpAccesses[], shared: (instruction: number, sector: number) => void): void {
    const now = this.comparison++;
    for (const a of warps) {
      for (let k = 0; k < a.at.length; k++) {
        const seen = this.seenIn[a.instruction[k]];
        if (seen.size === 0) continue;
        for (let j = a.start[k]; j < a.start[k + 1]; j++) {
          const s = sectorKey(a.sectors[j]);
          const last = seen.get(s);
          if (last === undefined || last === now) continue;
          seen.set(s, now);
          shared(a.instruction[k], s);
        }
      }
    }
  }
}
