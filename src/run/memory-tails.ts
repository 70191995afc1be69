import { resolveScenario } from "../scenario/resolve.js";
import { scenarioSchema } from "../scenario/schema.js";
import { readerBeside } from "../scenario/load.js";
import { simulate } from "./simulate.js";
import { BENCH_SASS_FIXTURES, benchRowScenario } from "./bench-sass.js";
import { readSassFixtures } from "./sass-fixtures.js";
import { configOf } from "./validate.js";

/** What one ld_chain row says about the spread of its level's latency. */
export interface TailEstimate {
  readonly level: "l2" | "dram";
  readonly K: number;
  readonly F: number;
  readonly warpsPerSm: number;
  /** Measured active cycles per loop trip. */
  readonly measuredPerTrip: number;
  /** warpsim's cycles per trip with every load taking exactly the level's mean latency. */
  readonly untailedPerTrip: number;
  /** The exponential tail that explains the difference: (measured - untailed) / (H_K - 1). */
  readonly impliedTail: number;
}

const harmonic = (k: number) => Array.from({ length: k }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0);

/**
 * The exponential tail of L2 and DRAM latency (ArchSpec.memoryLevels.*TailCycles), derived from
 * ld_chain's rows with one warp per scheduler and K > 1 loads per trip. Such a warp issues its K
 * loads together and then waits for the slowest (every ld_chain SASS waits on the loads'
 * dependency barrier before the next trip), so with latencies min + Exp(tail) a trip lasts
 * E[max of K] - mean = tail (H_K - 1) cycles longer than with every load at the mean. warpsim
 * runs each row from its SASS with no tail; the rest of each trip is the measured excess.
 * Returns every row's estimate and their mean per level (rounded to a cycle).
 */
export function impliedTails(records: readonly Record<string, string>[]): { estimates: TailEstimate[]; tail: { l2: number; dram: number } } {
  const fixtures = readSassFixtures(BENCH_SASS_FIXTURES);
  const estimates: TailEstimate[] = [];
  for (const r of records) {
    const c = configOf(r);
    if (c.kernel !== "ld_chain" || c.K < 2 || c.warpsPerSm > 4 || (c.variant !== "l2" && c.variant !== "dram")) continue;
    const { fields } = benchRowScenario(c, fixtures);
    const untailed = { ...fields, arch: { preset: "sm_90", memoryLevels: { l2TailCycles: 0, dramTailCycles: 0 } } };
    const resolved = resolveScenario(scenarioSchema.parse(untailed), { file: "memory-tails", readFile: readerBeside(fixtures.listing) });
    if (!resolved.ok) throw new Error(`ld_chain<${c.K},${c.F}>: ${resolved.issues.map((i) => i.expected).join("; ")}`);
    const measuredPerTrip = Number(r["sm__cycles_active.avg"]) / c.iters;
    const untailedPerTrip = simulate(resolved.scenario).cycles / c.iters;
    const level = c.variant;
    estimates.push({ level, K: c.K, F: c.F, warpsPerSm: c.warpsPerSm, measuredPerTrip, untailedPerTrip, impliedTail: (measuredPerTrip - untailedPerTrip) / (harmonic(c.K) - 1) });
  }
  const meanOf = (level: string) => {
    const xs = estimates.filter((e) => e.level === level).map((e) => e.impliedTail);
    return Math.max(0, Math.round(xs.reduce((a, b) => a + b, 0) / xs.length));
  };
  return { estimates, tail: { l2: meanOf("l2"), dram: meanOf("dram") } };
}
