import type { SteadyStateRegistry } from "../../engine/steady-state-registry.js";
import { OpKind } from "../../program/opcodes.js";
import { PATH_ATOMIC, PATH_NONE, PATH_SHARED, PATH_SPECIAL, type Program } from "../../program/program.js";
import type { SmConfig } from "../sm-config.js";
import { ACCESS_BYPASS_L1, ACCESS_CONSTANT, ACCESS_LOCAL, ACCESS_SHARED, ACCESS_UNKNOWN, type WarpPaths } from "../warp-paths.js";
import { AddressedMemory } from "./addressed-memory.js";
import { AtomicUnit } from "./atomic-unit.js";
import { distinctLines } from "./coalescer.js";
import { LatencyModel } from "./latency-model.js";
import { MemorySystem } from "./memory-system.js";
import { PostedReductions } from "./posted-reductions.js";
import { SharedMemoryPath } from "./shared-memory.js";
import { isIndexedConstantLoad } from "../constant-cache.js";

/**
 * The ways an instruction reaches memory from the SM, and when it is done: global loads and
 * stores through the SM's global-memory path (MemorySystem, with each load's latency model),
 * LDS/STS and cp.async's writes through the shared-memory pipe, global atomics through the
 * atomic unit. Every draw is seeded from the run's seed, one stream per model.
 */
export class MemoryPaths {
  readonly global: MemorySystem;
  /** LDS/STS of every sub-partition share it (ArchSpec.sharedMemoryPath), when the architecture has one. */
  readonly shared: SharedMemoryPath | undefined;
  /**
   * S2R/S2UR/REDUX of every sub-partition share it (ArchSpec.specialRegisters): an SM-wide unit fed by
   * a queue per sub-partition, the shared-memory pipe's kind with a read for a wavefront.
   */
  readonly special: SharedMemoryPath | undefined;
  readonly atomics: AtomicUnit;
  /** ArchSpec.memoryBandwidth.globalAtomicCyclesPerLine, for atomics from their addresses. */
  private readonly atomicCyclesPerLine: number;
  /** 1 at a floating-point atomic (RED/ATOM .F32, .F16x2, .BF16x2, .F64), whose rounds on one word take floatWordCycles. */
  private readonly floatAtomic: Uint8Array;
  private readonly floatWordCycles: number;
  private readonly stores: LatencyModel;
  /** Latency models of global loads that have their own distribution (Program.loadModel). */
  private readonly loadModels: readonly LatencyModel[];
  /**
   * Global memory from each access's addresses, when the kernel was run from its arguments
   * (addressed-memory.ts); an access whose addresses are unknown falls back to the latency models.
   */
  readonly addressed: AddressedMemory | undefined;
  /** Per pc, 1 for a copy that goes from L2 or DRAM straight to shared memory (TMA, bulk copies: async/async-unit.ts), past the L1's data pipe. */
  readonly bypassDataPipe: Uint8Array;
  /** The access of the instruction in hand (start -> resultAt/storeDoneAt), or -1. */
  private current = -1;
  /** Reductions sent and not yet performed (ArchSpec.memoryBandwidth.postedReductionRounds), when the architecture posts them. */
  private readonly posted: PostedReductions | undefined;
  /** Per pc, 1 for an LDC indexed by a register (`c[0x3][R8+0x30]`), whose lanes' words are read one after another. */
  private readonly indexedConstant: Uint8Array;
  /** ArchSpec.constantCache.indexedCycles: a sub-partition's constant path per distinct word (0: not modelled). */
  private readonly indexedCycles: number;
  /** Per sub-partition: when its constant path is free again. */
  private readonly constantFreeAt: Float64Array;
  /** Per pc, 1 for a prefetch into the L2 (`CCTL.E.PF2`), which moves data and holds nothing. */
  private readonly prefetchL2: Uint8Array;

