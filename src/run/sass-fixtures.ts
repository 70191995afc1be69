import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ScenarioError } from "../errors.js";
import type { ScenarioInput } from "../scenario/schema.js";

/**
 * The SASS fixtures of validation/sass/: a cuobjdump listing and, per kernel, what its text
 * cannot say (trip counts as functions of the launch's `iters`, taken shares of forward
 * branches), read from kernels.json. validation/sass/README.md derives each entry.
 */
export interface SassFixtures {
  /** Absolute path of the listing. */
  readonly listing: string;
  readonly kernels: Readonly<
    Record<
      string,
      {
        readonly trips: Readonly<Record<string, number | string>>;
        readonly taken?: Readonly<Record<string, number>>;
        /** The launch's block shape (threadIdx), where it is not threads along x. */
        readonly blockDim?: readonly number[];
        /** Memory fields of the kernel's scenarios (atomicCycles from a probe of the same address pattern). */
        readonly memory?: Readonly<{ atomicCycles?: number }>;
        /**
         * The launch's arguments and grid as kernels.cu passes them, for running the kernel
         * instead of declaring its trips (validate's *-args families): `{blocks*threads*iters}`
         * stands for the product of the row's fields (blocks, threads, iters, k: blocks per SM).
         */
        readonly args?: string;
        readonly grid?: string;
      }
    >
  >;
}

export function readSassFixtures(file: string): SassFixtures {
  let spec: { listing: string; kernels: SassFixtures["kernels"] };
  try {
    spec = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ScenarioError([{ code: "parse_error", file, path: [], expected: "the JSON of validation/sass/kernels.json", found: (e as Error).message }]);
  }
  return { listing: resolve(dirname(file), spec.listing), kernels: spec.kernels };
}

/** `iters`, `iters/4` or a number: a trip count of a fixture as a function of the launch. */
export function tripsOf(value: number | string, iters: number, file: string, kernel: string): number {
  if (typeof value === "number") return value;
  const m = /^iters(?:\/(\d+))?$/.exec(value);
  if (!m) throw new ScenarioError([{ code: "invalid_field", file, path: ["kernels", kernel, "trips"], expected: "a number, `iters` or `iters/N`", found: value }]);
  return iters / Number(m[1] ?? 1);
}

/**
 * The scenario of one measured row (validation/sass/data/summary.csv): the row's blocks per
 * SM (one for the fixtures) of its threads on one SM, its registers and shared memory, the kernel's SASS with trip counts from `iters`, and global loads split between L1,
 * L2 and DRAM by the row's own measured hit rates (the issue allows this; stated in
 * docs/validation.md).
 */
export function sassRowScenario(r: Record<string, string>, fixtures: SassFixtures, file: string): ScenarioInput {
  const spec = fixtures.kernels[r.kernel];
  if (spec === undefined) {
    throw new ScenarioError([{ code: "invalid_field", file, path: ["kernel"], expected: `a kernel of the SASS fixtures (${Object.keys(fixtures.kernels).join(", ")})`, found: r.kernel }]);
  }
  const iters = Number(r.iters);
  const levels = loadLevelMix(r);
  const trips = Object.fromEntries(Object.entries(spec.trips).map(([k, v]) => [k, tripsOf(v, iters, file, r.kernel)]));
  return {
    name: `${r.kernel} W=${r.warps_per_sm}`,
    arch: "sm_90",
    launch: {
      threadsPerBlock: Number(r.threads_per_block),
      // The blocks each SM runs: one for the fixtures, k for the held-out set.
      blocks: Number(r.blocks_per_sm || 1),
      registersPerThread: Number(r.launch__registers_per_thread),
      sharedMemPerBlock: Number(r.dyn_smem_bytes),
      staticSharedMemPerBlock: Number(r.launch__shared_mem_per_block_static || 0),
    },
    memory: {
      level: (levels.find((l) => l.level === "dram")?.fraction ?? 0) > 0.5 ? "dram" : "l2",
      latency: { kind: "mix", levels },
      ...spec.memory,
      // As the microbenchmarks (h100-kernels.ts): a warp drains its stores in about 23 cycles.
      storeLatency: { kind: "fixed", cycles: 23 },
    },
    seed: 1,
    program: { sass: fixtures.listing, kernel: r.kernel, trips, ...(spec.taken ? { taken: spec.taken } : {}), ...(spec.blockDim ? { blockDim: [...spec.blockDim] } : {}) },
  };
}

