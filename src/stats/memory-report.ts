/**
 * What global and local accesses did when the memory model followed their addresses
 * (src/sm/memory/addressed-memory.ts), in Nsight Compute's terms: each field names the metric
 * it stands beside (docs/memory.md). Rates are fractions (ncu prints percent).
 */
export interface MemoryReport {
  /** l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum (local loads apart: localLoad*) */
  readonly loadRequests: number;
  /** l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum */
  readonly loadSectors: number;
  /** l1tex__t_sectors_pipe_lsu_mem_global_op_ld / requests */
  readonly sectorsPerLoadRequest: number;
  /** l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate (a sector whose fill is in flight counts as a hit, as ncu counts it) */
  readonly l1LoadHitRate: number;
  /** l1tex__t_requests_pipe_lsu_mem_global_op_st.sum */
  readonly storeRequests: number;
  /** Lines the stores wrote in part (a sector not wholly written): each costs the L2's write rate more than its bytes. */
  readonly storePartialLines: number;
  /** l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum */
  readonly storeSectors: number;
  /** TMA and bulk copies (UTMALDG, UBLKCP): not LSU loads, so not in ncu's l1tex load counters above; their sectors are L2 reads. */
  readonly copyRequests: number;
  readonly copySectors: number;
  /** Mean cycles from a copy's issue to its landing (its bytes counted on its mbarrier): the loaded latency of copies. */
  readonly copyLatency: number;
  /** lts__t_sectors_op_read.sum: the loads' L1 misses and the copies' sectors */
  readonly l2ReadSectors: number;
  /** lts__t_sector_op_read_hit_rate */
  readonly l2ReadHitRate: number;
  /** dram__bytes_read.sum */
  readonly dramReadBytes: number;
  /** dram__bytes_write.sum: the stores written back during the run */
  readonly dramWriteBytes: number;
  /** Accesses whose addresses depended on loaded data: timed by the declared latency instead. */
  readonly unaddressedAccesses: number;
  /** l1tex__t_requests/sectors_pipe_lsu_mem_local_op_ld.sum and the L1 hit rate of local loads (spills). */
  readonly localLoadRequests: number;
  readonly localLoadSectors: number;
  readonly l1LocalLoadHitRate: number;
  /** l1tex__t_requests/sectors_pipe_lsu_mem_local_op_st.sum (written through to the L2) */
  readonly localStoreRequests: number;
  readonly localStoreSectors: number;
}

/** The counters one run's memory model leaves (MemoryCounters). */
export interface RawMemoryCounters {
  readonly loadRequests: number;
  readonly loadSectors: number;
  readonly loadSectorHits: number;
  readonly storeRequests: number;
  /** Lines the stores wrote in part (a sector not wholly written): each costs the L2's write rate more than its bytes. */
  readonly storePartialLines: number;
  readonly storeSectors: number;
  readonly copyRequests: number;
  readonly copySectors: number;
  readonly copyLatencyCycles: number;
  readonly l2ReadSectors: number;
  readonly l2ReadHits: number;
  readonly dramReadBytes: number;
  readonly dramWriteBytes: number;
  readonly unaddressed: number;
  readonly localLoadRequests: number;
  readonly localLoadSectors: number;
  readonly localLoadSectorHits: number;
  readonly localStoreRequests: number;
  readonly localStoreSectors: number;
}

export function memoryReport(c: RawMemoryCounters): MemoryReport {
  const per = (x: number, d: number) => (d > 0 ? x / d : 0);
  return {
    loadRequests: c.loadRequests,
    loadSectors: c.loadSectors,
    sectorsPerLoadRequest: per(c.loadSectors, c.loadRequests),
    l1LoadHitRate: per(c.loadSectorHits, c.loadSectors),
    storeRequests: c.storeRequests,
    storePartialLines: c.storePartialLines,
    storeSectors: c.storeSectors,
    copyRequests: c.copyRequests,
    copySectors: c.copySectors,
    copyLatency: per(c.copyLatencyCycles, c.copyRequests),
    l2ReadSectors: c.l2ReadSectors,
    l2ReadHitRate: per(c.l2ReadHits, c.l2ReadSectors),
    dramReadBytes: c.dramReadBytes,
    dramWriteBytes: c.dramWriteBytes,
    unaddressedAccesses: c.unaddressed,
    localLoadRequests: c.localLoadRequests,
    localLoadSectors: c.localLoadSectors,
    l1LocalLoadHitRate: per(c.localLoadSectorHits, c.localLoadSectors),
    localStoreRequests: c.localStoreRequests,
    localStoreSectors: c.localStoreSectors,
  };
}
