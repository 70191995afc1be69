import type { ArchSpec } from "../arch-spec.js";

/**
 * NVIDIA H100 SXM (Hopper, compute capability 9.0).
 *
 * Sources, abbreviated below:
 * - [props]  validation/h100/data/ (from ../shared/groundtruth/results/) device_props.csv: cudaGetDeviceProperties on a real
 *            H100 80GB HBM3, copied into this project's validation data.
 * - [lat]    validation/h100/data/ (from ../shared/groundtruth/results/) latency_ncu.csv and latency.csv: dependent-chain
 *            microbenchmarks on that H100 (slope method); latency_ncu at the 1590 MHz clock
 *            Nsight Compute locks, which is the clock of the counters we validate against.
 * - [occ]    the rules of NVIDIA's occupancy calculator (cuda_occupancy.h, CUDA 13.0) and the
 *            CUDA C++ Programming Guide, "Compute Capabilities" table.
 * - [wp]     NVIDIA H100 Tensor Core GPU Architecture whitepaper: per SM partition 32 FP32,
 *            16 INT32, 16 FP64 lanes, 4 SFUs, 8 LD/ST units, one tensor core.
 * - [ncu]    Nsight Compute counters of microbenchmarks on that H100 (validation/h100/data,
 *            summary.csv; docs/validation.md says how each number was read off).
 * - [probe]  validation/microbench/pipe_probe.cu, run on an H100 80GB HBM3 under Nsight Compute
 *            (validation/microbench/README.md has the commands and the measured table).
 * - [model]  a modelling choice of warpsim, not a measurement (see docs/timing.md).
 * - [peak]   NVIDIA H100 Tensor Core GPU datasheet / whitepaper: dense FP16 tensor throughput.
 * - [async]  validation/async/ (kernels.cu, capture.sh): HGMMA and copy probes on an H100 80GB
 *            HBM3 (clock64 cycles), and the warp-specialized GEMMs under Nsight Compute.
 * - [ifetch] validation/microbench/ifetch_probe.cu (ifetch_probe.sh): straight-line and looped FFMA
 *            code of 64 to 4,096 instructions, one block, on an H100 80GB HBM3 under Nsight Compute.
 */
