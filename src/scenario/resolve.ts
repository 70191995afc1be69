import type { ArchSpec } from "../arch/arch-spec.js";
import { occupancy, type OccupancyResult } from "../arch/occupancy.js";
import { PRESETS } from "../arch/presets/index.js";
import { LaunchError, type ScenarioIssue } from "../errors.js";
import { generateAssembly, loadComputeLength } from "../program/generators/index.js";
import { Reg } from "../program/opcodes.js";
import { parseAssembly, type ParsedProgram } from "../program/parse.js";
import { DEFAULTS } from "../defaults.js";
import type { LatencyDistribution } from "../arch/latency-distribution.js";
import type { MemoryLimits } from "../sm/memory/memory-system.js";
import { LEVEL_CODES, LEVEL_NONE } from "../sm/memory/latency-model.js";
import type { PolicyName } from "../sm/schedulers/index.js";
import { LIMITS } from "../limits.js";
import { type AddressedMemoryOptions, executedPaths } from "../exec/executed-paths.js";
import { l1CacheBytes } from "../sm/memory/carveout.js";
import { findKernel } from "../exec/find-kernel.js";
import type { Dim3, Launch } from "../exec/launch.js";
import { blocksOfSm } from "../exec/kernel-profile.js";
import type { AddressedMemorySetup } from "../sm/memory/addressed-memory.js";
import { planExecution } from "../exec/run-from-args.js";
import { representativeSm } from "../exec/representative-sm.js";
import { executableKernel } from "../exec/run-warp.js";
import { ConfigError } from "../errors.js";
import type { WarpPathSource } from "../sm/warp-paths.js";
import { readSass, type SassKernel } from "../sass/read-sass.js";
import { highestRegister, sassProgram } from "../sass/sass-program.js";
import type { ArchOverrides, ScenarioFields } from "./schema.js";

type SassProgramFields = Extract<ScenarioFields["program"], { sass: string }>;
type TextOrGenerator = Exclude<ScenarioFields["program"], SassProgramFields>;

/** A kernel run from its arguments (program.args, program.grid): the SM's blocks and each warp's path. */
export interface ExecutedRun {
  /** Blocks this SM runs: its share of the grid. */
  readonly blocks: number;
  readonly paths: WarpPathSource;
  /** The rest of the GPU, when its SMs do not all run as many blocks as this one. */
  readonly spread?: GpuSpread;
}

/**
 * A grid that does not divide by the SMs: the first `alike` SMs of the dispatch order (this
 * one's class) run one block more than the rest. `other` is an SM of the rest, run too (its
 * blocks and paths); with fewer blocks than SMs the rest are `idle`. ncu's
 * sm__cycles_active.avg is the mean over all the GPU's SMs, the kernel's time their maximum.
 */
export interface GpuSpread {
  readonly smCount: number;
  /** SMs of this SM's class (this one included). */
  readonly alike: number;
  readonly other?: { readonly sm: number; readonly sms: number; readonly blocks: number; readonly paths: WarpPathSource };
  readonly idle: number;
}

/** A validated scenario with everything resolved: the input of `simulate`. */
export interface Scenario {
  /** Where it came from, for messages ("<inline>" for text). */
  readonly file: string;
  readonly name: string;
  readonly description: string;
  readonly arch: ArchSpec;
  readonly launch: ScenarioFields["launch"];
  /** Resident blocks per SM from the occupancy calculator. */
  readonly occupancy: OccupancyResult;
  /** Resident blocks the simulation uses: launch.residentBlocks if pinned, else the calculator's. */
  readonly residentBlocks: number;
  readonly loadLatency: LatencyDistribution;
  readonly storeLatency: LatencyDistribution;
  /** Bandwidth, contention and in-flight limits of global loads. */
  readonly memoryLimits: MemoryLimits;
  readonly scheduler: PolicyName;
  readonly seed: number;
  /** The program as assembly text (generated for generator programs). */
  readonly assembly: string;
  readonly program: ParsedProgram;
  /** The validated fields as written (after defaults): what sweeps vary. */
  readonly fields: ScenarioFields;
  /** Things that are legal but probably not meant (the CLI prints them on stderr). */
  readonly warnings: readonly string[];
  /** How it read the files it names (a SASS listing), for variants of it (explain); absent without a file system. */
  readonly readFile?: ResolveContext["readFile"];
  /** Each warp's own path, when the program runs the kernel from its arguments (docs/execution.md). */
  readonly paths?: WarpPathSource;
  /** The GPU's other SMs, when they run a different number of blocks (simulate runs one of them too). */
  readonly spread?: GpuSpread;
}

