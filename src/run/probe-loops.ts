import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { readerBeside } from "../scenario/load.js";
import { parseScenario } from "../scenario/parse-scenario.js";
import type { SimulationResult } from "../stats/metrics.js";
import { simulate } from "./simulate.js";

/**
 * The loops of the H100 microbenchmark probes (validation/microbench/probe-loops.json) run
 * from their SASS: the row's blocks of its threads on one sm_90 SM, cycles per barrier or per
 * trip of the main loop beside the probe's clock64 measurement. Used by the barrier tests and
 * docs/validation.md.
 */

/**
 * warpsim's figure is the difference between runs of LONG and SHORT main-loop trips, so the
 * prologue, the tail and the other loops cancel, as clock64 around the loop leaves them out.
 */
const SHORT = 50;
const LONG = 150;

/** One measured row and warpsim's figure for it. */
export interface ProbeRow {
  /** The row's loop (cycles.csv's column value: K, barrier, variant or blocks per SM). */
  readonly loop: string;
  /** Warps per block. */
  readonly warps: number;
  readonly measured: number;
  readonly predicted: number;
  /** The SM's metrics of the longer run (stalls per issue and the like: prologue included). */
  readonly sm: SimulationResult["sm"];
}

interface ProbeSpec {
  readonly sass: string;
  readonly cycles: string;
  readonly column: string;
  /** The column with the blocks per SM, when a row has several (all resident at once). */
  readonly blocks?: string;
  /** The launch's threads per block when cycles.csv has no threads_per_block column (one size). */
  readonly threadsPerBlock?: number;
  readonly loops: Readonly<Record<string, { kernel: string; main: string; per: number; trips: Record<string, number> }>>;
}

/** Simulates the rows of `probe` whose loop is one of `loops` (all by default). */
export function probeRows(specFile: string, probe: string, loops?: readonly string[]): ProbeRow[] {
  const specs = JSON.parse(readFileSync(specFile, "utf8")) as Record<string, ProbeSpec>;
  const spec = specs[probe];
  const dir = dirname(specFile);
  const rows = parse(readFileSync(resolve(dir, spec.cycles), "utf8"), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const readFile = readerBeside(specFile);
  const out: ProbeRow[] = [];
  for (const row of rows) {
    const loop = spec.loops[row[spec.column]];
    if (loop === undefined || (loops !== undefined && !loops.includes(row[spec.column]))) continue;
    const threads = spec.threadsPerBlock ?? Number(row.threads_per_block);
    const run = (trips: number) => {
      const scenario = {
        arch: "sm_90",
        launch: { threadsPerBlock: threads, blocks: spec.blocks === undefined ? 1 : Number(row[spec.blocks]), registersPerThread: 32 },
        program: { sass: resolve(dir, spec.sass), kernel: loop.kernel, trips: { ...loop.trips, [loop.main]: trips } },
      };
      return simulate(parseScenario(JSON.stringify(scenario), `${probe} ${row[spec.column]}`, [], { readFile }));
    };
    const long = run(LONG);
    const predicted = (long.cycles - run(SHORT).cycles) / ((LONG - SHORT) * loop.per);
    out.push({ loop: row[spec.column], warps: threads / 32, measured: Number(row.cycles_per_trip), predicted, sm: long.sm });
  }
  return out;
}
