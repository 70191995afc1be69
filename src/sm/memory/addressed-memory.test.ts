import { describe, expect, it } from "vitest";
import { sm_90 } from "../../arch/presets/sm_90.js";
import type { ArchSpec } from "../../arch/arch-spec.js";
import { AddressedMemory } from "./addressed-memory.js";

// Fixed latencies (no tails) and round bandwidths, so each time can be derived by hand.
const arch: ArchSpec = {
  ...sm_90,
  memoryLevels: { l1HitCycles: 32, l2HitCycles: 265, dramCycles: 613, l2TailCycles: 0, dramTailCycles: 0 },
  memoryBandwidth: { l2BytesPerCycle: 32, dramBytesPerCycle: 16, dramContentionCycles: 0, maxLoadsInFlight: 340, l2WriteBytesPerCycle: 8 },
};
const line = (first: number) => Float64Array.of(first, first + 1, first + 2, first + 3);

describe("AddressedMemory", () => {
  it("a cold line comes from DRAM; read again while in flight it is an L1 hit that waits for the fill; later an L1 hit", () => {
    const m = new AddressedMemory(arch, { l1Bytes: 1024, l2MissShare: Float64Array.of(1), writeBackShare: 0 }, "1");
    expect(m.load(0, 0, line(40), 0, 4)).toBe(613); // DRAM latency; 128 bytes queue behind nothing
    expect(m.load(100, 0, line(40), 0, 4)).toBe(613); // the fill in flight, not 100 + 32
    expect(m.load(1000, 0, line(40), 0, 4)).toBe(1032);
    const c = m.counters;
    expect([c.loadRequests, c.loadSectors, c.loadSectorHits, c.l2ReadSectors, c.l2ReadHits, c.dramReadBytes]).toEqual([3, 12, 8, 4, 0, 128]);
  });
  it("an L1 miss that hits in the L2 takes the L2's latency; the L2 path serves the SM's misses at its rate", () => {
    const m = new AddressedMemory(arch, { l1Bytes: 1024, l2MissShare: Float64Array.of(0), writeBackShare: 0 }, "1");
    expect(m.load(0, 0, line(0), 0, 4)).toBe(265);
    // 128 bytes at 32 per cycle keep the L2 path busy 4 cycles: the next miss waits them.
    expect(m.load(0, 0, line(8), 0, 4)).toBe(269);
    expect(m.counters.l2ReadHits).toBe(8);
  });
  it("an evicted line is fetched again, from the L2 this time (the SM read it before)", () => {
    const m = new AddressedMemory(arch, { l1Bytes: 128, l2MissShare: Float64Array.of(1), writeBackShare: 0 }, "1");
    m.load(0, 0, line(0), 0, 4); // DRAM
    m.load(1000, 0, line(4), 0, 4); // evicts line 0 (one line of L1)
    expect(m.load(2000, 0, line(0), 0, 4)).toBe(2265);
  });
  it("where the grid does not fit the L2, a sector stays as long as the GPU's misses take to fill l2RetainBytes", () => {
    // 132 SMs each missing 32 bytes in the first 2,000 cycles bring in 4,224 bytes: 2,112
    // retained bytes are 1,000 cycles' worth at t = 2,000, 2,050 at t = 4,100.
    const retained = new AddressedMemory(arch, { l1Bytes: 1024, l2MissShare: Float64Array.of(1), writeBackShare: 0, l2RetainBytes: 2112 }, "1");
    const kept = new AddressedMemory(arch, { l1Bytes: 1024, l2MissShare: Float64Array.of(1), writeBackShare: 0 }, "1");
    for (const m of [retained, kept]) {
      m.load(1000, 0, line(0), 0, 1, true); // past the L1: DRAM
      m.load(2000, 0, line(0), 0, 1, true); // 1,000 cycles later: in the L2
      m.load(4100, 0, line(0), 0, 1, true); // 2,100 > 2,050 cycles later: gone where retained
    }
    expect(retained.counters.dramReadBytes).toBe(64);
    expect(kept.counters.dramReadBytes).toBe(32);
  });
  it("copies queue for the copies' share with no credit for the time it stood idle", () => {
    const m = new AddressedMemory(arch, { l1Bytes: 1024, l2MissShare: Float64Array.of(0), writeBackShare: 0 }, "1");
    const copy = (at: number, first: number) => m.load(at, 0, Float64Array.from({ length: 128 }, (_, k) => first + k), 0, 128, true, false, true);
    const perCopy = 4096 / sm_90.asyncUnits!.copyL2BytesPerCycle; // 4 KiB at 44.6 bytes per cycle: 91.8 cycles
    expect(copy(0, 0)).toBe(265);
    expect(copy(200, 1000)).toBe(465); // the share was free again at 91.8
    // Queued behind the one before (a burst credit would have served it from 183.6: 465).
    expect(copy(200, 2000)).toBe(Math.ceil(200 + 265 + perCopy));
  });
  it("stores queue for the L2's write rate, and the share written back takes DRAM bandwidth", () => {
    const m = new AddressedMemory(arch, { l1Bytes: 1024, l2MissShare: Float64Array.of(1), writeBackShare: 0.5 }, "1");
    expect(m.store(0, line(0), 0, 4)).toBe(0);
    expect(m.store(0, line(4), 0, 4)).toBe(16); // 128 bytes at 8 per cycle
    expect(m.store(0, line(0), 0, 4)).toBe(32); // rewritten: queued again, written back once
    expect(m.counters.dramWriteBytes).toBe(128); // half of the 8 fresh sectors
  });
  it("with the SM's own store port, stores go at the port's rate while the SM has drawn less than its share (burst-share.ts)", () => {
    const burst = { ...arch, memoryBandwidth: { ...arch.memoryBandwidth, smStoreBytesPerCycle: 32 } };
    const m = new AddressedMemory(burst, { l1Bytes: 1024, l2MissShare: Float64Array.of(1), writeBackShare: 0 }, "1");
    expect(m.store(1000, line(0), 0, 4)).toBe(0);
    expect(m.store(1000, line(4), 0, 4)).toBe(4); // 128 bytes at 32 per cycle, not 8
  });
  it("hot lines: a global instruction's factor slows the L2 path (loads per line's request, stores per byte); local memory's never", () => {
    // l2RequestCycles 1 at 32 bytes per cycle: a missed line's request costs 32 bytes, 4 times 32
    // with a load factor of 4; a store's 128 bytes at 8 per cycle take 16 cycles, twice that at 2.
    const hot = { ...arch, memoryBandwidth: { ...arch.memoryBandwidth, l2RequestCycles: 1 } };
    const setup = { l1Bytes: 1024, l2MissShare: Float64Array.of(0), writeBackShare: 0, l2LoadFactor: Float64Array.of(4), l2StoreFactor: Float64Array.of(2) };
    const one = (first: number) => Float64Array.of(first);
    const global = new AddressedMemory(hot, setup, "1");
    global.load(0, 0, one(0), 0, 1, true);
    expect(global.load(0, 0, one(4), 0, 1, true)).toBe(265 + 4); // behind 4 x 32 bytes
    const local = new AddressedMemory(hot, setup, "1");
    local.load(0, 0, one(0), 0, 1, true, true);
    expect(local.load(0, 0, one(4), 0, 1, true, true)).toBe(265 + 1);
    const stores = new AddressedMemory(hot, setup, "1");
    stores.store(0, line(0), 0, 4, 0, 0, 0, false, 0);
    expect(stores.store(0, line(4), 0, 4, 1, 0, 0, false, 0)).toBe(32);
    const localStores = new AddressedMemory(hot, setup, "1");
    localStores.store(0, line(0), 0, 4, 0, 0, 0, true, 0);
    expect(localStores.store(0, line(4), 0, 4, 1, 0, 0, true, 0)).toBe(16);
  });
  it("atomics are done at the L2: its latency, whatever the L1 holds", () => {
    const m = new AddressedMemory(arch, { l1Bytes: 1024, l2MissShare: Float64Array.of(0), writeBackShare: 0 }, "1");
    m.load(0, 0, line(0), 0, 4);
    expect(m.atomic(1000, line(0), 0, 1)).toBe(1265);
  });
});
