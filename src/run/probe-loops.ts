import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseScenario } from "../scenario/parse-scenario.js";
import { simulate } from "./simulate.js";

/**
 * The loops of the H100 microbenchmark probes (validation/microbench/probe-loops.json) run
 * from their SASS: one block of the row's threads on one sm_90 SM, cycles per barrier or per
 * trip beside the probe's clock64 measurement. Used by the barrier tests and docs/validation.md.
 */
export interface ProbeRow {
  /** The row's loop (cycles.csv's column value: K, barrier or variant). */
  readonly loop: string;
  readonly warps: number;
  readonly measured: number;
  readonly predicted: number;
}

interface ProbeSpec {
  readonly sass: string;
  readonly cycles: string;
  readonly column: string;
  readonly loops: Readonly<Record<string, { kernel: string; trips: Record<string, number>; per: number }>>;
}

/** Simulates the rows of `probe` whose loop is one of `loops` (all by default). */
export function probeRows(specFile: string, probe: string, loops?: readonly string[]): ProbeRow[] {
  const specs = JSON.parse(readFileSync(specFile, "utf8")) as Record<string, ProbeSpec>;
  const spec = specs[probe];
  const dir = dirname(specFile);
  const [head, ...lines] = readFileSync(resolve(dir, spec.cycles), "utf8").trim().split(/\r?\n/);
  const cols = head.split(",");
  const readFile = (p: string) => ({ file: p, text: readFileSync(p, "utf8") });
  const out: ProbeRow[] = [];
  for (const line of lines) {
    const row = Object.fromEntries(line.split(",").map((v, i) => [cols[i], v]));
    const loop = spec.loops[row[spec.column]];
    if (loop === undefined || (loops !== undefined && !loops.includes(row[spec.column]))) continue;
    const scenario = {
      arch: "sm_90",
      launch: { threadsPerBlock: Number(row.threads_per_block), blocks: 1, registersPerThread: 32 },
      program: { sass: resolve(dir, spec.sass), kernel: loop.kernel, trips: loop.trips },
    };
    const cycles = simulate(parseScenario(JSON.stringify(scenario), `${probe} ${row[spec.column]}`, [], { readFile })).cycles;
    out.push({ loop: row[spec.column], warps: Number(row.warps_per_block), measured: Number(row.cycles_per_trip), predicted: cycles / loop.per });
  }
  return out;
}