export interface ResolveContext {
  readonly file: string;
  /**
   * Reads a file a scenario names (a SASS listing), relative to the scenario; absent where
   * there is no file system (the browser), where such a scenario is an error.
   */
  readonly readFile?: (path: string) => { file: string; text: string };
  /** File line of the first program line minus one, when the program is a block scalar. */
  readonly programLineOffset?: number;
}

export type ResolveResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

export function resolveScenario(fields: ScenarioFields, ctx: ResolveContext): ResolveResult {
  const issues: ScenarioIssue[] = [];
  const arch = resolveArch(fields.arch, ctx.file, issues);
  if (arch === undefined) return { ok: false, issues };

  let occ: OccupancyResult;
  try {
    occ = occupancy(arch, {
      threadsPerBlock: fields.launch.threadsPerBlock,
      registersPerThread: fields.launch.registersPerThread,
      dynamicSharedMemBytes: fields.launch.sharedMemPerBlock,
      staticSharedMemBytes: fields.launch.staticSharedMemPerBlock,
      carveoutPercent: fields.launch.carveoutPercent,
    });
  } catch (e) {
    if (!(e instanceof LaunchError)) throw e;
    issues.push({
      code: "invalid_launch",
      file: ctx.file,
      path: ["launch"],
      expected: "a launch that fits one SM",
      found: e.message.replace(/\.$/, ""),
    });
    return { ok: false, issues };
  }
  if (occ.blocksPerSm === 0 && fields.launch.residentBlocks === undefined) {
    issues.push({
      code: "invalid_launch",
      file: ctx.file,
      path: ["launch"],
      expected: "a launch of which at least one block fits on an SM",
      found: `0 resident blocks (limited by ${occ.limiters.join(", ")})`,
    });
    return { ok: false, issues };
  }

  const pinned = checkPinnedResidency(fields.launch, arch, ctx.file);
  if (pinned !== undefined) return { ok: false, issues: [pinned] };

  // A kernel run from its arguments gets global memory from its addresses unless the scenario
  // says where loads go (memory.level or memory.latency: the explicit override, docs/memory.md).
  const addressed = runsFromArgs(fields.program) && fields.memory.level === undefined && fields.memory.latency === undefined;
  const memory = addressed
    ? {
        l1Bytes: l1CacheBytes(arch, fields.launch.sharedMemPerBlock + (fields.launch.staticSharedMemPerBlock ?? 0), fields.launch.residentBlocks ?? occ.blocksPerSm, fields.launch.threadsPerBlock),
        l2Bytes: arch.l2KiB * 1024,
        concurrentBlocks: arch.smCount * (fields.launch.residentBlocks ?? occ.blocksPerSm),
        ...(arch.memoryBandwidth.l2HotLines !== undefined ? { hotLines: arch.memoryBandwidth.l2HotLines } : {}),
        warm: fields.memory.cache === "warm",
        seed: `${fields.seed}`,
      }
    : undefined;
  const source = programOf(fields.program, ctx, fields.launch, arch.name, memory);
  if (!source.ok) return { ok: false, issues: [...source.issues] };
  const parsed = source;

  const { loadLatency, memoryLimits, storeLatency } = resolveMemory(fields.memory, arch, addressed);
  return {
    ok: true,
    scenario: {
      file: ctx.file,
      name: fields.name ?? ctx.file,
      description: fields.description ?? "",
      arch,
      launch: source.executed === undefined ? fields.launch : { ...fields.launch, blocks: source.executed.blocks },
      occupancy: occ,
      residentBlocks: fields.launch.residentBlocks ?? occ.blocksPerSm,
      loadLatency,
      storeLatency,
      memoryLimits,
      scheduler: fields.scheduler,
      seed: fields.seed,
      assembly: source.assembly,
      program: parsed.program,
      fields,
      warnings: [...source.warnings, ...registerWarnings(parsed.program, fields.launch.registersPerThread, ctx.file)],
      ...(source.executed !== undefined ? { paths: source.executed.paths } : {}),
      ...(source.executed?.spread !== undefined ? { spread: source.executed.spread } : {}),
      ...(ctx.readFile !== undefined ? { readFile: ctx.readFile } : {}),
    },
  };
}

