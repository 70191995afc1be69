/**
 * What warpsim needs to know about one GPU architecture: the occupancy limits CUDA applies
 * (docs/occupancy.md) and the timing of the sub-partition's pipes (docs/timing.md).
 * Presets live in ./presets, one file each, with a source for every number.
 */

/** Execution pipes of a sub-partition, named as Nsight Compute names them (`pipe_<name>`). */
export const Pipe = {
  /** FP32 fused multiply-add (FFMA, FADD, FMUL) and IMAD on its heavy half. */
  fma: 0,
  /** Integer and logic (IADD3, LOP3, ISETP, MOV, SHF). */
  alu: 1,
  /** Double precision (DFMA, DADD, DMUL). */
  fp64: 2,
  /** Transcendental and conversion unit, the SFU (MUFU). */
  xu: 3,
  /** Tensor cores (HMMA). */
  tensor: 4,
  /** Load/store, into L1TEX and MIO (LDG, STG, LDS, STS, LDC). */
  lsu: 5,
  /** Convergence and branch unit (BRA, EXIT, BAR). */
  cbu: 6,
  /** Uniform datapath, one value per warp (UIADD3, UMOV). */
  uniform: 7,
} as const;
export type Pipe = (typeof Pipe)[keyof typeof Pipe];
export type PipeName = keyof typeof Pipe;
/** The pipes by number, derived from Pipe (adding a pipe is one line there, plus its lanes in each preset). */
export const PIPE_NAMES: readonly PipeName[] = (Object.keys(Pipe) as PipeName[]).sort((a, b) => Pipe[a] - Pipe[b]);
export const PIPE_COUNT = PIPE_NAMES.length;

/**
 * Where a sub-partition's FP32 pipe is two 16-lane halves (Nsight Compute's `fmaheavy` and
 * `fmalite`), the lite half is a unit of its own beside the pipes; `fma` is then the heavy
 * half. See docs/timing.md, "Pipes".
 */
export const FMA_LITE = PIPE_COUNT;
/** Units whose busy time the scheduler tracks: the pipes and the lite FP32 half. */
export const UNIT_COUNT = PIPE_COUNT + 1;

export interface PipeSpec {
  /** Lanes per sub-partition; a warp-instruction occupies the pipe for 32 / lanes cycles. */
  readonly lanes: number;
}

export interface OpcodeTiming {
  /** Cycles from issue until a dependent instruction may issue (before the result delay). */
  readonly latencyCycles: number;
  /** Cycles the pipe is busy with one warp-instruction; default 32 / lanes of its pipe. */
  readonly issueCycles?: number;
  /**
   * Cycles until the scheduler may issue again; default 1. More holds the whole sub-partition:
   * its ready warps wait in dispatch_stall.
   */
  readonly dispatchCycles?: number;
}

export interface ArchSpec {
  /** Preset key, e.g. "sm_90". */
  readonly name: string;
  readonly displayName: string;
  readonly computeCapability: readonly [major: number, minor: number];
  readonly smCount: number;
  readonly warpSize: 32;
  readonly subpartitionsPerSm: number;

  // Occupancy limits (docs/occupancy.md).
  readonly maxWarpsPerSm: number;
  readonly maxThreadsPerSm: number;
  readonly maxBlocksPerSm: number;
  readonly maxThreadsPerBlock: number;
  readonly registersPerSm: number;
  readonly registersPerBlock: number;
  readonly maxRegistersPerThread: number;
  /** Registers are allocated per warp in multiples of this. */
  readonly registerAllocationUnit: number;
  /** Shared memory is allocated per block in multiples of this (bytes). */
  readonly sharedMemAllocationUnit: number;
  /** Largest shared-memory carveout per SM (bytes). */
  readonly sharedMemPerSmBytes: number;
  /** Per-block limit without opt-in (bytes). */
  readonly sharedMemPerBlockBytes: number;
  /** Per-block limit with cudaFuncAttributeMaxDynamicSharedMemorySize (bytes). */
  readonly sharedMemPerBlockOptinBytes: number;
  /** Shared memory the driver reserves for every resident block (bytes). */
  readonly reservedSharedMemPerBlockBytes: number;
  /** Carveout sizes the SM can be configured to, ascending (KiB). */
  readonly sharedMemCarveoutsKiB: readonly number[];
  /** The SM's unified L1 data cache and shared memory (KiB): the L1 is what the carveout leaves (src/sm/memory/carveout.ts). */
  readonly l1SharedKiB: number;
  /**
   * What the L1 data cache leaves of the unified array besides the carveout (KiB): the L1 global
   * loads see is l1SharedKiB - carveout - this. Absent: 0.
   */
  readonly l1ReservedKiB?: number;
  /** The GPU's L2 cache (KiB), which every SM shares (docs/memory.md). */
  readonly l2KiB: number;

