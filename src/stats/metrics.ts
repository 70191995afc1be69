import type { MemoryReport } from "./memory-report.js";
import { FMA_LITE, PIPE_NAMES, Pipe, type PipeName } from "../arch/arch-spec.js";
import type { OccupancyResult } from "../arch/occupancy.js";
import type { RegisterSplit } from "../arch/register-split.js";
import type { Outcome } from "./outcome.js";
import { WARP_STATE_COUNT, WARP_STATE_NAMES, type WarpStateName } from "./warp-state.js";

/** One stall reason (warp state): Nsight Compute's two views of it. */
export interface StallMetric {
  /** Warp-cycles spent in this state. */
  readonly warpCycles: number;
  /** Share of all active warp-cycles. */
  readonly share: number;
  /** Warp-cycles per issued instruction (ncu `..._per_issue_active`). */
  readonly perIssue: number;
}

/** The pipes as Nsight Compute reports them (`pipe_<name>`), the FP32 halves included. */
export type PipeReportName = PipeName | "fmaheavy" | "fmalite";
/** fma, its two halves, then the other pipes in Pipe's order (derived: a new pipe appears here). */
export const PIPE_REPORT_NAMES: readonly PipeReportName[] = ["fma", "fmaheavy", "fmalite", ...PIPE_NAMES.filter((n) => n !== "fma")];

/** One pipe's work: ncu's `inst_executed_pipe_<name>` and `pipe_<name>_cycles_active`. */
export interface PipeMetric {
  /** Warp-instructions it executed. */
  readonly instructions: number;
  /** Busy cycles per active cycle, as a fraction of its peak (fma: of both halves together). */
  readonly activeFraction: number;
}

/**
 * Scheduler metrics of one sub-partition, or of the SM (sums over sub-partitions, ratios of
 * sums, as ncu's `smsp__*.avg.per_cycle_active`). "Per active cycle": per cycle in which the
 * sub-partition had at least one resident warp. See docs/metrics.md.
 */
export interface SchedulerMetrics {
  /** Cycles the simulation ran (the SM's elapsed cycles). */
  readonly cycles: number;
  /** Cycles with at least one warp resident (for the SM row: summed over sub-partitions). */
  readonly activeCycles: number;
  /** Warp-instructions issued (ncu inst_executed). */
  readonly instExecuted: number;
  /** Instructions per active cycle (per sub-partition; the SM row's is per SM active cycle). */
  readonly ipc: number;
  /** Fraction of active cycles with an instruction issued (ncu issue_active). */
  readonly issueActive: number;
  /**
   * Warp Cycles Per Issued Instruction (ncu smsp__average_warp_latency_per_inst_issued): active
   * warp-cycles per instruction issued, i.e. how long a warp takes from one issue to its next.
   */
  readonly warpCyclesPerIssue: number;
  /** Mean resident warps per active cycle (ncu warps_active). */
  readonly warpsActive: number;
  /** Mean eligible warps per active cycle (ncu warps_eligible). */
  readonly warpsEligible: number;
  /** Fraction of active cycles with no eligible warp ("No Eligible"). */
  readonly noEligible: number;
  /** eligibleHistogram[k]: active cycles with exactly k eligible warps. */
  readonly eligibleHistogram: readonly number[];
  readonly stalls: Readonly<Record<WarpStateName, StallMetric>>;
  /**
   * Work per pipe. Where the architecture splits the FP32 pipe (ArchSpec.fmaHalves), fma is
   * fmaheavy + fmalite; otherwise the whole FP32 pipe counts as fmaheavy and fmalite is 0.
   */
  readonly pipes: Readonly<Record<PipeReportName, PipeMetric>>;
}

export type { Outcome } from "./outcome.js";

export interface OccupancyReport {
  /** From the occupancy calculator. */
  readonly theoretical: OccupancyResult;
  /** Mean resident warps per SM active cycle / max warps per SM. */
  readonly achieved: number;
  readonly achievedWarpsPerSm: number;
  /** Resident blocks the run used (pinned or the calculator's). */
  readonly residentBlocks: number;
  /** The split of the block's registers setmaxnreg makes, when the kernel (run from its arguments) uses it. */
  readonly setmaxnreg?: RegisterSplit;
}

/**
 * How long warps stayed on the SM, arrival to exit, over the warps that exited. A wide spread
 * at equal work per warp means the scheduler favoured some warps (docs/scheduling.md,
 * "Starvation").
 */
export interface WarpLifetimes {
  readonly exitedWarps: number;
  readonly minCycles: number;
  readonly meanCycles: number;
  readonly maxCycles: number;
}

export interface SimulationResult {
  readonly scenario: {
    readonly name: string;
    readonly file: string;
    readonly arch: string;
    readonly scheduler: string;
    readonly seed: number;
    readonly blocks: number;
    readonly threadsPerBlock: number;
  };
  readonly outcome: Outcome;
  readonly cycles: number;
  /**
   * Cycles with at least one warp on the SM (ncu's sm__cycles_active): the run's cycles less any
   * with no warp resident (a block's turnaround when it was the only one, ArchSpec.blockDispatch).
   */
  readonly smActiveCycles: number;
  readonly occupancy: OccupancyReport;
  readonly warpLifetimes: WarpLifetimes;
  readonly sm: SchedulerMetrics;
  readonly subpartitions: readonly SchedulerMetrics[];
  /** This SM's global and local accesses, when the memory model followed their addresses (a kernel run from its arguments). */
  readonly memory?: MemoryReport;
  /**
   * The whole GPU, for a kernel run from its arguments whose grid does not divide by the SMs:
   * this SM's class and the other (one block fewer, run too, or idle), the mean of the SMs'
   * active cycles (ncu's sm__cycles_active.avg) and their maximum (the kernel's time).
   */
  readonly gpu?: GpuReport;
  /** A sampled run (`--sample`): how much of it was simulated and how sure its cycles are. */
  readonly sampled?: SampledReport;
}

