import { ConfigError } from "../errors.js";
import { unitScale, type NcuLaunch } from "../ncu/read-export.js";
import { PRESETS } from "../arch/presets/index.js";
import { driverSharedMemBlockLimit } from "../sm/memory/carveout.js";
import type { SimulationResult } from "../stats/metrics.js";
import { WARP_STATE_NAMES, type WarpStateName } from "../stats/warp-state.js";
import { NCU_STALL_REASONS } from "./validate.js";

/** One quantity measured by Nsight Compute beside the simulated one. */
export interface Comparison {
  readonly section: "Scheduler Statistics" | "Warp State Statistics" | "Occupancy" | "Launch" | "Memory Workload Analysis";
  readonly metric: string;
  /** fraction: shown in %, compared in points; count: compared relative to the measurement. */
  readonly kind: "fraction" | "count";
  readonly measured: number;
  readonly simulated: number;
  /** simulated - measured (for fractions, in points of 100%). */
  readonly difference: number;
  /** What the ordering uses: |difference| relative to the measurement, with a floor. */
  readonly disagreement: number;
  /** Why the simulation cannot have it (a state warpsim does not model). */
  readonly note?: string;
}

interface Quantity {
  readonly section: Comparison["section"];
  readonly metric: string;
  readonly kind: Comparison["kind"];
  /** The raw page's metric and its scale to warpsim's unit (1/100 for %), and the details page's. */
  readonly raw: readonly [string, number];
  readonly details?: readonly [string, number];
  readonly simulated: (r: SimulationResult) => number;
}

const QUANTITIES: readonly Quantity[] = [
  { section: "Scheduler Statistics", metric: "Issue Active (One or More Eligible)", kind: "fraction", raw: ["smsp__issue_active.avg.pct_of_peak_sustained_active", 0.01], details: ["Scheduler Statistics / One or More Eligible", 0.01], simulated: (r) => r.sm.issueActive },
  { section: "Scheduler Statistics", metric: "No Eligible", kind: "fraction", raw: ["smsp__issue_inst0.avg.pct_of_peak_sustained_active", 0.01], details: ["Scheduler Statistics / No Eligible", 0.01], simulated: (r) => r.sm.noEligible },
  { section: "Scheduler Statistics", metric: "Active Warps Per Scheduler", kind: "count", raw: ["smsp__warps_active.avg.per_cycle_active", 1], details: ["Scheduler Statistics / Active Warps Per Scheduler", 1], simulated: (r) => r.sm.warpsActive },
  { section: "Scheduler Statistics", metric: "Eligible Warps Per Scheduler", kind: "count", raw: ["smsp__warps_eligible.avg.per_cycle_active", 1], details: ["Scheduler Statistics / Eligible Warps Per Scheduler", 1], simulated: (r) => r.sm.warpsEligible },
  { section: "Warp State Statistics", metric: "Warp Cycles Per Issued Instruction", kind: "count", raw: ["smsp__average_warp_latency_per_inst_issued.ratio", 1], details: ["Warp State Statistics / Warp Cycles Per Issued Instruction", 1], simulated: (r) => r.sm.warpCyclesPerIssue },
  { section: "Occupancy", metric: "Theoretical Occupancy", kind: "fraction", raw: ["sm__maximum_warps_per_active_cycle_pct", 0.01], details: ["Occupancy / Theoretical Occupancy", 0.01], simulated: (r) => r.occupancy.theoretical.occupancy },
  { section: "Occupancy", metric: "Achieved Occupancy", kind: "fraction", raw: ["sm__warps_active.avg.pct_of_peak_sustained_active", 0.01], details: ["Occupancy / Achieved Occupancy", 0.01], simulated: (r) => r.occupancy.achieved },
  ...(
    [
      ["Registers", "registers"],
      ["Shared Mem", "shared_mem", "shared_memory"],
      ["Warps", "warps"],
      ["SM", "blocks"],
      ["Barriers", "barriers"],
    ] as const
  ).map(
    ([label, ncu, ours]): Quantity => ({
      section: "Occupancy",
      metric: `Block Limit ${label}`,
      kind: "count",
      raw: [`launch__occupancy_limit_${ncu}`, 1],
      details: [`Occupancy / Block Limit ${label}`, 1],
      simulated: (r) =>
        label === "Shared Mem"
          ? sharedMemLimit(r)
          : label === "Barriers"
            ? // ncu caps each limit at the SM's block limit (32 on sm_90 for a kernel with no barrier or one).
              Math.min(r.occupancy.theoretical.limits.barriers ?? Infinity, PRESETS[r.scenario.arch as keyof typeof PRESETS]?.maxBlocksPerSm ?? Infinity)
            : (r.occupancy.theoretical.limits[(ours ?? ncu) as keyof typeof r.occupancy.theoretical.limits] ?? Infinity),
    }),
  ),
  // ncu's is the mean over the GPU's SMs: warpsim's too when they do not all run as many blocks.
  { section: "Launch", metric: "SM Active Cycles", kind: "count", raw: ["sm__cycles_active.avg", 1], simulated: (r) => r.gpu?.meanSmActiveCycles ?? r.smActiveCycles },
  // Where global accesses went, when the run followed their addresses (docs/memory.md); NaN otherwise (left out).
  { section: "Memory Workload Analysis", metric: "L1 Hit Rate of Global Loads", kind: "fraction", raw: ["l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct", 0.01], simulated: (r) => r.memory?.l1LoadHitRate ?? NaN },
  { section: "Memory Workload Analysis", metric: "L2 Hit Rate of Reads", kind: "fraction", raw: ["lts__t_sector_op_read_hit_rate.pct", 0.01], simulated: (r) => r.memory?.l2ReadHitRate ?? NaN },
  { section: "Memory Workload Analysis", metric: "Sectors per Global Load Request", kind: "count", raw: ["l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio", 1], simulated: (r) => r.memory?.sectorsPerLoadRequest ?? NaN },
  // The GPU's DRAM traffic: ncu sums it over the device; warpsim's SM times the SMs.
  { section: "Memory Workload Analysis", metric: "DRAM Bytes Read (GPU)", kind: "count", raw: ["dram__bytes_read.sum", 1], simulated: (r) => (r.memory?.dramReadBytes ?? NaN) * (PRESETS[r.scenario.arch as keyof typeof PRESETS]?.smCount ?? NaN) },
  ...NCU_STALL_REASONS.map(
    (reason): Quantity => ({
      section: "Warp State Statistics",
      metric: `Stall ${reason} (cycles per issued instruction)`,
      kind: "count",
      raw: [`smsp__average_warps_issue_stalled_${reason}_per_issue_active.ratio`, 1],
      simulated: (r) => ((WARP_STATE_NAMES as readonly string[]).includes(reason) ? r.sm.stalls[reason as WarpStateName].perIssue : 0),
    }),
  ),
];

