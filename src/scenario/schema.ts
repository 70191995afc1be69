import { z } from "zod";
import { parseByteSize } from "./byte-size.js";

export { parseByteSize };
import { PIPE_NAMES } from "../arch/arch-spec.js";
import { LOAD_COMPUTE_MAX_ILP } from "../program/generators/index.js";
import { OPCODES } from "../program/opcodes.js";
import { latencyDistribution } from "../arch/latency-distribution.js";
import { POLICY_NAMES } from "../sm/schedulers/index.js";

/** The scheduling policies a scenario may name (`scheduler:`), for help and listings. */
export const SCHEDULER_NAMES: readonly string[] = POLICY_NAMES;
import { DEFAULTS } from "../defaults.js";
import { LIMITS } from "../limits.js";

/**
 * The scenario file format (docs/scenario-format.md), as a zod schema: the single source of
 * truth for what a scenario may contain. Types are inferred from it.
 */

const count = (min: number) => z.number().int().min(min);

/** Bytes as a number or a string with a binary suffix: 48K = 49152, 1M = 1048576. */
export const byteSize = z.union([
  count(0),
  z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*([KkMm](i?B)?|B)?\s*$/, { message: "a byte size such as 49152, 48K or 1M" })
    .transform((s) => parseByteSize(s)),
]);


const latencyCycles = count(1);

// An opcode, or an opcode with its first modifier (IMAD.WIDE) where that variant is timed apart.
const opcodeName = z.string().refine((s) => s.split(".")[0] in OPCODES && s.split(".").length <= 2, {
  message: `an opcode (${Object.keys(OPCODES).join(", ")}), optionally with one modifier (IMAD.WIDE)`,
});

