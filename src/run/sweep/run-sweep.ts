import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { WarpsimError } from "../../errors.js";
import type { Assignment } from "../../scenario/sweep.js";
import { sweepRow, type IncompleteRun, type SweepOutcome, type SweepRow, type SweepTask } from "./sweep-row.js";

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
  /** Sample each run (run --sample's precision, 0.01 for 1%). */
  readonly sample?: number;
  /** The scenario may name a listing anywhere (readerBeside). */
  readonly anyPath?: boolean;
  readonly onProgress?: (done: number, total: number) => void;
  /** Once aborted, no new configuration starts; the rows finished so far are returned. */
  readonly signal?: AbortSignal;
}

export interface SweepResult {
  /** Rows of the configurations that ran, in configuration order. */
  readonly rows: SweepRow[];
  /** Each row's eligible-warps histogram (cycles with 0, 1, 2, ... eligible warps). */
  readonly histograms: (readonly number[])[];
  /** Each row's index in `configurations` (all of them unless interrupted). */
  readonly indices: number[];
  /** For each configuration that deadlocked or hit the cycle limit: what its warps were doing. */
  readonly incomplete: IncompleteRun[];
  /** Whether the sweep was stopped (signal) before every configuration ran. */
  readonly interrupted: boolean;
}

/**
 * Runs every configuration and returns the rows in configuration order, whatever the number
 * of workers: each row depends only on its own scenario and seed.
 */
export async function runSweep(options: SweepOptions): Promise<SweepRow[]> {
  return (await runSweepDetailed(options)).rows;
}

/** `runSweep` with what a command needs besides the rows: incomplete runs and interruption. */
export async function runSweepDetailed(options: SweepOptions): Promise<SweepResult> {
  const tasks: SweepTask[] = options.configurations.map((assignments) => ({
    text: options.text,
    file: options.file,
    assignments,
    seed: options.seed,
    maxCycles: options.maxCycles,
    anyPath: options.anyPath,
    ...(options.sample !== undefined ? { sample: options.sample } : {}),
  }));
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), tasks.length));
  const done: (SweepOutcome | undefined)[] = new Array(tasks.length);
  let finished = 0;
  const record = (i: number, outcome: SweepOutcome) => {
    // Errors do not keep their class across threads, so workers return bad input as data.
    if (!outcome.ok) throw new SweepConfigurationError(outcome.message, outcome.exitCode);
    done[i] = outcome;
    options.onProgress?.(++finished, tasks.length);
  };
  const aborted = () => options.signal?.aborted === true;
  if (jobs === 1) {
    for (let i = 0; i < tasks.length && !aborted(); i++) {
      record(i, sweepRow(tasks[i]));
      // Let a Ctrl-C handler run between configurations.
      if (options.signal !== undefined) await new Promise((resolve) => setImmediate(resolve));
    }
  } else {
    const pool = new Piscina({ filename: workerUrl(), minThreads: jobs, maxThreads: jobs, idleTimeout: 1000 });
    const stop = () => void pool.close({ force: true }).catch(() => {});
    options.signal?.addEventListener("abort", stop, { once: true });
    try {
      // Submit the later configurations first: sweeps usually grow along their axes, and
      // starting the largest early keeps one long task from running alone at the end. Rows
      // still come back in configuration order.
      const runs: Promise<void>[] = [];
      for (let i = tasks.length - 1; i >= 0; i--) {
        runs.push(
          pool.run(tasks[i]).then(
            (o) => record(i, o as SweepOutcome),
            (e) => {
              if (!aborted()) throw e;
            },
          ),
        );
      }
      await Promise.all(runs);
    } finally {
      options.signal?.removeEventListener("abort", stop);
      await pool.destroy();
    }
  }
  const indices = done.flatMap((o, i) => (o !== undefined && o.ok ? [i] : []));
  const ran = indices.map((i) => done[i] as SweepOutcome & { ok: true });
  return {
    rows: ran.map((o) => o.row),
    histograms: ran.map((o) => o.histogram),
    indices,
    incomplete: ran.flatMap((o) => (o.incomplete === undefined ? [] : [o.incomplete])),
    interrupted: ran.length < tasks.length,
  };
}

/** The compiled worker next to this module (dist/run/sweep/worker.js); from sources, the build's. */
function workerUrl(): string {
  const here = new URL("./worker.js", import.meta.url);
  if (existsSync(fileURLToPath(here))) return here.href;
  return new URL("../../../dist/run/sweep/worker.js", import.meta.url).href;
}
