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
  readonly kernels: Readonly<Record<string, { readonly trips: Readonly<Record<string, number | string>>; readonly taken?: Readonly<Record<string, number>> }>>;
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
function tripsOf(value: number | string, iters: number, file: string, kernel: string): number {
  if (typeof value === "number") return value;
  const m = /^iters(?:\/(\d+))?$/.exec(value);
  if (!m) throw new ScenarioError([{ code: "invalid_field", file, path: ["kernels", kernel, "trips"], expected: "a number, `iters` or `iters/N`", found: value }]);
  return iters / Number(m[1] ?? 1);
}

/**
 * The scenario of one measured row (validation/sass/data/summary.csv): one block of the
 * row's threads on one SM (the capture runs one block per SM), its registers and shared
 * memory, the kernel's SASS with trip counts from `iters`, and global loads split between L1,
 * L2 and DRAM by the row's own measured hit rates (the issue allows this; stated in
 * docs/validation.md).
 */
export function sassRowScenario(r: Record<string, string>, fixtures: SassFixtures, file: string): ScenarioInput {
  const spec = fixtures.kernels[r.kernel];
  if (spec === undefined) {
    throw new ScenarioError([{ code: "invalid_field", file, path: ["kernel"], expected: `a kernel of the SASS fixtures (${Object.keys(fixtures.kernels).join(", ")})`, found: r.kernel }]);
  }
  const iters = Number(r.iters);
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  const l1 = clamp(Number(r["l1tex__t_sector_hit_rate.pct"]) / 100);
  const l2 = clamp(Number(r["lts__t_sector_hit_rate.pct"]) / 100);
  const levels = [
    { level: "l1" as const, fraction: l1 },
    { level: "l2" as const, fraction: (1 - l1) * l2 },
    { level: "dram" as const, fraction: (1 - l1) * (1 - l2) },
  ].filter((l) => l.fraction > 0);
  const trips = Object.fromEntries(Object.entries(spec.trips).map(([k, v]) => [k, tripsOf(v, iters, file, r.kernel)]));
  return {
    name: `${r.kernel} W=${r.warps_per_sm}`,
    arch: "sm_90",
    launch: {
      threadsPerBlock: Number(r.threads_per_block),
      blocks: 1,
      registersPerThread: Number(r.launch__registers_per_thread),
      sharedMemPerBlock: Number(r.dyn_smem_bytes),
    },
    memory: {
      level: l2 >= 0.5 ? "l2" : "dram",
      latency: { kind: "mix", levels },
      // As the microbenchmarks (h100-kernels.ts): a warp drains its stores in about 23 cycles.
      storeLatency: { kind: "fixed", cycles: 23 },
    },
    seed: 1,
    program: { sass: fixtures.listing, kernel: r.kernel, trips, ...(spec.taken ? { taken: spec.taken } : {}) },
  };
}