/**
 * A pinned `launch.residentBlocks` replaces the calculator's answer (to study a residency the
 * resources would not allow), but it cannot exceed the SM's block slots or warp slots: those
 * blocks would have nowhere to run.
 */
function checkPinnedResidency(launch: ScenarioFields["launch"], arch: ArchSpec, file: string): ScenarioIssue | undefined {
  const pinned = launch.residentBlocks;
  if (pinned === undefined) return undefined;
  const warpsPerBlock = Math.ceil(launch.threadsPerBlock / arch.warpSize);
  const byWarps = Math.floor(arch.maxWarpsPerSm / warpsPerBlock);
  const limit = Math.min(arch.maxBlocksPerSm, byWarps);
  if (pinned <= limit) return undefined;
  const why =
    limit === arch.maxBlocksPerSm
      ? `${arch.name} has ${arch.maxBlocksPerSm} block slots per SM`
      : `${arch.name} has ${arch.maxWarpsPerSm} warp slots per SM and a block of ${launch.threadsPerBlock} threads takes ${warpsPerBlock}`;
  return {
    code: "out_of_range",
    file,
    path: ["launch", "residentBlocks"],
    expected: `at most ${limit} resident blocks (${why})`,
    found: String(pinned),
  };
}

type ProgramSource =
  | { readonly ok: true; readonly program: ParsedProgram; readonly assembly: string; readonly warnings: readonly string[]; readonly executed?: ExecutedRun }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

/** The program of a scenario: assembly text, a generator, or a kernel's SASS from a listing. */
/** Whether the program is a SASS kernel run from its arguments and grid (docs/execution.md). */
function runsFromArgs(program: ScenarioFields["program"]): boolean {
  return typeof program !== "string" && "sass" in program && (program.args !== undefined || program.grid !== undefined);
}

function programOf(program: ScenarioFields["program"], ctx: ResolveContext, launch: ScenarioFields["launch"], archName: string, memory?: AddressedMemoryOptions): ProgramSource {
  if (typeof program !== "string" && "sass" in program) return sassProgramOf(program, ctx, launch, archName, memory);
  const tooBig = checkProgramSize(program, ctx.file);
  if (tooBig !== undefined) return { ok: false, issues: [tooBig] };
  const generated = typeof program !== "string";
  const assembly = typeof program === "string" ? program : generateAssembly(program);
  const parsed = parseAssembly(assembly, { file: ctx.file, path: ["program"], lineOffset: generated ? 0 : (ctx.programLineOffset ?? 0) });
  return parsed.ok ? { ok: true, program: parsed.program, assembly, warnings: [] } : parsed;
}

