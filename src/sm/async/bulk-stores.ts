import { LevelPath } from "../memory/level-path.js";
import { CommitGroups } from "./commit-groups.js";

/**
 * Bulk stores from shared memory to global memory (UTMASTG: TMA's tensor store; UBLKCP.G.S:
 * cp.async.bulk.global.shared), as the H100 runs them (validation/async/store_probe.cu): the
 * SM's store engine reads one after another at `engineBytesPerCycle`; the share of the bytes
 * that the L2 cannot keep (the run's write-back share: the grid's footprint beyond the L2) takes
 * the SM's share of DRAM's write rate when every SM stores alike (a long-run rate, a burst of
 * `creditCycles` worth passing, as the load paths' shares: level-path.ts); a store is done
 * `ackCycles` after its last byte left (a TMA store `tmaFasterCycles` sooner), and counts for its warp's open commit group
 * (UTMACMDFLUSH commits, DEPBAR.LE SB0, n waits until at most n groups are pending).
 */
export class BulkStores {
  readonly groups: CommitGroups;
  private engineFreeAt = 0;
  private readonly dramPath: LevelPath;

  constructor(
    warpSlots: number,
    private readonly engineBytesPerCycle: number,
    private readonly ackCycles: number,
    private readonly tmaFasterCycles: number,
    dramBytesPerCycle: number,
    creditCycles: number,
    private readonly writeBackShare: number,
  ) {
    this.groups = new CommitGroups(warpSlots);
    this.dramPath = new LevelPath(dramBytesPerCycle, 0, Infinity, true, creditCycles);
  }

  /**
   * The warp issues a bulk store of `bytes` at `now` (`tma`: a TMA store, UTMASTG, done
   * `tmaFasterCycles` sooner than a bulk one): when it is done.
   */
  store(warp: number, bytes: number, now: number, tma = false): number {
    const streamed = Math.max(now, this.engineFreeAt) + bytes / this.engineBytesPerCycle;
    this.engineFreeAt = streamed;
    const ack = tma ? this.ackCycles - this.tmaFasterCycles : this.ackCycles;
    const done = Math.ceil(streamed + this.dramPath.serve(now, bytes * this.writeBackShare) + ack);
    this.groups.add(warp, done);
    return done;
  }
}