  constructor(
    config: SmConfig,
    private readonly program: Program,
    private readonly paths?: WarpPaths,
  ) {
    const { arch, seed } = config;
    this.global = new MemorySystem(new LatencyModel(config.loadLatency, arch, `${seed}:loads`), config.memoryLimits);
    this.stores = new LatencyModel(config.storeLatency, arch, `${seed}:stores`);
    this.loadModels = program.loadLatencies.map((d, i) => new LatencyModel(d, arch, `${seed}:loads:${i}`));
    this.shared = arch.sharedMemoryPath === undefined ? undefined : new SharedMemoryPath(arch.sharedMemoryPath, arch.subpartitionsPerSm);
    const special = arch.specialRegisters;
    this.special = special === undefined ? undefined : new SharedMemoryPath({ wavefrontCycles: special.readCycles, queueDepth: special.queueDepth }, arch.subpartitionsPerSm);
    this.atomics = new AtomicUnit(config.memoryLimits.atomicCycles);
    this.atomicCyclesPerLine = arch.memoryBandwidth.globalAtomicCyclesPerLine ?? 0;
    this.floatWordCycles = arch.memoryBandwidth.l2Atomics?.floatWordCycles ?? 1;
    this.floatAtomic = Uint8Array.from({ length: program.length }, (_, pc) => (/^(RED|REDG|ATOM|ATOMG)\b\S*\.(F32|F16x2|BF16x2|F64)\b/.test(program.textAt(pc).replace(/^\/\*[0-9a-f]+\*\/\s*/, "").replace(/^@!?U?P\w+\s+/, "")) ? 1 : 0));
    this.indexedCycles = arch.constantCache?.indexedCycles ?? 0;
    this.indexedConstant = Uint8Array.from({ length: program.length }, (_, pc) => (this.indexedCycles > 0 && isIndexedConstantLoad(program, pc) ? 1 : 0));
    this.constantFreeAt = new Float64Array(arch.subpartitionsPerSm);
    this.prefetchL2 = Uint8Array.from({ length: program.length }, (_, pc) => (program.opcodeAt(pc) === "CCTL" && /\.PF2\b/.test(program.textAt(pc)) ? 1 : 0));
    const posted = arch.memoryBandwidth.postedReductionRounds;
    this.posted = posted === undefined ? undefined : new PostedReductions(posted);
    this.bypassDataPipe = new Uint8Array(program.length);
    const setup = config.paths?.memory;
    this.addressed = setup === undefined || paths === undefined ? undefined : new AddressedMemory(arch, setup, `${seed}`);
    // Tests build paths from a partial config: no hooks there.
    const load = config.hooks?.load;
    this.loadHooks = load !== undefined && load.length > 0 ? load : undefined;
  }

  /** Observers of each addressed load (per-instruction statistics); undefined when none. */
  private readonly loadHooks: NonNullable<SmConfig["hooks"]["load"]> | undefined;

  /** An addressed load, and its sectors, hits and L2 sectors told to the observers. */
  private observedLoad(pc: number, start: number, warp: number, i: number): number {
    // Without observers (every run but --per-instruction's) the load alone, no counter snapshots.
    if (this.loadHooks === undefined) return this.addressedLoad(pc, start, warp, i);
    const c = this.addressed!.counters;
    const sectors = c.loadSectors + c.localLoadSectors + c.copySectors;
    const hits = c.loadSectorHits + c.localLoadSectorHits;
    const l2 = c.l2ReadSectors;
    const l2Hits = c.l2ReadHits;
    const at = this.addressedLoad(pc, start, warp, i);
    const own = c.loadSectors + c.localLoadSectors + c.copySectors - sectors;
    const ownHits = c.loadSectorHits + c.localLoadSectorHits - hits;
    for (const h of this.loadHooks) h(pc, own, ownHits, c.l2ReadSectors - l2, c.l2ReadHits - l2Hits);
    return at;
  }

  /** Access `i` of `warp`'s path through the memory system from its addresses, taken at `start`. */
  private addressedLoad(pc: number, start: number, warp: number, i: number): number {
    const a = this.paths!.accessesOf(warp);
    return this.addressed!.load(start, a.instruction[i], a.sectors, a.start[i], a.start[i + 1], a.kind[i] === ACCESS_BYPASS_L1, a.kind[i] === ACCESS_LOCAL, this.bypassDataPipe[pc] === 1, a.delay[i]);
  }

  /**
   * When the instruction at `pc`, issued at `now` by sub-partition `smsp`, is taken by its path:
   * the shared-memory pipe, the special-register unit or the atomic unit may queue it;
   * everything else goes at once. Its
   * latency (and a read barrier) runs from then.
   */
  start(pc: number, now: number, smsp: number, warp: number): number {
    const path = this.program.path[pc];
    if (this.addressed !== undefined) {
      const taken = this.startFromAddresses(pc, path, now, smsp, warp);
      if (taken >= 0) return taken;
    }
    if (path === PATH_NONE) return now;
    if (path === PATH_SPECIAL) return this.special!.access(now, smsp, 1);
    return path === PATH_SHARED ? this.shared!.access(now, smsp, this.program.wavefronts[pc]) : this.atomics.access(now);
  }