function sassProgramOf(program: SassProgramFields, ctx: ResolveContext, launch: ScenarioFields["launch"], archName: string, memory?: AddressedMemoryOptions): ProgramSource {
  const registersPerThread = launch.registersPerThread;
  const [x, y = 1, z = 1] = program.blockDim ?? [launch.threadsPerBlock];
  if (x * y * z !== launch.threadsPerBlock) {
    return {
      ok: false,
      issues: [{ code: "invalid_field", file: ctx.file, path: ["program", "blockDim"], expected: `a block shape of launch.threadsPerBlock = ${launch.threadsPerBlock} threads (x * y * z)`, found: `[${program.blockDim!.join(", ")}]: ${x * y * z} threads` }],
    };
  }
  if (ctx.readFile === undefined) {
    return {
      ok: false,
      issues: [{ code: "invalid_field", file: ctx.file, path: ["program", "sass"], expected: "a SASS listing read from a file (the command line reads it; here there is no file system)", found: program.sass }],
    };
  }
  const { file, text } = ctx.readFile(program.sass);
  const listing = readSass(text, file);
  if (!listing.ok) return listing;
  const runs = program.args !== undefined || program.grid !== undefined;
  if (runs && (program.trips !== undefined || program.taken !== undefined)) {
    return { ok: false, issues: [{ code: "invalid_field", file: ctx.file, path: ["program", program.trips !== undefined ? "trips" : "taken"], expected: "either declared trips and shares, or args and grid to run the kernel (each warp then follows its own path), not both", found: "both" }] };
  }
  const kernelName = runs ? findKernel(listing.kernels, program.kernel ?? (listing.kernels.length === 1 ? listing.kernels[0].name : ""))?.name : program.kernel;
  // Running the kernel decides every branch: the declared model's loops need some count to translate.
  const built = sassProgram(listing.kernels, { ...program, ...(kernelName !== undefined ? { kernel: kernelName } : {}), blockDim: [x, y, z], ...(runs ? { defaultTrips: 1, executed: true } : {}) }, file);
  // Problems with the scenario's own fields (kernel, trips, taken) are the scenario's, not the listing's.
  if (!built.ok) return { ok: false, issues: built.issues.map((i) => (i.line === undefined ? { ...i, file: ctx.file } : i)) };
  const assembly = built.kernel.instructions.map((i) => i.text).join("\n");
  // Registers carry no dependency in a SASS program, so the usual check of the highest register
  // against launch.registersPerThread is made here, from the listing.
  const highest = highestRegister(built.kernel);
  const warnings =
    highest >= registersPerThread
      ? [
          ...built.warnings,
          `${ctx.file}: kernel ${built.kernel.name} names R${highest}, but launch.registersPerThread is ${registersPerThread}; ptxas allocated about ${highest + 3} (ptxas -v, or ncu's launch__registers_per_thread, says exactly), and occupancy depends on it.`,
        ]
      : built.warnings;
  if (!runs) return { ok: true, program: built.program, assembly, warnings };
  const executed = executedRun(built.kernel, program, [x, y, z], ctx, file, archName, memory);
  if (!executed.ok) return executed;
  // A branch decided by loaded data falls back to not taken: say so, and how to give the data.
  const unknown = executed.unknown.map((a) => `0x${a.toString(16).padStart(4, "0")}`);
  const dataWarning = `${file}: kernel ${built.kernel.name}: branches decided by loaded data (${unknown.join(", ")}) are taken as not taken (around a slow path's call: taken); give the buffers' contents in program.args (ptr:4MiB fill(0), iota(0, 1) or random(0, 99): docs/execution.md)`;
  const all = [...warnings, ...(executed.note !== undefined ? [executed.note] : []), ...(unknown.length > 0 ? [dataWarning] : [])];
  return { ok: true, program: built.program, assembly, warnings: all, executed: executed.run };
}

/** Warp-instructions the choice of a typical SM may run functionally (representative-sm.ts). */
const REPRESENTATIVE_BUDGET = 1_000_000;

/** program.args and program.grid: the SM's blocks of the grid, and each warp's path when admitted. */
function executedRun(
  kernel: SassKernel,
  program: SassProgramFields,
  block: Dim3,
  ctx: ResolveContext,
  file: string,
  archName: string,
  memory: AddressedMemoryOptions | undefined,
): { ok: true; run: ExecutedRun; unknown: number[]; note?: string } | { ok: false; issues: ScenarioIssue[] } {
  const fail = (field: string, expected: string, found: string) => ({ ok: false as const, issues: [{ code: "invalid_field" as const, file: ctx.file, path: ["program", field], expected, found }] });
  if (program.grid === undefined) return fail("grid", "the grid's blocks ([x], [x, y] or [x, y, z]) to run the kernel from its args", "none");
  try {
    const args = typeof program.args === "object" ? program.args.join(", ") : (program.args ?? "");
    const smCount = PRESETS[archName as keyof typeof PRESETS].smCount;
    const at = (sm: number) => planExecution(kernel, { grid: program.grid!, block, args, sm, arch: archName }, file);
    let plan = at(program.sm ?? 0);
    // Unless the user names one, the SM whose blocks' work is typical of the GPU's (representative-sm.ts).
    const typical = program.sm === undefined ? representativeSm(executableKernel(kernel), plan.launch, smCount, REPRESENTATIVE_BUDGET) : { sm: program.sm };
    if (typical.sm !== (program.sm ?? 0)) plan = at(typical.sm);
    const paths = executedPaths(kernel, plan.launch, plan.blocks, file, memory);
    const spread = gpuSpread(kernel, plan.launch, typical.sm, smCount, file, paths.memory);
    const w = typical.work;
    const note =
      w === undefined
        ? undefined
        : `${file}: kernel ${kernel.name}: SM ${typical.sm}'s blocks are timed to stand for the GPU: their ${w.chosen} warp-instructions are nearest the mean of ${w.sampled} SMs sampled (${w.mean}), where SM 0's blocks issue ${w.sm0} (the blocks' work depends on where they are in the grid; program.sm or --sm picks one)`;
    return { ok: true, run: { blocks: plan.blocks.length, paths, ...(spread !== undefined ? { spread } : {}) }, unknown: paths.unknownGuards(), ...(note !== undefined ? { note } : {}) };
  } catch (e) {
    if (e instanceof ConfigError) return fail(program.args === undefined ? "grid" : "args", "arguments and a launch the kernel can run with", e.message);
    throw e;
  }
}

