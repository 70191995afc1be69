import { WheelEventQueue } from "../engine/wheel-event-queue.js";
import { ActiveCycles } from "../stats/counters.js";
import { StateAccounting } from "../stats/state-accounting.js";
import { Barriers } from "./barriers.js";
import { BlockAdmission } from "./block-admission.js";
import { BlockTable } from "./block-table.js";
import { BranchUnit } from "./branch-unit.js";
import { ConstantCache } from "./constant-cache.js";
import { InstructionFetch } from "./instruction-fetch.js";
import { aperiodicPcs, simplePcs } from "./issue-paths.js";
import { MemoryPaths } from "./memory/memory-paths.js";
import { Scoreboard } from "./scoreboard.js";
import type { SmConfig } from "./sm-config.js";
import { createSteadyState } from "./sm-steady-state.js";
import type { SteadyState } from "./steady-state.js";
import { createSubpartitions, type Subpartition } from "./subpartition.js";
import { WarpPaths } from "./warp-paths.js";
import { WarpTable } from "./warp-table.js";
import { AsyncUnit } from "./async/async-unit.js";

/** The units of one SM, wired together (what StreamingMultiprocessor drives). */
export interface SmParts {
  readonly warps: WarpTable;
  readonly scoreboard: Scoreboard;
  readonly accounting: StateAccounting;
  readonly blocks: BlockTable;
  readonly events: WheelEventQueue;
  readonly active: ActiveCycles;
  readonly memory: MemoryPaths;
  readonly constants: ConstantCache;
  readonly fetch: InstructionFetch;
  readonly subpartitions: readonly Subpartition[];
  readonly barriers: Barriers;
  readonly admission: BlockAdmission;
  readonly branches: BranchUnit;
  /** The steady-state fast-forward, when the run can use it (sm-steady-state.ts). */
  readonly steady: SteadyState | undefined;
  /** Per pc, 1 where its effects do not repeat (issue-paths.ts). */
  readonly aperiodicAt: Uint8Array;
  /** Per pc, 1 where its issue is the plain case (issue-paths.ts). */
  readonly simpleAt: Uint8Array;
  /** Each warp's own path, when the kernel was run (warp-paths.ts). */
  readonly warpPaths: WarpPaths | undefined;
  /** Hopper's asynchronous units, when the architecture has them and the program uses them (async/async-unit.ts). */
  readonly async: AsyncUnit | undefined;
}

/**
 * Builds an SM's units from its config, in the one order their dependencies allow: tables and
 * paths first, then the sub-partitions that read them, the barrier and admission units that
 * move warps between them, the fast-forward that registers all of them, and the branch unit
 * that marks its comparison points. `arrive` is the SM's: admission calls it for a warp that
 * arrives at once.
 */
export function buildSmParts(config: SmConfig, arrive: (warp: number, cycle: number) => void, wake: (warp: number, cycle: number) => void): SmParts {
  const { arch, program } = config;
  const slots = arch.maxWarpsPerSm;
  const warps = new WarpTable(slots, program.loopSlots);
  const scoreboard = new Scoreboard(slots);
  const accounting = new StateAccounting(slots, arch.subpartitionsPerSm, config.hooks, { pc: warps.pc, gridBlock: warps.blockAge, atBarrier: warps.waitingAtBarrier });
  const warpsPerBlock = Math.ceil(config.threadsPerBlock / arch.warpSize);
  const blocks = new BlockTable(config.residentBlocksLimit, warpsPerBlock);
  const events = new WheelEventQueue();
  const active = new ActiveCycles();
  const warpPaths = config.paths === undefined ? undefined : new WarpPaths(slots, config.paths);
  const memory = new MemoryPaths(config, program, warpPaths);
  const constants = new ConstantCache(program, arch);
  const fetch = new InstructionFetch(program.length, arch);
  const barrierUnit = { freeAt: 0 };
  const subpartitions = createSubpartitions(config, { warps, accounting, memory: memory.global, sharedMemory: memory.shared, specialRegisters: memory.special, barrierUnit, loadsUseDataPipe: memory.addressed !== undefined });
  const barriers = new Barriers(barrierUnit, { arch, program, warps, blocks, accounting, events, subpartitions });
  const admission = new BlockAdmission({
    warps,
    blocks,
    scoreboard,
    events,
    gridBlocks: config.gridBlocks,
    residentBlocksLimit: config.residentBlocksLimit,
    warpsPerBlock,
    subpartitions: arch.subpartitionsPerSm,
    launchIntervalCycles: arch.warpLaunchIntervalCycles,
    // A kernel run from its launch meets the block dispatcher; a declared scenario's blocks (an idealized SM) arrive at once.
    ...(arch.blockDispatch !== undefined && warpPaths !== undefined ? { dispatch: arch.blockDispatch } : {}),
    arrive,
    paths: warpPaths,
  });
  const units = [blocks, admission, constants, fetch, memory, active];
  const async = AsyncUnit.maybe({ arch, program, warps, blocks, scoreboard, accounting, events, memory, paths: warpPaths, wake, ...(config.registersPerThread !== undefined ? { registersPerThread: config.registersPerThread } : {}) });
  // A sampled run shifts only what is registered: not the asynchronous units, not caches of addresses.
  const unsampled = async !== undefined ? "the kernel's asynchronous units (TMA, mbarriers, warpgroup MMA) are not registered for skipping" : memory.addressed !== undefined ? "the caches of an addressed memory are not registered for skipping" : undefined;
  const steady = createSteadyState(config, { warps, scoreboard, accounting, subpartitions, events, barrierUnit, units }, unsampled);
  const branches = new BranchUnit({ arch, program, warps, accounting, events, barriers, steady, paths: warpPaths });
  const aperiodicAt = aperiodicPcs(program, memory);
  // The tensor cores' queues and the commit groups are not registered with the fast-forward: a loop with them never skips.
  if (async !== undefined) for (let pc = 0; pc < program.length; pc++) if (async.table.kind[pc] !== 0) aperiodicAt[pc] = 1;
  const simpleAt = simplePcs(program, aperiodicAt, constants);
  return { warps, scoreboard, accounting, blocks, events, active, memory, constants, fetch, subpartitions, barriers, admission, branches, steady, aperiodicAt, simpleAt, warpPaths, async };
}