/**
 * A raw page made with `--metrics` of sums (the ground truth's and validation/*'s captures)
 * has no per-cycle averages: those are the sums over the sub-partitions' active cycles or
 * issued instructions, as ncu derives them.
 */
function fromSums(launch: NcuLaunch, name: string): number | undefined {
  const sum = (m: string) => launch.values.get(m);
  const ratio = (a: number | undefined, b: number | undefined, scale: number) => (a === undefined || b === undefined || b === 0 ? undefined : (scale * a) / b);
  const cycles = sum("smsp__cycles_active.sum");
  if (name === "smsp__issue_active.avg.pct_of_peak_sustained_active") return ratio(sum("smsp__issue_active.sum"), cycles, 100);
  if (name === "smsp__warps_active.avg.per_cycle_active") return ratio(sum("smsp__warps_active.sum"), cycles, 1);
  if (name === "smsp__warps_eligible.avg.per_cycle_active") return ratio(sum("smsp__warps_eligible.sum"), cycles, 1);
  const stall = /^smsp__average_warps_issue_stalled_(\w+)_per_issue_active\.ratio$/.exec(name);
  if (stall) return ratio(sum(`smsp__warps_issue_stalled_${stall[1]}.sum`), sum("smsp__issue_active.sum"), 1) ?? fromSamples(launch, stall[1]);
  return undefined;
}

/** The sampling counters' names where they differ from the per-issue ratios'. */
const SAMPLED_NAMES: Readonly<Record<string, string>> = { no_instruction: "no_instructions", gmma: "warpgroup_arrive" };

/**
 * A stall per issue from warp-state sampling (smsp__pcsamp_warps_issue_stalled_*, what the
 * Source page and newer ncu's Warp State section read) when the export has no counted ratio:
 * a state's samples over the `selected` samples (one warp is selected per issue); with only the
 * `_not_issued` variants (which leave the issuing warp out), the state's share of those samples
 * times the warp-cycles per issue less the one selected cycle.
 */