/** What a sampled run estimated (src/sm/sampled-steady-state.ts). */
export interface SampledReport {
  /** The relative precision asked of each skip's windows (0.01 for --sample 1%). */
  readonly tolerance: number;
  /** Share of the run's cycles simulated cycle by cycle (the rest extrapolated or skipped exactly). */
  readonly simulatedShare: number;
  /** Cycles extrapolated from measured windows. */
  readonly extrapolatedCycles: number;
  /** Half-width of the 95% interval on the run's cycles (and, relative, on every rate over them). */
  readonly cyclesHalfWidth: number;
  readonly skips: number;
  /** Why the run could not be sampled (it ran exactly), if it could not. */
  readonly refused?: string;
}

export interface GpuReport {
  readonly smCount: number;
  readonly classes: readonly { readonly sms: number; readonly blocks: number; readonly cycles: number }[];
  readonly meanSmActiveCycles: number;
  readonly maxSmActiveCycles: number;
}

/** Raw counters of one sub-partition, as the simulation leaves them. */
export interface RawSchedulerCounters {
  readonly activeCycles: number;
  readonly instructions: number;
  /** Cycles with k >= 1 eligible warps (index 0 unused). */
  readonly eligibleHistogram: Float64Array;
  /** Warp-cycles per state (WARP_STATE_COUNT entries). */
  readonly warpCycles: Float64Array;
  /** Instructions and busy cycles by pipe (arch-spec Pipe), with the lite FP32 half at FMA_LITE. */
  readonly pipeInstructions: Float64Array;
  readonly pipeBusyCycles: Float64Array;
}

/** Derives the reported metrics from raw counters (pure; `cycles` is the run's length). */
export function schedulerMetrics(raw: RawSchedulerCounters, cycles: number, fmaSplit: boolean, ipcCycles = raw.activeCycles): SchedulerMetrics {
  const active = raw.activeCycles;
  const per = (x: number, d: number) => (d > 0 ? x / d : 0);
  let busy = 0;
  let lastNonZero = 0;
  for (let k = 1; k < raw.eligibleHistogram.length; k++) {
    busy += raw.eligibleHistogram[k];
    if (raw.eligibleHistogram[k] > 0) lastNonZero = k;
  }
  const histogram = [active - busy, ...Array.from(raw.eligibleHistogram.subarray(1, lastNonZero + 1))];
  let total = 0;
  for (let s = 0; s < WARP_STATE_COUNT; s++) total += raw.warpCycles[s];
  const stalls = {} as Record<WarpStateName, StallMetric>;
  WARP_STATE_NAMES.forEach((name, s) => {
    const warpCycles = raw.warpCycles[s];
    stalls[name] = { warpCycles, share: per(warpCycles, total), perIssue: per(warpCycles, raw.instructions) };
  });
  const eligible = raw.warpCycles[0] + raw.warpCycles[1];
  return {
    cycles,
    activeCycles: active,
    instExecuted: raw.instructions,
    ipc: per(raw.instructions, ipcCycles),
    issueActive: per(raw.instructions, active),
    warpCyclesPerIssue: per(total, raw.instructions),
    warpsActive: per(total, active),
    warpsEligible: per(eligible, active),
    noEligible: per(histogram[0], active),
    eligibleHistogram: histogram,
    stalls,
    pipes: pipeMetrics(raw, fmaSplit),
  };
}

/** Per-pipe work from the raw counters (pure). */
function pipeMetrics(raw: RawSchedulerCounters, fmaSplit: boolean): Record<PipeReportName, PipeMetric> {
  const active = raw.activeCycles;
  const metric = (instructions: number, busy: number, peak = 1): PipeMetric => ({
    instructions,
    activeFraction: active > 0 ? busy / (peak * active) : 0,
  });
  const inst = raw.pipeInstructions;
  const busy = raw.pipeBusyCycles;
  const out = {} as Record<PipeReportName, PipeMetric>;
  out.fma = metric(inst[Pipe.fma] + inst[FMA_LITE], busy[Pipe.fma] + busy[FMA_LITE], fmaSplit ? 2 : 1);
  out.fmaheavy = metric(inst[Pipe.fma], busy[Pipe.fma]);
  out.fmalite = metric(inst[FMA_LITE], busy[FMA_LITE]);
  for (const name of PIPE_NAMES) if (name !== "fma") out[name] = metric(inst[Pipe[name]], busy[Pipe[name]]);
  return out;
}

/** Sums raw counters over sub-partitions (for the SM row). */
export function sumCounters(parts: readonly RawSchedulerCounters[]): RawSchedulerCounters {
  const width = Math.max(...parts.map((p) => p.eligibleHistogram.length));
  const eligibleHistogram = new Float64Array(width);
  const warpCycles = new Float64Array(WARP_STATE_COUNT);
  const pipeInstructions = new Float64Array(parts[0].pipeInstructions.length);
  const pipeBusyCycles = new Float64Array(parts[0].pipeBusyCycles.length);
  let activeCycles = 0;
  let instructions = 0;
  for (const p of parts) {
    activeCycles += p.activeCycles;
    instructions += p.instructions;
    p.pipeInstructions.forEach((v, i) => (pipeInstructions[i] += v));
    p.pipeBusyCycles.forEach((v, i) => (pipeBusyCycles[i] += v));
    p.eligibleHistogram.forEach((v, k) => (eligibleHistogram[k] += v));
    p.warpCycles.forEach((v, s) => (warpCycles[s] += v));
  }
  return { activeCycles, instructions, eligibleHistogram, warpCycles, pipeInstructions, pipeBusyCycles };
}