export const archOverrides = z
  .object({
    preset: z.string().optional(),
    displayName: z.string().optional(),
    subpartitionsPerSm: count(1).max(LIMITS.subpartitionsPerSm).optional(),
    maxWarpsPerSm: count(1).max(LIMITS.maxWarpsPerSm).optional(),
    maxThreadsPerSm: count(32).max(LIMITS.maxThreadsPerSm).optional(),
    maxBlocksPerSm: count(1).max(LIMITS.maxBlocksPerSm).optional(),
    maxThreadsPerBlock: count(1).max(LIMITS.maxThreadsPerBlock).optional(),
    registersPerSm: count(1).optional(),
    registersPerBlock: count(1).optional(),
    maxRegistersPerThread: count(1).optional(),
    registerAllocationUnit: count(1).optional(),
    sharedMemAllocationUnit: count(1).optional(),
    sharedMemPerSmBytes: byteSize.optional(),
    sharedMemPerBlockBytes: byteSize.optional(),
    sharedMemPerBlockOptinBytes: byteSize.optional(),
    reservedSharedMemPerBlockBytes: byteSize.optional(),
    sharedMemCarveoutsKiB: z.array(count(0)).min(1).optional(),
    pipes: z.partialRecord(z.enum(PIPE_NAMES as [string, ...string[]]), z.object({ lanes: count(1) }).strict()).optional(),
    fmaHalves: z
      .object({ preferred: z.enum(["heavy", "lite"]) })
      .strict()
      .nullable()
      .optional(),
    opcodes: z
      .record(opcodeName, z.object({ latencyCycles: count(0), issueCycles: count(1).optional(), dispatchCycles: count(1).optional() }).strict())
      .optional(),
    resultDelayCycles: count(0).optional(),
    warpLaunchIntervalCycles: count(0).optional(),
    memoryLevels: z
      .object({
        l1HitCycles: latencyCycles,
        l2HitCycles: latencyCycles,
        dramCycles: latencyCycles,
        l2TailCycles: count(0),
        dramTailCycles: count(0),
        l2FarHitCycles: latencyCycles,
        storeDrainCycles: latencyCycles,
      })
      .partial()
      .strict()
      .optional(),
    branch: z.object({ resolveCycles: count(0), takenRefetchCycles: count(0), resolveWithinCycles: count(1) }).partial().strict().optional(),
    barrier: z.object({ arrivalCycles: count(0), releaseCycles: count(0) }).partial().strict().optional(),
    // null: no shared-memory path (LDS/STS limited by their sub-partition's LSU alone).
    sharedMemoryPath: z.object({ wavefrontCycles: z.number().positive(), queueDepth: count(1) }).strict().nullable().optional(),
    // null: special-register reads limited by their sub-partition's pipe alone.
    specialRegisters: z.object({ readCycles: z.number().positive(), queueDepth: count(1) }).strict().nullable().optional(),
    // null: every constant operand hits.
    constantCache: z.object({ missCycles: z.number().min(0), lineBytes: count(1), indexedCycles: z.number().min(0).optional() }).strict().nullable().optional(),
    // null: register reads take no time (no bank conflicts).
    registerFile: z.object({ banks: count(1) }).strict().nullable().optional(),
    blockDispatch: z.object({ intervalCycles: z.number().min(0), turnaroundCycles: z.number().min(0) }).strict().nullable().optional(),
    memoryFence: z.object({ gpuCycles: z.number().min(0), systemCycles: z.number().min(0) }).strict().nullable().optional(),
    instructionFetch: z
      .object({ missCycles: z.number().min(0), cyclesPerLine: z.number().min(0), lineBytes: count(1), instructionBytes: count(1), cacheBytes: count(1), associativity: count(1) })
      .strict()
      .nullable()
      .optional(),
    memoryBandwidth: z
      .object({
        l2BytesPerCycle: z.number().positive(),
        dramBytesPerCycle: z.number().positive(),
        dramContentionCycles: z.number().min(0),
        dramPeakBytesPerCycle: z.number().positive(),
        l2WriteBytesPerCycle: z.number().positive(),
        l2PartialLineCycles: z.number().min(0),
        l2RequestCycles: z.number().min(0),
        l2HotLines: z
          .object({ lines: z.array(count(1)).min(1), loadFactor: z.array(z.number().min(1)).min(1), storeFactor: z.array(z.number().min(1)).min(1) })
          .strict()
          .refine((t) => t.loadFactor.length === t.lines.length && t.storeFactor.length === t.lines.length && t.lines.every((n, k) => k === 0 || n > t.lines[k - 1]), { message: "lines ascending, one load and one store factor per count" }),
        smStoreBytesPerCycle: z.number().positive(),
        smL2ReadBytesPerCycle: z.number().positive(),
        l2Atomics: z.object({ units: count(1), granuleBytes: count(32), roundsPerCycle: z.number().positive(), floatWordCycles: z.number().positive().optional() }).strict(),
        globalAtomicCyclesPerLine: z.number().min(0),
        maxLoadsInFlight: count(1),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();

export const memorySchema = z
  .object({
    /** Every load goes to this level: its latency, bandwidth, contention and in-flight cap (a `mix`'s closer hits skip the bandwidth and contention). */
    level: z.enum(["l2", "dram"]).optional(),
    latency: latencyDistribution.optional(),
    storeLatency: latencyDistribution.optional(),
    bytesPerCycle: z.number().positive().optional(),
    bytesPerLoad: count(1).optional(),
    contentionCycles: z.number().min(0).optional(),
    maxLoadsInFlight: count(1).optional(),
    /** SM cycles per warp-level global atomic (contended addresses cost more; docs/sass.md). */
    atomicCycles: z.number().min(0).optional(),
    /**
     * A kernel run from its arguments (memory from its addresses): the L2 at launch. `cold`
     * (default) as ncu leaves it (flushed before each profiled launch); `warm`: the kernel's
     * data is already in the L2 where it fits (a kernel run again on the same data).
     */
    cache: z.enum(["cold", "warm"]).optional(),
  })
  .strict();

export const loadComputeProgram = z
  .object({
    generator: z.literal("load-compute"),
    ilp: count(1).max(LOAD_COMPUTE_MAX_ILP),
    computePerLoad: count(0),
    iterations: count(1),
  })
  .strict();

/** A kernel's SASS from a cuobjdump listing (docs/sass.md). */
export const sassProgramSchema = z
  .object({
    /** The listing's file, relative to the scenario file. */
    sass: z.string().min(1),
    kernel: z.string().min(1).optional(),
    /** Trips per loop, by the address of its backward branch or first instruction. */
    trips: z.record(z.string(), count(1)).optional(),
    defaultTrips: count(1).optional(),
    /** Share of executions taken, by the address of a guarded forward BRA or EXIT. */
    taken: z.record(z.string(), z.number().min(0).max(1)).optional(),
    /** n-way bank conflict of a shared-memory access, by its address. */
    conflicts: z.record(z.string(), count(1).max(32)).optional(),
    /** The block's shape as the kernel indexes it ([x], [x, y] or [x, y, z]); default [threadsPerBlock]. */
    blockDim: z.array(count(1).max(LIMITS.maxThreadsPerBlock)).min(1).max(3).optional(),
    /** Latency distribution of particular global loads, by address. */
    loads: z.record(z.string(), latencyDistribution).optional(),
    /**
     * Run the kernel's own arithmetic (docs/execution.md): its arguments in parameter order
     * (`"ptr:256MiB, i32:4096"`, or a list of them, which a sweep can vary one at a time:
     * `program.args.2`), the grid's blocks ([x], [x, y] or [x, y, z]), and the SM whose
     * share of the grid this scenario runs (default 0). Each warp then follows its own path.
     */
    args: z.union([z.string(), z.array(z.union([z.string(), z.number()])).max(64)]).optional(),
    grid: z.array(count(1)).min(1).max(3).optional(),
    sm: count(0).optional(),
  })
  .strict();

export const launchSchema = z
  .object({
    threadsPerBlock: count(1).max(LIMITS.maxThreadsPerBlock),
    blocks: count(1).default(DEFAULTS.launch.blocks),
    registersPerThread: count(0).default(DEFAULTS.launch.registersPerThread),
    sharedMemPerBlock: byteSize.default(DEFAULTS.launch.sharedMemPerBlock),
    staticSharedMemPerBlock: byteSize.default(DEFAULTS.launch.staticSharedMemPerBlock),
    carveoutPercent: z.number().int().min(-1).max(100).default(DEFAULTS.launch.carveoutPercent),
    residentBlocks: count(1).max(LIMITS.maxBlocksPerSm).optional(),
  })
  .strict();

export const scenarioSchema = z
  .object({
    name: z.string().optional(),
    description: z.string().optional(),
    arch: z.union([z.string(), archOverrides]).default(DEFAULTS.arch),
    launch: launchSchema,
    memory: memorySchema.default({}),
    scheduler: z.enum(POLICY_NAMES).default(DEFAULTS.scheduler),
    seed: z.number().int().min(0).default(DEFAULTS.seed),
    program: z.union([z.string(), loadComputeProgram, sassProgramSchema]),
    /** Fields to sweep (warpsim sweep): { "launch.blocks": "1..16", "program.ilp": [1, 2, 4] }. */
    sweep: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.union([z.number(), z.string()])).min(1)])).optional(),
  })
  .strict();

export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ScenarioFields = z.output<typeof scenarioSchema>;
export type ArchOverrides = z.output<typeof archOverrides>;