  // Timing (docs/timing.md).
  readonly pipes: Readonly<Record<PipeName, PipeSpec>>;
  /**
   * The FP32 pipe as two halves of pipes.fma.lanes / 2 lanes each (ncu's fmaheavy and
   * fmalite). FP32 arithmetic (FFMA, FADD, FMUL) issues to either half, taking `preferred`
   * when both are free; IMAD and the rest of the fma pipe use the heavy half only. Absent:
   * one fma pipe of pipes.fma.lanes.
   */
  readonly fmaHalves?: Readonly<{ preferred: "heavy" | "lite" }>;
  /** Latency and issue cycles of fixed-latency and MIO opcodes, by base opcode. */
  readonly opcodes: Readonly<Record<string, OpcodeTiming>>;
  /** Cycles between a result arriving and a consumer issuing (the "d" of docs/timing.md). */
  readonly resultDelayCycles: number;
  /** Global-memory latencies by level, used by the `mix` memory model (cycles). */
  readonly memoryLevels: Readonly<{
    l1HitCycles: number;
    l2HitCycles: number;
    dramCycles: number;
    /**
     * Mean of the exponential tail of L2-hit latencies (`memory.level: l2`): a load takes
     * l2HitCycles - tail + Exp(tail), so the mean stays l2HitCycles.
     */
    l2TailCycles: number;
    /** The same for DRAM (`memory.level: dram`). */
    dramTailCycles: number;
    /**
     * An L2 hit in the far partition of a partitioned L2 (the address-driven model: a line
     * another SM brought in whose home is the other half). Absent: l2HitCycles.
     */
    l2FarHitCycles?: number;
    /**
     * Cycles after a global store until the warp may exit (the store has left the SM; the L2's
     * acknowledgment is not waited for): the address-driven model's store latency, before any
     * wait for the L2's write rate. Absent: l2HitCycles.
     */
    storeDrainCycles?: number;
  }>;
  /** This SM's share of the memory path when every load goes to one level (docs/memory.md). */
  readonly memoryBandwidth: Readonly<{
    /** L2 bytes per SM cycle this SM can draw when all SMs load alike. */
    l2BytesPerCycle: number;
    /** DRAM bytes per SM cycle this SM can draw when all SMs load alike. */
    dramBytesPerCycle: number;
    /** Contention latency S of DRAM loads (see MemoryLimits.contentionCycles). */
    dramContentionCycles: number;
    /**
     * The DRAM path's peak bytes per SM cycle, against which contention counts utilization
     * (MemoryLimits.contentionBytesPerCycle); dramBytesPerCycle, the most the SM can draw, may be
     * lower. Default: dramBytesPerCycle.
     */
    dramPeakBytesPerCycle?: number;
    /**
     * SM cycles of the L2 path that each line a load misses in the L1 takes at least (its missed
     * sectors go as one request): scattered lines cost the path more than their bytes. The
     * address-driven model only. Absent: bytes alone.
     */
    l2RequestCycles?: number;
    /**
     * How much slower the L2 serves scattered lines when the GPU's running blocks aim an
     * instruction's accesses at few lines (memory/hot-lines.ts): per count of lines, the factor
     * for loads' missed lines and for stores. The address-driven model only. Absent: none.
     */
    l2HotLines?: Readonly<{ lines: readonly number[]; loadFactor: readonly number[]; storeFactor: readonly number[] }>;
    /**
     * Bytes per SM cycle of stores the L2 accepts from this SM when every SM stores alike (a
     * sector a partial write touches counts whole); the address-driven model only. Absent: no limit.
     */
    l2WriteBytesPerCycle?: number;
    /**
     * SM cycles of the L2's write rate (at l2WriteBytesPerCycle) that each line a store writes in
     * part takes beyond its sectors' bytes: a line with a sector not wholly written. The
     * address-driven model only. Absent: bytes alone.
     */
    l2PartialLineCycles?: number;
    /**
     * Bytes per SM cycle of stores the SM itself can send (its port to the L2): what it gets when
     * the other SMs store less than their share (memory/burst-share.ts). Absent: the share alone.
     */
    smStoreBytesPerCycle?: number;
    /**
     * Bytes per SM cycle the SM can draw from the L2 for its loads (its port; a missed line counts
     * at least l2RequestCycles' bytes): what it gets when fewer SMs than the GPU's have work and
     * l2BytesPerCycle x smCount shared among them would be more. Absent: l2BytesPerCycle.
     */
    smL2ReadBytesPerCycle?: number;
    /**
     * The L2's atomic units for the whole GPU: how many, the granule of addresses each serves,
     * the rounds each performs per cycle (the address-driven model: line-atomics.ts), and the
     * cycles a round of floating-point adds on one word takes (`floatWordCycles`: each add into
     * a word waits for the one before; integer adds take one round's cycle). Absent: no limit
     * beyond the SM's atomic unit.
     */
    l2Atomics?: Readonly<{ units: number; granuleBytes: number; roundsPerCycle: number; floatWordCycles?: number }>;
    /**
     * SM cycles a warp-level global atomic takes in the SM's atomic unit for each line beyond
     * its first (the address-driven model; globalAtomicCycles is the one-line cost). Absent: 0.
     */
    globalAtomicCyclesPerLine?: number;
    /**
     * Rounds of a line (per line, the most lanes on one of its words) of reductions (RED) one SM
     * may have sent and not yet had performed by the L2's atomic units; a warp goes on (and may
     * exit) once its reduction is sent (posted-reductions.ts). Absent: a reduction holds its warp
     * until the atomic units take it.
     */
    postedReductionRounds?: number;
    /** Global loads one SM may have in flight before new ones wait (lg_throttle). */
    maxLoadsInFlight: number;
  }>;
  /**
   * Hopper's asynchronous units (docs/async.md): the warpgroup MMA (HGMMA) on each
   * sub-partition's tensor core, and the TMA / bulk copies into shared memory. Absent: HGMMA
   * times as a synchronous MMA and copies as plain loads.
   */
  readonly asyncUnits?: Readonly<{
    /** Cycles one warp's share of an m64nNk HGMMA holds its sub-partition's tensor core, per unit of N. */
    hgmmaCyclesPerN: number;
    /** Cycles from the tensor core starting an HGMMA to its accumulators being readable, beyond the cycles it holds the core. */
    hgmmaLatencyCycles: number;
    /** Bytes per cycle a warpgroup MMA's operands come from shared memory (a chain of narrow HGMMAs waits for them). */
    hgmmaOperandBytesPerCycle: number;
    /** Cycles a TMA or bulk copy takes beyond a plain load of the same sectors (the copy engine, the shared-memory write, the mbarrier's update). */
    copyOverheadCycles: number;
    /** Bytes per cycle the SM's copy engine streams into shared memory, one copy after another (a copy lands no sooner than one L2 latency after its bytes have streamed). */
    copyEngineBytesPerCycle: number;
    /** Bytes per cycle the SM's store engine reads from shared memory for bulk stores (UTMASTG, UBLKCP.G.S), one after another. */
    storeEngineBytesPerCycle: number;
    /** Cycles from a bulk store's last byte leaving the SM to its completion (what cp.async.bulk.wait_group waits for). */
    storeAckCycles: number;
    /** Cycles sooner a TMA store (UTMASTG) is done than a bulk store (UBLKCP.G.S) of the same bytes. */
    tmaStoreFasterCycles: number;
    /** Bytes per SM cycle of bulk stores written back to DRAM when every SM stores alike (a long-run share; only the run's write-back share of the bytes takes it). */
    storeDramBytesPerCycle: number;
    /** L2 bytes per SM cycle copies draw when every SM streams them (the plain loads' l2BytesPerCycle is the LSU's limit, not the L2's). */
    copyL2BytesPerCycle: number;
  }>;
  readonly branch: Readonly<{
    /** Cycles after the branch's own latency (opcodes.BRA) before the target is known (branch_resolving). */
    resolveCycles: number;
    /** Further cycles to fetch the target of a taken branch (no_instruction). */
    takenRefetchCycles: number;
    /**
     * A SASS branch waits its stall count in place of its latency, but starts resolving no later
     * than this many cycles after it issued (src/sm/branch-timing.ts).
     */
    resolveWithinCycles: number;
  }>;
  /**
   * The shared-memory path (LDS, STS): an SM-wide pipe fed by a queue per sub-partition; absent,
   * shared-memory instructions are limited by their sub-partition's LSU alone.
   */
  readonly sharedMemoryPath?: Readonly<{ wavefrontCycles: number; queueDepth: number }>;
  /**
   * Special-register reads (S2R, S2UR) and REDUX: an SM-wide unit that takes one every `readCycles`, fed
   * by a queue of `queueDepth` per sub-partition (a full queue: mio_throttle), apart from the
   * shared-memory pipe. Absent: they are limited by their sub-partition's pipe alone.
   */
  readonly specialRegisters?: Readonly<{ readCycles: number; queueDepth: number }>;
  /**
   * SM cycles one warp-level global atomic (RED, ATOM) takes of the SM's share of the L2's
   * atomic throughput when its 32 addresses are distinct words of one line; atomics queue
   * behind each other (a RED's read barrier is released when it is taken). Contended addresses
   * cost more: scenarios set memory.atomicCycles (docs/sass.md, "Atomics"). Undefined: no limit.
   */
  readonly globalAtomicCycles?: number;
  /**
   * The SM's immediate-constant cache: the first instruction that needs a line of a constant
   * bank (`c[0x0][0x210]` operands, LDC) waits `missCycles` for it (imc_miss), and so does
   * every warp that needs that line before it arrives; afterwards the line hits. Undefined: every
   * constant hits. `indexedCycles`: a register-indexed LDC (`c[0x3][R8]`) holds its
   * sub-partition's constant path that many cycles per distinct word its lanes ask for
   * (memory-paths.ts); undefined: not modelled.
   */
  readonly constantCache?: Readonly<{ missCycles: number; lineBytes: number; indexedCycles?: number }>;
  /**
   * A sub-partition's register file: `banks` banks by register number (R n in bank n mod banks),
   * each reading one register per cycle for all 32 lanes. A SASS instruction whose registers
   * (ParsedInstruction.registerReads) put k in one bank holds dispatch k cycles: nothing else
   * issues meanwhile and the ready warps wait in dispatch_stall. Undefined: reads are free.
   */
  readonly registerFile?: Readonly<{ banks: number }>;
  /**
   * The SM's instruction fetch and cache (src/sm/instruction-fetch.ts): a kernel's code starts
   * cold; a warp that wants a line the SM does not hold waits `missCycles` for it
   * (no_instruction), and the fetch unit streams the lines after it at `cyclesPerLine` each
   * into a cache of `cacheBytes` (`associativity` ways, least recently used out). The entry
   * line is requested at launch. Undefined: every instruction is there.
   */
  readonly instructionFetch?: Readonly<{
    missCycles: number;
    cyclesPerLine: number;
    lineBytes: number;
    instructionBytes: number;
    cacheBytes: number;
    associativity: number;
  }>;
  readonly barrier: Readonly<{
    /**
     * Cycles the SM's barrier unit is busy with one warp's BAR: BARs of all sub-partitions
     * queue for it (mio_throttle), so a barrier of n warps completes no sooner than n times this
     * after its first arrival.
     */
    arrivalCycles: number;
    /**
     * Cycles from the cycle after the last arrival to the release: warps held at the barrier
     * (at a blocking BAR, or at their first instruction that waits for a deferred one) issue again.
     */
    releaseCycles: number;
  }>;
  /**
   * Memory fences (MEMBAR.SC.GPU and .SYS: `__threadfence()`, `__threadfence_system()`): a warp
   * waits `gpuCycles` or `systemCycles` after the fence issues (ncu: `membar`), and at least
   * until its own stores are done. A block-scope fence (MEMBAR.SC.CTA) costs its issue alone.
   * Undefined: fences issue as plain instructions.
   */
  readonly memoryFence?: Readonly<{ gpuCycles: number; systemCycles: number }>;
  /**
   * How blocks replace those that end (block-admission.ts): a slot a block frees takes
   * `turnaroundCycles` from its last warp's exit to the next block's first warp (retirement,
   * dispatch, launch), and the GPU's block dispatcher gives each SM at most one such block per
   * `intervalCycles` (its share when every SM takes blocks). The blocks of the first wave come
   * as fast as their warps launch. It applies to kernels
   * run from their launch (each warp on its executed path); a declared scenario's blocks arrive
   * at once, as its idealized SM (fixed latencies, declared trips) has them. Undefined: a freed
   * slot takes its next block at once.
   */
  readonly blockDispatch?: Readonly<{ intervalCycles: number; turnaroundCycles: number }>;
  /** Cycles between the launches of consecutive warps of newly admitted blocks. */
  readonly warpLaunchIntervalCycles: number;
  /** SM clock the latencies were measured at (MHz); informational. */
  readonly clockMHz: number;
}