  /**
   * start() for an access the address-driven model times (this.current: its index in the warp's
   * accesses, for resultAt and storeDoneAt), or -1 to leave it to the declared paths.
   */
  private startFromAddresses(pc: number, path: number, now: number, smsp: number, warp: number): number {
    this.current = -1;
    if (this.indexedConstant[pc] === 1) return this.indexedConstantLoad(now, smsp, warp);
    if (this.prefetchL2[pc] === 1) {
      const i = this.addressedAccess(warp);
      if (i >= 0) {
        const a = this.paths!.accessesOf(warp);
        this.addressed!.prefetchL2(now, a.instruction[i], a.sectors, a.start[i], a.start[i + 1]);
      }
      return now;
    }
    const kind = this.program.kind[pc];
    if (path !== PATH_ATOMIC && (kind === OpKind.loadGlobal || kind === OpKind.storeGlobal)) {
      // A global load or store: its lines pass the L1's data pipe, which LDS and STS share
      // (validation/memory/data/wavefronts.csv: sgemm_naive keeps it 83% busy with global loads alone).
      this.current = this.addressedAccess(warp);
      if (this.current < 0 || this.shared === undefined) return -1;
      if (this.bypassDataPipe[pc] === 1) return now;
      const a = this.paths!.accessesOf(warp);
      // Its passes: the busier of the L1's tag and data stages (l1-passes.ts); the distinct lines
      // where the recording has none.
      const passes = a.passes[this.current];
      return this.shared.access(now, smsp, passes > 0 ? passes : distinctLines(a.sectors, a.start[this.current], a.start[this.current + 1]));
    }
    if (path === PATH_ATOMIC) {
      // A global atomic: after the SM's atomic unit, its lines' atomic units at the L2, which
      // every SM updating the same lines shares (line-atomics.ts). It reads its registers when
      // they take it: a warp that reuses them waits (long_scoreboard). A reduction is posted
      // instead: it reads them when it leaves the SM (posted-reductions.ts).
      this.current = this.addressedAccess(warp);
      if (this.current < 0) return this.atomics.access(now);
      const a = this.paths!.accessesOf(warp);
      const from = a.start[this.current];
      const to = a.start[this.current + 1];
      const base = this.atomics.access(now, this.atomicCyclesPerLine * Math.max(0, distinctLines(a.sectors, from, to) - 1));
      // Floating-point adds serialized on one word each wait for the one before: a sector's
      // rounds past its first (lanes of the warp on one word), or all of a warp's single
      // sector's, which the other warps' adds into the same word queue behind (warp_atomic_sum:
      // one add per warp into one word, 2.55 cycles each on the H100; the units then take the
      // sharers' adds in turn). Adds into other words of the warp's sectors go on meanwhile
      // (half2_atomic: 1,000 words, 7.25 adds a cycle over the GPU, the integer rate).
      const rounds = a.passes[this.current];
      const sectors = to - from;
      const serialized = this.floatAtomic[pc] === 0 ? rounds : sectors === 1 ? rounds * this.floatWordCycles : sectors + Math.max(0, rounds - sectors) * this.floatWordCycles;
      const taken = this.addressed!.lineAtomics(base, a.instruction[this.current], a.sectors, from, to, serialized);
      if (kind !== OpKind.storeGlobal || this.posted === undefined) return taken;
      // What it holds of the L2's buffers: its rounds counted per line (the most lanes on one word
      // of each line, 1.5 requests each), from its rounds per sector and its lines.
      const lines = distinctLines(a.sectors, from, to);
      return this.posted.post(base, taken, (a.passes[this.current] * lines) / Math.max(1, to - from));
    }
    if (path === PATH_SHARED && this.program.conflictsDeclared[pc] === 0) {
      // LDS, STS, LDSM: the wavefronts their lanes' real addresses take, where the executor knew them.
      const i = this.paths!.access(warp);
      const a = i >= 0 ? this.paths!.accessesOf(warp) : undefined;
      if (a !== undefined && a.kind[i] === ACCESS_SHARED) return this.shared!.access(now, smsp, a.passes[i]);
    }
    return -1;
  }

