import type { RawMemoryCounters } from "../../stats/memory-report.js";

/** What the accesses did, in ncu's terms (docs/memory.md maps each to its metric). */
export class MemoryCounters implements RawMemoryCounters {
  loadRequests = 0;
  loadSectors = 0;
  loadSectorHits = 0;
  storeRequests = 0;
  storeSectors = 0;
  /** TMA and bulk copies: counted apart from the LSU's loads (ncu's l1tex counters leave them out). */
  copyRequests = 0;
  copySectors = 0;
  /** Cycles from each copy's issue to its landing, summed (the async unit times the landing). */
  copyLatencyCycles = 0;
  /** Sectors the L1 asked of the L2 for loads, and those that hit there. */
  l2ReadSectors = 0;
  l2ReadHits = 0;
  dramReadBytes = 0;
  dramWriteBytes = 0;
  /** Accesses whose addresses were not known (loaded data): timed by the declared latency instead. */
  unaddressed = 0;
  /** Local-memory loads (LDL: spills, arrays indexed at run time), apart from the global ones above. */
  localLoadRequests = 0;
  localLoadSectors = 0;
  localLoadSectorHits = 0;
  /** Lines the stores wrote in part (a sector not wholly written), each at l2PartialLineCycles. */
  storePartialLines = 0;
  /** Local-memory stores (STL), written through to the L2 as global ones are, counted apart. */
  localStoreRequests = 0;
  localStoreSectors = 0;
}