function fromSamples(launch: NcuLaunch, state: string): number | undefined {
  const v = (m: string) => launch.values.get(`smsp__pcsamp_warps_issue_stalled_${m}`);
  const name = SAMPLED_NAMES[state] ?? state;
  const selected = v("selected");
  if (v(name) !== undefined && selected !== undefined && selected > 0) return v(name)! / selected;
  const mine = v(`${name}_not_issued`);
  const latency = launch.values.get("smsp__average_warp_latency_per_inst_issued.ratio");
  if (mine === undefined || latency === undefined) return undefined;
  let all = 0;
  for (const [metric, value] of launch.values) if (/^smsp__pcsamp_warps_issue_stalled_\w+_not_issued$/.test(metric)) all += value;
  return all > 0 ? (mine / all) * (latency - 1) : undefined;
}

/** ncu's shared-memory block limit: at the carveout the driver picks for the launch (carveout.ts), not the largest. */
function sharedMemLimit(r: SimulationResult): number {
  const arch = PRESETS[r.scenario.arch as keyof typeof PRESETS];
  const th = r.occupancy.theoretical;
  if (arch === undefined) return th.limits.shared_memory ?? Infinity;
  return driverSharedMemBlockLimit(arch, th.sharedMemPerBlockBytes, th.blocksPerSm, r.scenario.threadsPerBlock);
}

/** The unit each raw metric compare reads must be in (or a K/M/G multiple of it). */
const RAW_UNITS: ReadonlyMap<string, string> = new Map([
  ["sm__cycles_active.avg", "cycle"],
  ["dram__bytes_read.sum", "byte"],
  ...QUANTITIES.filter((q) => q.raw[1] === 0.01).map((q) => [q.raw[0], "%"] as [string, string]),
]);

/** The factor of a raw column's unit (ncu's K/M/G scaling), or an error naming a unit that is another quantity. */
function unitFactor(launch: NcuLaunch, name: string, file: string): number {
  const base = RAW_UNITS.get(name);
  const unit = launch.units?.get(name);
  if (base === undefined || unit === undefined) return 1;
  const factor = unitScale(unit, base);
  if (factor === undefined) throw new ConfigError(`${file}: expected the unit of ${name} to be "${base}" (the row under the header), found "${unit}".`);
  return factor;
}

/** The quantities compare reads that the launch's export does not have (their rows are left out): for a note. */
export function missingQuantities(launch: NcuLaunch): string[] {
  return QUANTITIES.filter((q) => {
    const [name] = launch.page === "raw" ? q.raw : (q.details ?? [""]);
    return name !== "" && launch.values.get(name) === undefined && (launch.page !== "raw" || fromSums(launch, name) === undefined);
  }).map((q) => q.metric);
}

/** Floors under the measurement when ordering by relative disagreement. */
const FLOOR = { fraction: 0.05, count: 0.1 } as const;

/**
 * Each quantity the export has, measured beside simulated, largest disagreement first. A
 * missing quantity that the reading needs (issue active) is an error naming the metric and
 * how to collect it; others are left out.
 */
export function compare(launch: NcuLaunch, result: SimulationResult, file: string): Comparison[] {
  const out: Comparison[] = [];
  for (const q of QUANTITIES) {
    const [name, scale] = launch.page === "raw" ? q.raw : (q.details ?? ["", 0]);
    const value = launch.values.get(name) ?? (launch.page === "raw" ? fromSums(launch, name) : undefined);
    if (value === undefined) continue;
    const measured = value * scale * unitFactor(launch, name, file);
    const simulated = q.simulated(result);
    if (!Number.isFinite(simulated)) continue;
    const modelled = !q.metric.startsWith("Stall ") || (WARP_STATE_NAMES as readonly string[]).includes(q.metric.split(" ")[1]);
    out.push({
      section: q.section,
      metric: q.metric,
      kind: q.kind,
      measured,
      simulated,
      difference: (simulated - measured) * (q.kind === "fraction" ? 100 : 1),
      disagreement: Math.abs(simulated - measured) / Math.max(Math.abs(measured), FLOOR[q.kind]),
      ...(modelled ? {} : { note: "not modelled by warpsim" }),
    });
  }
  if (!out.some((c) => c.metric.startsWith("Issue Active"))) {
    const expected = launch.page === "raw" ? QUANTITIES[0].raw[0] : QUANTITIES[0].details![0];
    throw new ConfigError(
      `${file}, launch ID ${launch.id}: expected the ${launch.page} page's "${expected}" (collect it with ncu --section SchedulerStats, or --set full), found no such column.`,
    );
  }
  return out.sort((a, b) => b.disagreement - a.disagreement);
}