  /**
   * A register-indexed LDC whose lanes' words the path recorded: the sub-partition's constant
   * path reads them one after another, `indexedCycles` each
   * (validation/microbench/ldc-divergence-probe: 8 cycles a word, 1 to 32 words). Its latency
   * runs from the last word's read; -1 (timed as any LDC) when the words are not known.
   */
  private indexedConstantLoad(now: number, smsp: number, warp: number): number {
    const i = this.paths!.access(warp);
    const a = i >= 0 ? this.paths!.accessesOf(warp) : undefined;
    if (a === undefined || a.kind[i] !== ACCESS_CONSTANT) return -1;
    const start = Math.max(now, this.constantFreeAt[smsp]);
    this.constantFreeAt[smsp] = start + this.indexedCycles * a.passes[i];
    return start + this.indexedCycles * (a.passes[i] - 1);
  }

  /**
   * When the result of the instruction at `pc`, issued at `now` by `warp` and taken at `start`,
   * can be read (before the result delay).
   */
  resultAt(pc: number, now: number, start: number, warp: number): number {
    const { program } = this;
    if (program.kind[pc] !== OpKind.loadGlobal) return start + program.latencyCycles[pc];
    if (this.addressed !== undefined && program.path[pc] === PATH_ATOMIC) {
      const i = this.current;
      if (i >= 0) {
        const a = this.paths!.accessesOf(warp);
        return this.global.track(this.addressed.atomic(start, a.sectors, a.start[i], a.start[i + 1]));
      }
    } else if (this.current >= 0) {
      // Timed from when the data pipe takes it.
      return this.global.track(this.observedLoad(pc, start, warp, this.current));
    }
    const own = program.loadModel[pc];
    return this.global.load(now, own >= 0 ? this.loadModels[own] : undefined) + (start - now);
  }

  /** When the store at `pc`, issued at `now` by `warp` and taken at `start`, has completed (before the result delay). */
  storeDoneAt(pc: number, now: number, start: number, warp: number): number {
    if (this.program.kind[pc] !== OpKind.storeGlobal) return start + this.program.latencyCycles[pc];
    let latency = this.stores.next();
    // A reduction (RED) is done by the L2's atomic units (start): it takes no part of the write rate.
    const i = this.addressed !== undefined && this.program.path[pc] !== PATH_ATOMIC ? this.current : -1;
    if (i >= 0) {
      const a = this.paths!.accessesOf(warp);
      const wait = Math.ceil(this.addressed!.store(start, a.sectors, a.start[i], a.start[i + 1], warp, now, a.partialLines[i], a.kind[i] === ACCESS_LOCAL, a.instruction[i]));
      // A store the L2's write rate holds back holds the L1's data pipe, and the sub-partitions'
      // loads and stores queue behind it (lg_throttle), as on the H100 (transpose_naive).
      if (wait > 0 && this.program.path[pc] !== PATH_ATOMIC) this.shared?.holdUntil(start + wait);
      latency += wait;
    } else this.global.store(now);
    return start + latency;
  }

  /** The warp's current access, when the address-driven model times it (its addresses are known); else -1. */
  private addressedAccess(warp: number): number {
    if (this.addressed === undefined) return -1;
    const i = this.paths!.access(warp);
    if (i < 0) return -1;
    if (this.paths!.accessesOf(warp).kind[i] !== ACCESS_UNKNOWN) return i;
    this.addressed.counters.unaddressed++;
    return -1;
  }

  /** Whether every access of the instruction at `pc` leaves its path as it found it (the fast-forward may repeat it). */
  repeats(pc: number): boolean {
    const { program } = this;
    const kind = program.kind[pc];
    const own = program.loadModel[pc];
    if (program.path[pc] !== PATH_NONE) return false;
    if (this.addressed !== undefined && (kind === OpKind.loadGlobal || kind === OpKind.storeGlobal)) return false;
    if (kind === OpKind.loadGlobal) return this.global.loadRepeats(own >= 0 ? this.loadModels[own] : undefined);
    if (kind === OpKind.storeGlobal) return this.stores.repeats && this.global.storeRepeats;
    return true;
  }

  registerSteadyState(reg: SteadyStateRegistry): void {
    this.atomics.registerSteadyState(reg);
  }
}
