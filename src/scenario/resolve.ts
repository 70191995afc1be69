import type { ArchSpec } from "../arch/arch-spec.js";
import { occupancy, type OccupancyResult } from "../arch/occupancy.js";
import { PRESETS } from "../arch/presets/index.js";
import { LaunchError, type ScenarioIssue } from "../errors.js";
import { generateAssembly } from "../program/generators/index.js";
import { parseAssembly, type ParsedProgram } from "../program/parse.js";
import { DEFAULT_LOAD_LATENCY, type LatencyDistribution } from "../sm/memory/latency-model.js";
import type { MemoryLimits } from "../sm/memory/memory-system.js";
import type { PolicyName } from "../sm/schedulers/index.js";
import type { ArchOverrides, ScenarioFields } from "./schema.js";

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
}

export interface ResolveContext {
  readonly file: string;
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

  const generated = typeof fields.program !== "string";
  const assembly = typeof fields.program === "string" ? fields.program : generateAssembly(fields.program);
  const parsed = parseAssembly(assembly, {
    file: ctx.file,
    path: ["program"],
    lineOffset: generated ? 0 : (ctx.programLineOffset ?? 0),
  });
  if (!parsed.ok) return { ok: false, issues: [...parsed.issues] };

  const { loadLatency, memoryLimits } = resolveMemory(fields.memory, arch);
  return {
    ok: true,
    scenario: {
      file: ctx.file,
      name: fields.name ?? ctx.file,
      description: fields.description ?? "",
      arch,
      launch: fields.launch,
      occupancy: occ,
      residentBlocks: fields.launch.residentBlocks ?? occ.blocksPerSm,
      loadLatency,
      storeLatency: fields.memory.storeLatency ?? loadLatency,
      memoryLimits,
      scheduler: fields.scheduler,
      seed: fields.seed,
      assembly,
      program: parsed.program,
      fields,
    },
  };
}

/** A preset name, or a preset with overrides (docs/architectures.md). */
function resolveArch(input: string | ArchOverrides, file: string, issues: ScenarioIssue[]): ArchSpec | undefined {
  const { preset: presetName = "sm_90", ...overrides } = typeof input === "string" ? { preset: input } : input;
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
    memoryBandwidth: { ...preset.memoryBandwidth, ...overrides.memoryBandwidth },
  } as ArchSpec;
}

/**
 * `memory.level` fills in the level's latency, bandwidth, contention and in-flight cap from the
 * architecture; explicit fields win. Without a level, loads are unlimited unless fields say so.
 */
function resolveMemory(m: ScenarioFields["memory"], arch: ArchSpec): { loadLatency: LatencyDistribution; memoryLimits: MemoryLimits } {
  const bw = arch.memoryBandwidth;
  const level =
    m.level === "dram"
      ? { cycles: arch.memoryLevels.dramCycles, tail: arch.memoryLevels.dramTailCycles, bytesPerCycle: bw.dramBytesPerCycle, contention: bw.dramContentionCycles }
      : m.level === "l2"
        ? { cycles: arch.memoryLevels.l2HitCycles, tail: arch.memoryLevels.l2TailCycles, bytesPerCycle: bw.l2BytesPerCycle, contention: 0 }
        : undefined;
  const levelLatency: LatencyDistribution | undefined = level && {
    kind: "exponential",
    min: Math.max(1, level.cycles - level.tail),
    mean: level.cycles,
  };
  return {
    loadLatency: m.latency ?? levelLatency ?? DEFAULT_LOAD_LATENCY,
    memoryLimits: {
      bytesPerCycle: m.bytesPerCycle ?? level?.bytesPerCycle ?? Infinity,
      bytesPerLoad: m.bytesPerLoad ?? 128,
      contentionCycles: m.contentionCycles ?? level?.contention ?? 0,
      maxLoadsInFlight: m.maxLoadsInFlight ?? (level ? bw.maxLoadsInFlight : Infinity),
    },
  };
}