/**
 * A row of variant `args` (validation/memory): the kernel run from its listing, arguments and
 * launch alone, nothing about memory given; registers and static shared memory are the
 * launch's own (ncu's launch__ counters, as cuobjdump -res-usage would give them).
 */
export function argsRowScenario(r: Record<string, string>, listing: string): ScenarioInput {
  const dims = (v: string) => v.split(",").map(Number);
  return {
    name: `${r.kernel} ${r.blocks_per_sm} blocks/SM`,
    arch: "sm_90",
    launch: {
      threadsPerBlock: Number(r.threads_per_block),
      blocks: 1,
      registersPerThread: Number(r.launch__registers_per_thread),
      sharedMemPerBlock: Number(r.dyn_smem_bytes),
      staticSharedMemPerBlock: Number(r.launch__shared_mem_per_block_static || 0),
    },
    seed: 1,
    ...(r.cache === "warm" ? { memory: { cache: "warm" as const } } : {}),
    program: { sass: listing, kernel: r.kernel, args: r.args, grid: dims(r.grid), blockDim: dims(r.block) },
  };
}

/**
 * A row of the SASS fixtures run from its arguments instead of its declared trips and hit
 * rates: the kernel's `args` and `grid` templates filled from the row, as an `args` row.
 */
export function fixtureArgsRow(r: Record<string, string>, fixtures: SassFixtures, file: string): Record<string, string> {
  if (r.variant === "args") return r; // already run from its arguments (validation/memory)
  const spec = fixtures.kernels[r.kernel];
  if (spec?.args === undefined) {
    throw new ScenarioError([{ code: "missing_field", file, path: ["kernels", r.kernel, "args"], expected: "the kernel's arguments as kernels.cu passes them", found: "none" }]);
  }
  const vars: Record<string, number> = { blocks: Number(r.blocks), threads: Number(r.threads_per_block), iters: Number(r.iters), k: Number(r.blocks_per_sm || 1) };
  const fill = (template: string) =>
    template.replace(/\{([^}]+)\}/g, (_m, expr: string) => String(expr.split("*").reduce((p, f) => p * (vars[f.trim()] ?? Number(f)), 1)));
  const block = spec.blockDim?.join(",") ?? r.threads_per_block;
  return { ...r, variant: "args", args: fill(spec.args), grid: fill(spec.grid ?? "{blocks}"), block };
}

type Level = "l1" | "l2" | "dram";

/**
 * Where a warp's global load is served, from the row's hit rates of global loads alone
 * (l1tex ..._op_ld_hit_rate, lts ..._op_read_hit_rate; the all-operations rates count stores
 * and atomics too) and the sectors per request: a warp's load spanning two lines waits for the
 * slower of them, so with per-line probabilities p(L1), p(L2), p(DRAM) a two-line request is
 * served from DRAM with probability 1 - (1 - p(DRAM))^2, and so on. A request of s sectors
 * spans ceil(s / 4) lines on average when aligned; the share of two-line requests is s/4 - 1.
 */
export function loadLevelMix(r: Record<string, string>): { level: Level; fraction: number }[] {
  const clamp = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
  const pick = (specific: string, all: string) => (r[specific] !== undefined && r[specific] !== "" ? Number(r[specific]) : Number(r[all]));
  const l1 = clamp(pick("l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct", "l1tex__t_sector_hit_rate.pct") / 100);
  const l2 = clamp(pick("lts__t_sector_op_read_hit_rate.pct", "lts__t_sector_hit_rate.pct") / 100);
  const sectors = Number(r["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]) / Number(r["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]);
  const twoLines = clamp(Number.isFinite(sectors) ? sectors / 4 - 1 : 0);
  const line = { l1, l2: (1 - l1) * l2, dram: (1 - l1) * (1 - l2) };
  // Two lines: L1 only if both hit L1; DRAM if either goes there; L2 otherwise.
  const two = { l1: line.l1 ** 2, dram: 1 - (1 - line.dram) ** 2 };
  const mix = {
    l1: (1 - twoLines) * line.l1 + twoLines * two.l1,
    dram: (1 - twoLines) * line.dram + twoLines * two.dram,
  };
  const levels = [
    { level: "l1" as const, fraction: mix.l1 },
    { level: "l2" as const, fraction: 1 - mix.l1 - mix.dram },
    { level: "dram" as const, fraction: mix.dram },
  ].filter((l) => l.fraction > 1e-12);
  // Exactly 1 in all (the schema checks the sum).
  const sum = levels.reduce((s, l) => s + l.fraction, 0);
  return levels.map((l) => ({ ...l, fraction: l.fraction / sum }));
}