/** The SMs of the other class than `sm`'s, when the grid does not divide by the SMs (GpuSpread). */
function gpuSpread(kernel: SassKernel, launch: Launch, sm: number, smCount: number, file: string, memory: AddressedMemorySetup | undefined): GpuSpread | undefined {
  const grid = launch.grid[0] * launch.grid[1] * launch.grid[2];
  const more = grid % smCount; // SMs 0..more-1 run one block more
  if (more === 0) return undefined;
  const fewer = Math.floor(grid / smCount);
  const mine = sm < more;
  const alike = mine ? more : smCount - more;
  const otherSm = mine ? more : 0;
  const otherSms = smCount - alike;
  if (mine && fewer === 0) return { smCount, alike, idle: otherSms };
  const blocks = blocksOfSm(grid, smCount, otherSm);
  return { smCount, alike, idle: 0, other: { sm: otherSm, sms: otherSms, blocks: blocks.length, paths: executedPaths(kernel, launch, blocks, file, memory) } };
}

/** A program beyond LIMITS.programInstructions is refused before it is generated or parsed. */
function checkProgramSize(program: TextOrGenerator, file: string): ScenarioIssue | undefined {
  if (typeof program === "string") {
    if (program.length <= LIMITS.programBytes) return undefined;
    return { code: "out_of_range", file, path: ["program"], expected: `a program of at most ${LIMITS.programBytes} characters`, found: `${program.length}` };
  }
  const instructions = loadComputeLength(program);
  if (instructions <= LIMITS.programInstructions) return undefined;
  return {
    code: "out_of_range",
    file,
    path: ["program", "computePerLoad"],
    expected: `a generated program of at most ${LIMITS.programInstructions} instructions (ilp x (computePerLoad + 2) + 2); loop with \`iterations\` instead`,
    found: `computePerLoad ${program.computePerLoad} with ilp ${program.ilp}: ${instructions} instructions`,
  };
}

/**
 * Registers a thread uses beyond launch.registersPerThread: legal for the simulation (it does
 * not allocate by them) but it means the occupancy is computed for a kernel other than this one.
 */
function registerWarnings(program: ParsedProgram, registersPerThread: number, file: string): string[] {
  let highest = -1;
  let line = 0;
  for (let pc = 0; pc < program.length; pc++) {
    // An instruction's sources and then its destinations lie together in the pool.
    for (let i = program.srcStart[pc]; i < program.dstStart[pc] + program.dstCount[pc]; i++) {
      const r = program.regs[i];
      if (r < Reg.RZ && r > highest) {
        highest = r;
        line = program.line[pc];
      }
    }
  }
  if (highest < registersPerThread) return [];
  return [
    `${file}, line ${line}: the program uses R${highest}, but launch.registersPerThread is ${registersPerThread} (R0..R${registersPerThread - 1}); ` +
      `occupancy is computed for ${registersPerThread} registers. Set registersPerThread to at least ${highest + 1} to match the program.`,
  ];
}

