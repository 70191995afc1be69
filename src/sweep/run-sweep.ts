import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { parseScenario } from "../scenario/load.js";
import type { Assignment } from "../scenario/sweep.js";
import { sweepRow, type SweepRow, type SweepTask } from "./sweep-row.js";

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
  // Validate every configuration here first, so bad input is reported with its file, field
  // and configuration before any work starts (errors do not keep their class across threads).
  for (const t of tasks) parseScenario(t.text, t.file, t.assignments);
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), tasks.length));
  let done = 0;
  const tick = () => options.onProgress?.(++done, tasks.length);
  if (jobs === 1) {
    return tasks.map((t) => {
      const row = sweepRow(t);
      tick();
      return row;
    });
  }
  const pool = new Piscina({ filename: workerUrl(), minThreads: jobs, maxThreads: jobs, idleTimeout: 1000 });
  try {
    return await Promise.all(
      tasks.map(async (t) => {
        const row = (await pool.run(t)) as SweepRow;
        tick();
        return row;
      }),
    );
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
