import type { ArchSpec } from "../arch/arch-spec.js";
import type { SimulationResult } from "../stats/metrics.js";

/** An upper bound on issue active per scheduler from one memory level's bandwidth (explain.ts's Bound). */
export interface MemoryBound {
  readonly term: "dram" | "l2-reads" | "l2-writes" | "copies";
  readonly issueActive: number;
  readonly reading: string;
}

/**
 * `explain`'s bounds for a run whose memory followed the addresses (docs/memory.md): each
 * level serves the SM at most its share of bandwidth, and the run moved so many bytes per
 * issued instruction through it, so the schedulers can issue at most share / (bytes per
 * instruction) instructions per cycle between them (Little's law for the level).
 */
export function addressedMemoryBounds(result: SimulationResult, arch: ArchSpec): MemoryBound[] {
  const m = result.memory;
  const issued = result.sm.instExecuted;
  if (m === undefined || issued === 0) return [];
  const bw = arch.memoryBandwidth;
  const smsps = arch.subpartitionsPerSm;
  const out: MemoryBound[] = [];
  const bound = (term: MemoryBound["term"], bytes: number, perCycle: number, what: string) => {
    if (bytes <= 0 || !Number.isFinite(perCycle)) return;
    const perInstruction = bytes / issued;
    out.push({
      term,
      issueActive: perCycle / perInstruction / smsps,
      reading: `${what}: ${fix(perInstruction)} bytes per issued instruction against the SM's share, ${fix(perCycle)} B/cycle`,
    });
  };
  bound("dram", m.dramReadBytes + m.dramWriteBytes, bw.dramBytesPerCycle, `DRAM read ${kib(m.dramReadBytes)} and wrote back ${kib(m.dramWriteBytes)}`);
  const missed = m.l2ReadSectors - m.copySectors;
  bound("l2-reads", missed * 32, bw.l2BytesPerCycle, `the L1 missed ${missed} sectors to the L2 (L1 hit rate ${pct(m.l1LoadHitRate)}, ${fix(m.sectorsPerLoadRequest)} sectors per load request)`);
  // TMA and bulk copies draw on the L2 at their own rate (the LSU's issue does not hold them back).
  if (arch.asyncUnits !== undefined) bound("copies", m.copySectors * 32, arch.asyncUnits.copyL2BytesPerCycle, `copies (TMA, bulk) brought ${m.copySectors} sectors from the L2 into shared memory (${fix(m.copySectors / Math.max(1, m.copyRequests))} per copy)`);
  // The L2 writes the sectors DRAM brings at the stores' rate, and a line written in part costs more than its bytes.
  if (bw.l2WriteBytesPerCycle !== undefined) {
    const partial = m.storePartialLines * (bw.l2PartialLineCycles ?? 0) * bw.l2WriteBytesPerCycle;
    const fills = m.dramReadBytes > 0 ? ` and DRAM filled ${kib(m.dramReadBytes)} into it` : "";
    const sectors = m.storeSectors + m.localStoreSectors;
    const inPart = m.storePartialLines > 0 ? ` (${m.storePartialLines} lines in part)` : "";
    bound("l2-writes", sectors * 32 + partial + m.dramReadBytes, bw.l2WriteBytesPerCycle, `stores wrote ${sectors} sectors to the L2${inPart}${fills}`);
  }
  return out;
}

/**
 * A pipelined kernel's copies (TMA, bulk) by Little's law: the bytes in flight on average are the
 * rate the copies drew times their loaded latency; drawing the copies' share of the L2 over the
 * same latency takes share x latency bytes in flight. Fewer than that, and more stages (bytes in
 * flight) raise the rate; the rate at the share, and more only wait longer.
 */
export interface CopiesInFlight {
  readonly copies: number;
  readonly bytesPerCopy: number;
  /** Mean cycles from a copy's issue to its landing. */
  readonly latency: number;
  /** Bytes per SM cycle the copies drew over the run. */
  readonly rate: number;
  readonly bytesInFlight: number;
  /** The copies' share of the L2 (copyL2BytesPerCycle), and the bytes in flight that draw it at this latency. */
  readonly share: number;
  readonly bytesNeeded: number;
  /** The rate is within 10% of the share: the share binds, not the bytes in flight. */
  readonly shareBinds: boolean;
}

export function copiesInFlight(result: SimulationResult, arch: ArchSpec): CopiesInFlight | undefined {
  const m = result.memory;
  if (m === undefined || m.copyRequests === 0 || arch.asyncUnits === undefined || result.cycles === 0) return undefined;
  const bytes = m.copySectors * 32;
  const rate = bytes / result.cycles;
  const share = arch.asyncUnits.copyL2BytesPerCycle;
  return {
    copies: m.copyRequests,
    bytesPerCopy: bytes / m.copyRequests,
    latency: m.copyLatency,
    rate,
    bytesInFlight: rate * m.copyLatency,
    share,
    bytesNeeded: share * m.copyLatency,
    shareBinds: rate >= 0.9 * share,
  };
}

const fix = (x: number) => x.toFixed(2);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