/** A preset name, or a preset with overrides (docs/architectures.md). */
function resolveArch(input: string | ArchOverrides, file: string, issues: ScenarioIssue[]): ArchSpec | undefined {
  const { preset: presetName = DEFAULTS.arch, ...overrides } = typeof input === "string" ? { preset: input } : input;
  const preset = PRESETS[presetName];
  if (preset === undefined) {
    issues.push({
      code: "invalid_field",
      file,
      path: typeof input === "string" ? ["arch"] : ["arch", "preset"],
      expected: `an architecture preset (${Object.keys(PRESETS).join(", ")})`,
      found: JSON.stringify(presetName),
    });
    return undefined;
  }
  return {
    ...preset,
    ...overrides,
    pipes: { ...preset.pipes, ...overrides.pipes },
    // null: one undivided FP32 pipe, whatever the preset has.
    fmaHalves: overrides.fmaHalves === null ? undefined : (overrides.fmaHalves ?? preset.fmaHalves),
    opcodes: { ...preset.opcodes, ...overrides.opcodes },
    memoryLevels: { ...preset.memoryLevels, ...overrides.memoryLevels },
    branch: { ...preset.branch, ...overrides.branch },
    barrier: { ...preset.barrier, ...overrides.barrier },
    sharedMemoryPath: overrides.sharedMemoryPath === null ? undefined : (overrides.sharedMemoryPath ?? preset.sharedMemoryPath),
    specialRegisters: overrides.specialRegisters === null ? undefined : (overrides.specialRegisters ?? preset.specialRegisters),
    constantCache: overrides.constantCache === null ? undefined : (overrides.constantCache ?? preset.constantCache),
    registerFile: overrides.registerFile === null ? undefined : (overrides.registerFile ?? preset.registerFile),
    instructionFetch: overrides.instructionFetch === null ? undefined : (overrides.instructionFetch ?? preset.instructionFetch),
    // null: blocks arrive at once (an idealized SM); fences issue as plain instructions.
    blockDispatch: overrides.blockDispatch === null ? undefined : (overrides.blockDispatch ?? preset.blockDispatch),
    memoryFence: overrides.memoryFence === null ? undefined : (overrides.memoryFence ?? preset.memoryFence),
    memoryBandwidth: { ...preset.memoryBandwidth, ...overrides.memoryBandwidth },
  } as ArchSpec;
}

/**
 * `memory.level` fills in the level's latency, bandwidth, contention and in-flight cap from the
 * architecture; explicit fields win. Without a level, loads are unlimited unless fields say so.
 */
function resolveMemory(m: ScenarioFields["memory"], arch: ArchSpec, addressed: boolean): { loadLatency: LatencyDistribution; storeLatency: LatencyDistribution; memoryLimits: MemoryLimits } {
  const bw = arch.memoryBandwidth;
  const level =
    m.level === "dram"
      ? {
          cycles: arch.memoryLevels.dramCycles,
          tail: arch.memoryLevels.dramTailCycles,
          bytesPerCycle: bw.dramBytesPerCycle,
          peakBytesPerCycle: bw.dramPeakBytesPerCycle ?? bw.dramBytesPerCycle,
          contention: bw.dramContentionCycles,
        }
      : m.level === "l2"
        ? { cycles: arch.memoryLevels.l2HitCycles, tail: arch.memoryLevels.l2TailCycles, bytesPerCycle: bw.l2BytesPerCycle, peakBytesPerCycle: bw.l2BytesPerCycle, contention: 0 }
        : undefined;
  const levelLatency: LatencyDistribution | undefined = level && {
    kind: "exponential",
    min: Math.max(1, level.cycles - level.tail),
    mean: level.cycles,
  };
  const loadLatency = m.latency ?? levelLatency ?? DEFAULTS.loadLatency;
  // From addresses, a store is done when it has left the SM (the L2's write rate may queue it further).
  const drain: LatencyDistribution = { kind: "fixed", cycles: arch.memoryLevels.storeDrainCycles ?? arch.memoryLevels.l2HitCycles };
  return {
    loadLatency,
    storeLatency: m.storeLatency ?? (addressed ? drain : loadLatency),
    memoryLimits: {
      bytesPerCycle: m.bytesPerCycle ?? level?.bytesPerCycle ?? Infinity,
      // An explicit bandwidth is also the capacity contention counts against.
      contentionBytesPerCycle: m.bytesPerCycle ?? level?.peakBytesPerCycle ?? Infinity,
      bytesPerLoad: m.bytesPerLoad ?? DEFAULTS.bytesPerLoad,
      contentionCycles: m.contentionCycles ?? level?.contention ?? 0,
      maxLoadsInFlight: m.maxLoadsInFlight ?? (level || addressed ? bw.maxLoadsInFlight : Infinity),
      atomicCycles: m.atomicCycles ?? arch.globalAtomicCycles ?? 0,
      level: m.level === undefined ? LEVEL_NONE : LEVEL_CODES[m.level],
    },
  };
}