export const sm_90: ArchSpec = {
  name: "sm_90",
  displayName: "H100 SXM (Hopper)",
  computeCapability: [9, 0],
  smCount: 132, // [props] multiProcessorCount
  warpSize: 32,
  subpartitionsPerSm: 4, // [occ] [wp]

  maxWarpsPerSm: 64, // [props] maxWarpsPerMultiProcessor (seed 003's 48 is wrong, DESIGN.md §7)
  maxThreadsPerSm: 2048, // [props]
  maxBlocksPerSm: 32, // [props]
  maxThreadsPerBlock: 1024, // [props]
  registersPerSm: 65536, // [props]
  registersPerBlock: 65536, // [props]
  maxRegistersPerThread: 255, // [occ] (ptxas limit; the header's 256 counts the zero register)
  registerAllocationUnit: 256, // [occ]
  sharedMemAllocationUnit: 128, // [occ]
  sharedMemPerSmBytes: 233472, // [props] 228 KiB
  sharedMemPerBlockBytes: 49152, // [props]
  sharedMemPerBlockOptinBytes: 232448, // [props] 227 KiB
  reservedSharedMemPerBlockBytes: 1024, // [props]
  sharedMemCarveoutsKiB: [0, 8, 16, 32, 64, 100, 132, 164, 196, 228], // [occ]
  l1SharedKiB: 256, // [wp] 256 KB combined L1 cache and shared memory per SM
  // [mixed-gather] validation/microbench/mixed_gather_probe: random sectors of tables of 128 KiB
  // to 4 MiB at five carveouts (8 to 196 KiB, ncu's launch__shared_mem_config_size): the L1 hit
  // rates are those of an LRU cache of 128-byte lines filled a sector at a time with 256 - carveout
  // - 8 KiB (warpsim from the probe's listing, 32 trips: at 8 KiB, 78.0% of a 256 KiB table
  // against 77.1%, of 240 KiB 98.5%; at 32 KiB 57.2% against 56.7%; at 64 KiB 84.3% of 192 KiB
  // against 83.4%; at 100 KiB 45.8% against 44.5%: docs/memory.md, the generated table).
  l1ReservedKiB: 8,
  l2KiB: 51200, // [wp] 50 MB

  pipes: {
    fma: { lanes: 32 }, // [wp]; [lat] FFMA at ILP 4/8 issues every 1.05 cycles; halves below
    alu: { lanes: 16 }, // [wp]
    fp64: { lanes: 16 }, // [wp]; [lat] DFMA at ILP 4: 2.26 cycles per instruction
    xu: { lanes: 4 }, // [wp]; [lat] MUFU.RSQ at ILP 4: 8.02 cycles per instruction
    tensor: { lanes: 8 }, // [model] one HMMA.16816 per 4 cycles per partition (not measured)
    lsu: { lanes: 8 }, // [wp] 8 LD/ST units per partition: a warp-instruction every 4 cycles
    cbu: { lanes: 32 }, // [model]
    uniform: { lanes: 32 }, // [model]
  },
  // [probe] validation/microbench/pipe-probe: the FP32 pipe is two 16-lane halves (ncu
  // fmaheavy, fmalite), each busy 2 cycles per FFMA; pure FFMA loops split 50/50 and issue
  // 1.00 per cycle. With the lite half taken when both are free, warpsim reproduces the
  // measured FFMA splits of loops with 33 and 17 ALU ops per 128 FFMAs (57/71, 61/67) exactly.
  fmaHalves: { preferred: "lite" },
  opcodes: {
    FFMA: { latencyCycles: 4 }, // [lat] dependent FFMA 4.11 cycles including loop overhead
    FADD: { latencyCycles: 4 }, // [lat] 4.11
    FMUL: { latencyCycles: 4 }, // [model] same pipe and depth as FFMA
    IMAD: { latencyCycles: 4, issueCycles: 2 }, // [lat] dependent 4.11; ILP 4: 2.06 (half rate)
    // [probe] ld_chain<8,16> from L1 (pipe-probe/ld-l1-8) issues at most 0.86 per cycle with
    // 1.16 warps per issue in dispatch_stall, where the same loop without its loads (mix) does
    // 0.91-0.95 and none: each LDG holds the scheduler for 4 cycles (warpsim: 0.855 and 1.36).
    // Latency: the memory model's.
    LDG: { latencyCycles: 0, dispatchCycles: 4 },
    // [probe] ld_chain<8,16> from L1 (pipe-probe/ld-l1-8): fmaheavy is busy 159 cycles per trip,
    // 127 of them for its 63 FFMAs: 4.1 cycles for each of the 8 IMAD.WIDE (64-bit result).
    // Latency not measured: taken as IMAD's.
    "IMAD.WIDE": { latencyCycles: 4, issueCycles: 4 },
    IADD3: { latencyCycles: 4 }, // [model] ALU depth assumed equal to FMA's
    LOP3: { latencyCycles: 4 }, // [model]
    // [ncu] ld_chain with F = 0 ends its loop with UIADD3, ISETP, @!P0 BRA: besides the IMAD.WIDE
    // -> LDG and BRA latencies, its warps spend 21.6 more cycles per trip in `wait` (29.6 in all
    // at K = 1, DRAM and L2 alike): UIADD3 -> ISETP -> BRA. fma_chain, where UIADD3 and ISETP
    // are 2 instructions apart at one issue per cycle (K = 4 issues 0.77 per cycle), bounds
    // UIADD3 at 2, leaving 21 for ISETP -> BRA.
    ISETP: { latencyCycles: 21 },
    FSETP: { latencyCycles: 4 }, // [model]
    MOV: { latencyCycles: 4 }, // [model]
    SHF: { latencyCycles: 4 }, // [model]
    LEA: { latencyCycles: 4 }, // [model]
    DFMA: { latencyCycles: 8 }, // [lat] dependent DFMA 8.08
    DADD: { latencyCycles: 8 }, // [model] as DFMA
    DMUL: { latencyCycles: 8 }, // [model] as DFMA
    MUFU: { latencyCycles: 17 }, // [lat] dependent MUFU.RSQ 17.0
    // [mma] validation/microbench/hmma-reuse-probe/cycles.csv: HMMA.16816.F32 saturates at 6.1
    // cycles per sub-partition with 4-8 warps each (6.07 at 8, block span timed; the SASS fixture
    // mma_loop shows 6.4 under ncu). The earlier mma-red-probe figure, 8.0-8.4, was its kernel's:
    // ptxas gave A and B the same registers and copied B with two MOVs before every HMMA
    // (hmma-reuse-probe/old_probe_hmma4_sass.txt). Latency not measured: the compiler spaces
    // dependent HMMAs 34 cycles apart (mma_loop's stall counts), so <= 34.
    HMMA: { latencyCycles: 32, issueCycles: 6 },
    // [lat] LDS pointer chase 23.0 cycles at both clocks. [lds] The LSU takes an LDS/STS each
    // cycle; the SM's shared-memory pipe (sharedMemoryPath) is what limits them.
    LDS: { latencyCycles: 23, issueCycles: 1 },
    // [probe] validation/microbench/mio-probe (op 10): chains of REDUX.SUM -> IMAD.U32 (uniform to
    // vector) -> IADD3 take 58.1 cycles a step at one warp: 38 for the REDUX with warpsim's 20 for
    // the rest of the step. Its rate (0.50 per SM cycle from 16 warps, beside LDS: 0.99) is the
    // special-register reads' own: it goes through their unit (specialRegisters) [model: the two
    // were not mixed in one loop].
    REDUX: { latencyCycles: 38 },
    STS: { latencyCycles: 23, issueCycles: 1 }, // [model] as LDS
    LDC: { latencyCycles: 23 }, // [model] constant-cache hit, as LDS
    UIADD3: { latencyCycles: 2 }, // [ncu] see ISETP
    UMOV: { latencyCycles: 2 }, // [model]
    BRA: { latencyCycles: 6 }, // [bsp] see `branch`: a program without stall counts gets SASS's usual S6
    EXIT: { latencyCycles: 1 },
    BAR: { latencyCycles: 1 },
    NOP: { latencyCycles: 1 },
  },
  resultDelayCycles: 0, // [model] docs/timing.md
  memoryLevels: {
    // Mean latency of a warp's coalesced 128-byte load, by level. [lat] chases of single
    // 8-byte loads give L1 32, L2 252 and DRAM 583-588 cycles at 1590 MHz; [ncu] whole-line
    // loads take longer: ld_chain K = 1, W = 1 loops in 274.6 (L2) and 622.7 (DRAM) cycles,
    // about 10 of which are its own instructions.
    l1HitCycles: 32,
    l2HitCycles: 265,
    dramCycles: 613,
    // [ncu] one warp with K loads in flight waits for the slowest of them (ld_chain's SASS waits
    // on the loads' dependency barrier before the next trip): with latencies min + Exp(tail) a
    // trip lasts tail (H_K - 1) longer than with every load at the mean. src/run/memory-tails.ts
    // derives the tail from ld_chain's rows with one warp per scheduler and K = 4 and 8, each run
    // from its SASS without a tail (docs/validation.md, "Latency spread"): 72 cycles for DRAM
    // (57-91 over 12 rows), 10 for L2 (-1 to 51; 8 of 12 rows under 7).
    l2TailCycles: 10,
    // [l2-partition] validation/microbench/l2_partition_probe.cu: SM 0 chasing 1 or 16 MiB of
    // lines that one other SM brought into the L2 takes 377-382 cycles per load at 1980 MHz when
    // that SM is in the other half (66 SMs), 291-297 when in its own (65) or itself: a far hit
    // costs 86 SM cycles (43 ns) more, 69 at the 1590 MHz these latencies count. (The [lat]
    // chase over 40 MiB, 450 cycles, is past the near half's capacity: misses among its hits.)
    l2FarHitCycles: 334,
    // [ncu] a warp waits about 23 cycles in drain at its exit after its stores (ld_chain dram,
    // K = 1, W = 1: 0.06 per issue x 392 issues); transpose_pad at one block per SM, 55 with its
    // four stores of 128 bytes queued (validation/memory/data/summary.csv).
    storeDrainCycles: 23,
    dramTailCycles: 72,
  },

  memoryBandwidth: {
    // [ncu] validation/h100/data/summary.csv: dram__bytes_read / sm__cycles_active / 132 SMs
    // at saturation (ld_chain K = 4 and 8, W = 64): 13.2 and 13.5 bytes per SM cycle.
    dramBytesPerCycle: 13.3,
    // [ncu] ld_chain l2, F = 0, W >= 32: issue saturates at 0.287 loads of 128 B per SM cycle.
    l2BytesPerCycle: 36.8,
    // [ncu] DRAM latency per load of ld_chain K = 1, F = 0 rises from 557 cycles (W <= 16) to
    // 586 / 636 / 703 at W = 32 / 48 / 64: S u / (1 - u) with S = 49 fits within 10 cycles.
    dramContentionCycles: 49,
    // [llp] validation/microbench/loaded-latency-probe/cycles.csv (SM at 1980 MHz): a pointer
    // chase's DRAM latency grows by 20, 41, 74, 160 and 285 cycles while the other warps of every
    // SM read 3.5, 5.0, 6.3, 8.5 and 9.9 bytes per SM cycle: S u / (1 - u) with u counted against
    // 12.0 bytes per cycle and S = 60 fits (within 5 cycles at the first two, 10% beyond); in the
    // ncu clock's cycles (1590 MHz) that is 14.9 bytes per cycle and S = 48, the 49 above. The
    // 13.3 the SM can draw is below that peak; counting utilization against 13.3 overstated the
    // queueing near saturation (docs/validation.md).
    dramPeakBytesPerCycle: 14.9,
    // [l1-bank] validation/microbench/l1_bank_probe: every SM gathering from a 16 MiB table the
    // L2 holds takes 45.5-46.8 cycles per request of 32 lines (a sector each; 1.45 a line) and
    // 11.6-12.0 per 8 lines, but 25.5-26.0 per 32 sectors in 9 to 16 consecutive lines and 9.7
    // per 12 sectors in 3 (0.81 a sector, the bytes' rate above): a line costs the path 1.45
    // cycles whatever its sectors.
    l2RequestCycles: 1.45,
    // [l2-footprint] validation/microbench/l2_footprint_probe: every SM gathers (.cg) or stores
    // word k of a random line from lane k, 32 draws a request among N contiguous lines. Loads,
    // per distinct line of a request (N (1 - (1 - 1/N)^32) of them) against the large tables'
    // 1.467 cycles: 20.5 at 1 line, 31.3 at 4, 11.4 at 16, 7.6 at 24, 5.7 at 32, 7.2 at 48, 5.35
    // at 64, 3.56 at 96, 2.66 at 128 (about 0.26 reads a line per cycle over the GPU), 1.33 at
    // 256, 1.29 at 512, 1.24 at 1,024, 1.22 at 2,048, 1.06 at 4,096, 0.99 at 8,192. Stores, per
    // byte of the L2's write rate their sectors and lines written in part take (as warpsim books
    // them), against the large tables': 3.64 at 32 lines, 8.37 at 48, 7.37 at 64, 5.52 at 96,
    // 4.46 at 128, 2.48 at 256, 2.22 at 512, 1.81 at 1,024, 1.51 at 2,048, 1.17 at 4,096, 1.00
    // at 8,192. Stores into 1 to 24 lines hardly reach the L2 (0.08-0.8 L2 sectors a request,
    // 7.4-14.2 cycles): the SM absorbs them; not modelled (factor 1). The same counts of lines
    // spread over 16 MiB cost as much or more: the count decides, not the span.
    l2HotLines: {
      lines: [1, 4, 16, 24, 32, 48, 64, 96, 128, 256, 512, 1024, 2048, 4096, 8192],
      loadFactor: [20.5, 31.3, 11.4, 7.57, 5.66, 7.15, 5.35, 3.56, 2.66, 1.33, 1.29, 1.24, 1.22, 1.06, 1],
      storeFactor: [1, 1, 1, 1, 3.64, 8.37, 7.37, 5.52, 4.46, 2.48, 2.22, 1.81, 1.51, 1.17, 1],
    },
    // [store-rewrite] validation/microbench/store_rewrite_probe: with every SM storing whole lines
    // (8, 32 or 64 warps per SM), the L2 takes 18.1-19.6 bytes per SM cycle of new lines it keeps,
    // 20.1-20.7 of lines rewritten and 18.6-19.6 of a local array's lines (STL, written through):
    // 19.5. The same rate holds the sectors DRAM brings into the L2 (the L2 write-back probe's
    // copies and in-place updates store 7.7-9.9 bytes per SM cycle while reading as much; stores
    // alone, 16.6-20.1), so loads' fills from DRAM take their part of it (addressed-memory.ts).
    l2WriteBytesPerCycle: 19.5,
    // [l1-bank] validation/microbench/l1_bank_probe, stores into a 16 MiB table from every SM: 4
    // bytes a lane over 8 to 32 lines take 24.6-96.9 cycles a request, 1.64 a sector (the rate
    // above) plus 1.32-1.44 for each line written in part (1.38: 32 lines 1.39, 16 lines 1.39,
    // 12 lines 1.38); a float4 stream's whole lines pay nothing more (the rate above). The memory
    // family's transpose_naive stores 4.19 M such sectors at 9.1 bytes per SM cycle.
    l2PartialLineCycles: 1.38,
    // [store-burst] validation/microbench/store_burst_probe: one SM storing 4 MiB alone, or each
    // of up to 33 at once, sends 31.7 bytes per SM cycle (at 1.98 GHz; a sector a cycle); 66 at
    // once 25.5 each, all 132 11.3 (the shared limit). 64 KiB alone take 3,305 cycles with the
    // fence after them, against 5,776 when every SM stores at once.
    smStoreBytesPerCycle: 32,
    // [l2-footprint] validation/microbench/l2_footprint_probe: gathering 32 random lines a request
    // (.cg) from 1,024 lines, 66 SMs take 31.87 cycles a request and 33 SMs 31.66, against 46.88
    // for all 132 on large tables (l2RequestCycles, the GPU's total shared by all): an SM alone
    // draws about a line a cycle, 46.88 / 31.7 = 1.48 times its share of l2BytesPerCycle.
    smL2ReadBytesPerCycle: 54.4,
    // [atom-lines] validation/microbench/atomic-lines-probe: every SM adding into 8 to 2^20
    // hashed words. In rounds (a sector's most crowded word, coalescer.ts), the GPU performs
    // 0.94-1.03 per cycle on one sector, one line or two lines, 1.85 on 8 lines, 3.6 on 16,
    // 7.2 on 32, 23.4 on 128, and 45.6-47.5 on 512 and 2,048: one round per cycle on each busy
    // unit of 48, with addresses spread by 512-byte granules (8 lines: 2 granules keep 1.98
    // units busy; 128 lines: 32 granules, 23.6 units). The H100 goes 1.24 times faster than this
    // at 2^20 words, where the SM's own atomic unit binds first (74 cycles per RED against 71);
    // off by more than 7% only at 4 lines (2 units busy where one granule predicts 1).
    // [same-word] validation/microbench/same_word_atomic_probe: every SM adding into one word
    // takes 1.17 cycles per add for integers and 2.80 for floats; into 8 words of a sector (4
    // lanes of each warp per word) 0.99 and 2.85 per add and word; into 32 words of a line (a
    // lane each) both 0.12-0.13 per add: a float add into a word waits for the one before.
    l2Atomics: { units: 48, granuleBytes: 512, roundsPerCycle: 1, floatWordCycles: 2.85 },
    // [atom] the same probe: 9.4 SM cycles per warp-level RED whose 32 words are one line, 74.7
    // when they are 32 lines (no two warps sharing any): 2.1 cycles for each line beyond the first.
    globalAtomicCyclesPerLine: 2.1,
    // [red-tail] validation/microbench/red_tail_probe: every warp of a full GPU ends with k REDs
    // of one round of a line into 8 shared lines. At 32 and 64 per SM (k = 1, 2) the SMs finish
    // in 1,137 and 1,199 cycles, hardly draining, while the L2 performs them for 10,000 and
    // 18,000 cycles more; at 128 and 256 per SM they finish at 8,465 and 41,827 cycles, with
    // about 100 per SM still outstanding at the L2's 0.5 per cycle.
    postedReductionRounds: 100,
    // [ncu] ld_chain K = 8, F = 0, W = 64: about 43 warps per SM wait on 8 loads each while
    // the rest wait in lg_throttle (L2 and DRAM alike): about 340 loads in flight per SM.
    maxLoadsInFlight: 340,
  },
  // [membar] validation/microbench/membar_probe: one warp's loop of fences alone spends 522
  // cycles per MEMBAR.SC.GPU in ncu's `membar` (1,044,464 over 2,000), 951 per MEMBAR.SC.SYS;
  // a store before each fence adds 1 cycle (its ack overlaps the fence's round trip), an unused
  // atomicAdd too; MEMBAR.SC.CTA adds about 10 cycles a step, not counted as membar. With 32
  // warps of fences on every SM each waits 755 (the fences' own traffic: not modelled).
  memoryFence: { gpuCycles: 522, systemCycles: 951 },
  asyncUnits: {
    // [peak] dense f16 on the H100 SXM: 989.4 TFLOP/s at 1830 MHz over 132 SMs = 4096 flops per SM
    // cycle, 512 multiply-adds per sub-partition: one warp's m16nNk16 share takes N / 2 cycles.
    // [async] validation/async/data/probes.txt: four HGMMAs on one accumulator before the commit
    // add 32.4, 64.5 and 127.6 cycles each at N = 64, 128, 256 (N / 2 within 1%).
    hgmmaCyclesPerN: 0.5,
    // [async] the same probes, one HGMMA per commit and wait: 87.0 and 119.0 cycles per trip at
    // N = 64 and 128 are N / 2 + 55; warpsim's own issue of the trip's other instructions
    // (WARPGROUP.ARRIVE, the DEPBAR, the loop) leaves 45 for the core: it runs the probe at
    // 86.3 and 119.8 (docs/async.md has every N).
    hgmmaLatencyCycles: 45,
    // [async] the same probes, four HGMMAs per commit: at N = 16 and 32 each adds 20.5 and 24.5
    // cycles, not N / 2 = 8 and 16, while one per commit still grows by N / 2. Reading A (64 x 32
    // bytes) and B (N x 32) from shared memory at the SM's 128 bytes per cycle (32 banks of 4
    // bytes) takes 16 + N / 4 cycles: 20 and 24 at N = 16 and 32, under N / 2 from N = 64 on.
    hgmmaOperandBytesPerCycle: 128,
    // [async] a bulk copy of 128 bytes and its mbarrier wait take 366 cycles per trip where a
    // chain of L2-hit loads takes 284; warpsim's own trip of the probe (its ELECT loop, the
    // arrive, the try_wait and the loop's branch) is 375 with nothing beyond an L2 load.
    copyOverheadCycles: 0,
    // [async] the same probe from 1 to 32 KiB: 367.8, 418.6, 460.6, 536.8, 707.7 cycles per trip,
    // 0.0107 cycles per byte (one SM alone, so not the L2's share): 93.4 bytes per cycle.
    copyEngineBytesPerCycle: 93.4,
    // [async] validation/async/data/streams.txt: every SM streaming 32 KiB bulk copies through
    // four stages from a 16 MiB region the L2 holds draws 35.8 bytes per cycle at the 1980 MHz
    // the probe ran at, 44.6 per cycle at the 1590 MHz of the counters (the L2's rate is fixed
    // in time). Plain loads are held to 36.8 by the LSU's issue, not the L2 (memoryBandwidth).
    copyL2BytesPerCycle: 44.6,
    // [store] validation/async/data/store-probe.txt (store_probe.cu): one thread storing 128 B
    // to 32 KiB with a bulk store and waiting for it: 196.9 + bytes / 32 cycles per trip (4 to 32
    // KiB within 0.1 cycle), so the store engine reads 32 bytes per cycle.
    storeEngineBytesPerCycle: 32,
    // [store] the same trips, less warpsim's own (the loop, the store streaming, UTMACMDFLUSH,
    // DEPBAR; 107 cycles at 128 bytes, 1,127 at 32 KiB): 93.8-94.2 cycles at every size, the
    // time from the last byte leaving to the store's completion.
    storeAckCycles: 94,
    // [store] TMA stores of 64 x 16 to 64 x 256 boxes of halves (2 to 32 KiB): 128.1-128.3 +
    // bytes / 32 cycles per trip, the same engine rate as the bulk stores' but 69 cycles less;
    // warpsim's own TMA trip is 30 cycles shorter than its bulk one, so 39 of them are the store's.
    tmaStoreFasterCycles: 39,
    // [store] every SM storing its own slice of 4 GiB with bulk stores of 4 or 16 KiB, four
    // groups in flight (ncu_store.csv): 4.27 GB written to DRAM in 1.98 M cycles, 16.2-16.4
    // bytes per SM cycle (the DRAM's write rate: 3.4 TB/s at the counters' 1590 MHz).
    storeDramBytesPerCycle: 16.3,
  },
  branch: {
    // [bsp] validation/microbench/branch-stall-probe (one warp, loops closed by a BRA with stall
    // count S): a taken branch is followed by the next issue S + 5 cycles after it with S5
    // (six loops: 29 cycles per trip, 19 of stall counts before the BRA; the branch probe the
    // same) and exactly S after it with S15 (58 per trip, 43 + 15). ncu on the S5 loops: the
    // BRA's S - 1 cycles in wait, 3 in branch_resolving, 2 in no_instruction. [ncu] fma_chain's
    // BRA (S6) costs 11 (fma_chain<4>, W = 1: 45.7 cycles per trip, 34 of stall counts before
    // it); dfma_chain's (S10) 13 with 3 cycles of branch_resolving and 3 of no_instruction per
    // trip: resolution starts by 8 cycles after the issue. A program without stall counts
    // waits the BRA's latency (6) instead.
    resolveCycles: 3,
    takenRefetchCycles: 2,
    resolveWithinCycles: 8,
  },
  // [atom] validation/microbench/mma-red-probe/cycles.csv (ncu base clock): 32 warps per SM each
  // adding to its own word (a warp's 32 words in one line, no two warps sharing): 9.4 SM
  // cycles per warp-level RED per SM with every SM doing the same; 74.7 when the 32 words fall
  // in 32 lines of 4 MiB, 181 for 4,096 hashed counters (contention): memory.atomicCycles.
  globalAtomicCycles: 9,
  // [ncu] fma_chain at W = 1 (one warp, one constant line in its prologue): imc_miss 0.0084 per
  // issue x 17,970 instructions = 151 cycles; the SASS fixtures, whose prologues touch two lines
  // (c[0x0][0x0..0x28] and the parameters at 0x210..), 230-330 cycles per warp at 4-16 warps
  // (validation/sass/data). Lines of 64 bytes [model]. LDC reads through a path of its own with
  // the same miss [model]: imc_miss is the immediate constant cache's, which operands use
  // (docs/validation.md, "LDC has a path of its own").
  // [probe] validation/microbench/ldc-divergence-probe (ncu): a register-indexed LDC whose lanes
  // ask for K distinct words takes its sub-partition 8.0 cycles per word from K = 4 to 32
  // (K = 32: 257 cycles per LDC per sub-partition with 2 warps each, 256 with 8), in one line or
  // in K lines alike (9-9.7 for 32 lines): the lanes' words are read one after another.
  constantCache: { missCycles: 150, lineBytes: 64, indexedCycles: 8 },
  // [probe] validation/microbench/regbank-probe (ncu, 8 warps per sub-partition; FFMAs patched
  // into the cubin to read chosen registers): 1.00 cycle per FFMA reading R2 R3 RZ or R2 R2 R3,
  // 1.96 for R2 R3 R4 or R2 R6 R3, 2.94 for R2 R4 R6 or R3 R5 R7, the lost cycles counted as
  // dispatch_stall (5.2 and 10.2 per issue): two banks by register parity, one read each per
  // cycle; an operand the previous instruction marked .reuse in the same slot is not read
  // (R2.reuse R4.reuse R6: 1.02), for one instruction only (src/sass/register-reads.ts).
  registerFile: { banks: 2 },
  // [ifetch] validation/microbench/ifetch-probe (ncu, caches flushed; one block on one SM):
  // straight-line FFMA code streams at 2.21 cycles per instruction once it is longer than the
  // launch hides (1,060 to 4,132 instructions per warp: 3,013 to 9,956 SM cycles), one stream
  // for the SM whatever the warps and sub-partitions (one warp per sub-partition: 3,071 cycles;
  // two: 2,994), 17.7 cycles per 128-byte line: 18. Loop bodies of 2,048 FFMAs (32 KiB) stay
  // cached (1.31 cycles per instruction over 8 trips, 1.26 for 1,024), 2,304 (36 KiB) partly
  // (1.86), 2,560 and more (40 KiB) stream every trip (2.19-2.21): a 32 KiB cache, and 4 ways
  // of least-recently-used lines put the partial case between the two [model]. A miss that
  // is not streamed waits as long as a constant line does (150) [model]: the probe cannot
  // separate it, as the entry's fetch is hidden by the launch.
  instructionFetch: { missCycles: 150, cyclesPerLine: 18, lineBytes: 128, instructionBytes: 16, cacheBytes: 32768, associativity: 4 },
  sharedMemoryPath: {
    // [lds] validation/microbench/lds-probe/cycles.csv: 4 chains of conflict-free LDS per warp
    // reach 0.95-1.00 LDS per SM cycle from 8 warps on (16 warps: 64.1 cycles per trip of 64
    // LDS; 32: 128.4 per 128), from 1 to 4 sub-partitions alike: one SM-wide pipe, a
    // wavefront (32 x 4 bytes) per cycle. [bank] validation/microbench/bank-conflict-probe:
    // LDS/STS/LDSM with 1 to 32 lanes per bank take 1 cycle per wavefront ncu counts (LDS.32
    // at stride 2..32 words: 2.00..32.0 cycles; LDSM.x4, rows 64 bytes apart: 16.0); the
    // wavefronts an access takes are derived from the listing (src/sass/bank-conflicts.ts).
    wavefrontCycles: 1,
    // [lds] ncu_k4_w32.csv: at 32 warps the LDS queue shows as 6.17 mio_throttle and 4.50
    // short_scoreboard per issue; 20 queued accesses per sub-partition give 5.25 and 3.92 (16
    // gives 7.10 and 1.52, 24 gives 1.47 and 9.01). Cycles do not depend on it.
    queueDepth: 20,
  },
  // [probe] validation/microbench/mio-probe (cycles.csv, ncu_raw.csv): loops of S2R and S2UR
  // (SR_VIRTUALSMID, which PTX reads anew each time) take 0.4993-0.4997 reads per SM cycle from 8
  // to 32 warps per SM, whatever the sub-partitions: one SM-wide unit, a read every 2 cycles. It
  // is not the shared-memory pipe: two S2R and two LDS per trip reach 0.99 operations per cycle
  // (one pipe would allow 0.67), two S2R and two SHFL 1.00. The H100 counts the wait in
  // mio_throttle (28.7 per issue at 32 warps, short_scoreboard 3.8): queueDepth [fit] to that split.
  // A read also waits for room in the shared-memory queue: [ncu] validation/corpus/source (Source
  // pages): warps of smem-heavy kernels stall in mio_throttle at their first S2R.
  specialRegisters: { readCycles: 2, queueDepth: 4 },
  barrier: {
    // [bar] validation/microbench/barrier-probe/cycles.csv: a __syncthreads() loop of one
    // block per SM costs 14.6 + 2.0 x (warps - 1) cycles per barrier, from 1 to 32 warps
    // (14.6, 16.6, 20.6, 28.6, 44.6, 76.6), and ncu shows its BARs queueing in mio_throttle at
    // 32 warps (ncu_k1_1024.csv: 3.2 per issue): one warp's BAR every 2 cycles per SM.
    arrivalCycles: 2,
    // [bar] validation/microbench/defer-probe/cycles.csv: one warp reads shared memory right
    // after BAR.SYNC.DEFER_BLOCKING 4 cycles later than without the BAR, the LDS being the 5th
    // instruction after it (10 cycles of stall counts): the release comes 14 cycles after the
    // BAR's issue, 1 + 13. With the BAR deferring (Program.barrierDefers) this puts the
    // barrier probe's 18 loops, run from their SASS, within 0.8% on average (worst 6.4%, per
    // trip in the steady state, src/run/probe-loops.ts; blocking at the BAR with a fitted
    // 4-cycle release, whole kernels: 14.4%, worst 37.3%) and the branch and defer probes'
    // barrier loops within 10% (docs/validation.md, test/barrier.test.ts).
    releaseCycles: 13,
  },
  // [blocks] validation/microbench/block_turnaround_probe: from a block's end (its thread 0 past
  // its last barrier) to the next block's first instruction on that SM 356-383 cycles (median),
  // whatever the block's size (32, 256, 1,024 threads), with 1 or 2 blocks resident; blocks
  // that end at once are replaced one per 140-152 cycles per SM (8 of 256 threads: a slot waits
  // 1,128; 32 of 32: 4,790). At launch blocks come faster (launch-probe: 24-31 cycles apart for
  // blocks of 1-8 warps, 67 on average for 8 blocks of 8 warps): the first wave is not held. The
  // turnaround is what the probe's one-block loop takes beyond warpsim's own last store and exit
  // (docs/timing.md, "Blocks"). The probe's clock64 counts at the boost clock (1,980 MHz), ncu's
  // counters at 1,590: the dispatcher's interval is time, 152 x 1590 / 1980 = 122 of these cycles
  // (145 before: the corpus's index_add_rows, 496 blocks of 64 threads per SM, 13.5% slow, now
  // 4.0% fast); the turnaround is the SM's own work and keeps its cycles (scaled, the corpus's
  // MAPE went from 9.86% to 10.01%).
  blockDispatch: { intervalCycles: 122, turnaroundCycles: 300 },
  // [timeline] bench_plain_warp_timeline.csv: the warps of a new block start about 3.5 cycles
  // apart (W = 16: 16 warps within 56 cycles).
  warpLaunchIntervalCycles: 3,
  clockMHz: 1590, // [lat] the clock under Nsight Compute
};
