import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { WarpsimError } from "../errors.js";
import type { Assignment } from "../scenario/sweep.js";
import { sweepRow, type SweepOutcome, type SweepRow, type SweepTask } from "./sweep-row.js";

/** A configuration of a sweep was bad input (its message names the configuration). */
export class SweepConfigurationError extends WarpsimError {
  override readonly name = "SweepConfigurationError" as const;
  constructor(
    message: string,
    readonly exitCode: WarpsimError["exitCode"],
  ) {
    super(message);
  }
}

export interface SweepOptions {
  readonly text: string;
  readonly file: string;
  readonly configurations: readonly (readonly Assignment[])[];
  /** Worker threads; 1 runs in this thread. Default: all cores. */
  readonly jobs?: number;
  readonly seed?: number;
  readonly maxCycles?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Runs every configuration and returns the rows in configuration order, whatever the number
 * of workers: each row depends only on its own scenario and seed.
 */
export async function runSweep(options: SweepOptions): Promise<SweepRow[]> {
  const tasks: SweepTask[] = options.configurations.map((assignments) => ({
    text: options.text,
    file: options.file,
    assignments,
    seed: options.seed,
    maxCycles: options.maxCycles,
  }));
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), tasks.length));
  let done = 0;
  const tick = () => options.onProgress?.(++done, tasks.length);
  const unwrap = (outcome: SweepOutcome): SweepRow => {
    tick();
    // Errors do not keep their class across threads, so workers return bad input as data.
    if (!outcome.ok) throw new SweepConfigurationError(outcome.message, outcome.exitCode);
    return outcome.row;
  };
  if (jobs === 1) return tasks.map((t) => unwrap(sweepRow(t)));
  const pool = new Piscina({ filename: workerUrl(), minThreads: jobs, maxThreads: jobs, idleTimeout: 1000 });
  try {
    // Submit the later configurations first: sweeps usually grow along their axes, and
    // starting the largest early keeps one long task from running alone at the end. Rows
    // still come back in configuration order.
    const rows: Promise<SweepRow>[] = new Array(tasks.length);
    for (let i = tasks.length - 1; i >= 0; i--) rows[i] = pool.run(tasks[i]).then((o) => unwrap(o as SweepOutcome));
    return await Promise.all(rows);
  } finally {
    await pool.destroy();
  }
}

/** The compiled worker next to this module (dist/sweep/worker.js); from sources, the build's. */
function workerUrl(): string {
  const here = new URL("./worker.js", import.meta.url);
  if (existsSync(fileURLToPath(here))) return here.href;
  return new URL("../../dist/sweep/worker.js", import.meta.url).href;
}
