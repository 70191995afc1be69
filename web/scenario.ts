/**
 * The playground's controls as a scenario: one block of 128 threads (a warp per scheduler) per
 * "warp per scheduler", the load-compute generator, a uniform load latency. The same YAML runs
 * with `warpsim run`, so the page and the command line give the same numbers.
 */
export interface PlaygroundParams {
  arch: string;
  warps: number;
  ilp: number;
  cpl: number;
  lmin: number;
  lmax: number;
  scheduler: string;
  seed: number;
  /** Registers per thread and shared memory per block (bytes): the occupancy calculator limits residency. */
  regs: number;
  smem: number;
  /** How load latencies spread between min and max (their mean is the midpoint, except fixed: it). */
  ldist: "uniform" | "normal" | "exponential" | "fixed";
}

export const LATENCY_KINDS: readonly PlaygroundParams["ldist"][] = ["uniform", "normal", "exponential", "fixed"];

/** The scenario's memory.latency for the controls' min, max and kind. */
function latency(p: PlaygroundParams): string {
  const mean = (p.lmin + p.lmax) / 2;
  switch (p.ldist) {
    case "normal":
      return `{ kind: normal, mean: ${mean}, stddev: ${(p.lmax - p.lmin) / 4}, min: ${p.lmin}, max: ${p.lmax} }`;
    case "exponential":
      return `{ kind: exponential, min: ${p.lmin}, mean: ${mean} }`;
    case "fixed":
      return `{ kind: fixed, cycles: ${Math.round(mean)} }`;
    default:
      return `{ kind: uniform, min: ${p.lmin}, max: ${p.lmax} }`;
  }
}

export const DEFAULT_PARAMS: PlaygroundParams = { arch: "sm_90", warps: 4, ilp: 1, cpl: 8, lmin: 400, lmax: 800, scheduler: "oldest-block", seed: 1, regs: 32, smem: 0, ldist: "uniform" };

const NUMERIC: readonly (keyof PlaygroundParams)[] = ["warps", "ilp", "cpl", "lmin", "lmax", "seed", "regs", "smem"];

/**
 * The scenario of the controls; `lone`: the same program as one warp alone (one block of 32
 * threads), whose issue rate is Little's law's r1 (src/stats/little.ts), as `warpsim explain`
 * measures it.
 */
export function scenarioYaml(p: PlaygroundParams, lone = false): string {
  return [
    "# Made in the warpsim playground: warps per scheduler x ILP against a load's latency.",
    "name: playground",
    `arch: ${p.arch}`,
    `launch: { threadsPerBlock: ${lone ? 32 : 128}, blocks: ${lone ? 1 : p.warps}, registersPerThread: ${p.regs}, sharedMemPerBlock: ${p.smem} }`,
    `memory: { latency: ${latency(p)} }`,
    `scheduler: ${p.scheduler}`,
    `seed: ${p.seed}`,
    `program: { generator: load-compute, ilp: ${p.ilp}, computePerLoad: ${p.cpl}, iterations: 16 }`,
    "",
  ].join("\n");
}

/** The query string that reproduces these settings (a shareable URL). */
export function toQuery(p: PlaygroundParams): string {
  return new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();
}

/** Settings from a query string; anything missing or not a number keeps its default. */
export function fromQuery(query: string): PlaygroundParams {
  const q = new URLSearchParams(query);
  const p: PlaygroundParams = { ...DEFAULT_PARAMS };
  for (const key of Object.keys(DEFAULT_PARAMS) as (keyof PlaygroundParams)[]) {
    const v = q.get(key);
    if (v === null) continue;
    if (NUMERIC.includes(key)) {
      const n = Number(v);
      if (Number.isFinite(n)) (p as unknown as Record<string, number>)[key] = n;
    } else if (key !== "ldist" || (LATENCY_KINDS as readonly string[]).includes(v)) {
      (p as unknown as Record<string, string>)[key] = v;
    }
  }
  return p;
}
