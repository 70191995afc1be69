import { fileURLToPath } from "node:url";
import { benchScenario, type BenchConfig } from "../program/generators/h100-kernels.js";
import type { ScenarioInput } from "../scenario/schema.js";
import { tripsOf, type SassFixtures } from "./sass-fixtures.js";

/**
 * The H100 microbenchmarks run from their own SASS: validation/microbench/bench-sass/ holds
 * `cuobjdump -sass` of the ground truth's benchmark (bench_sass.sh builds it as the ground truth
 * did; the loops are instruction for instruction those of GROUNDTRUTH.md) and, per kernel, the
 * address of its loop's closing branch. Whole kernels, prologue and epilogue included: the
 * prologue's real pipe mix, dependencies and stall counts are what its warps contend with, which
 * a generated stand-in (h100-kernels.ts) only approximates.
 */
export const BENCH_SASS_FIXTURES = fileURLToPath(new URL("../../validation/microbench/bench-sass/kernels.json", import.meta.url));

/** The mangled name nvcc gives the instantiation `fma_chain<K>` or `ld_chain<K, F>` of bench.cu. */
export function benchKernelName(c: Pick<BenchConfig, "kernel" | "K" | "F">): string {
  return c.kernel === "fma_chain" ? `_Z9fma_chainILi${c.K}EEvPfP7WarpReciff` : `_Z8ld_chainILi${c.K}ELi${c.F}EEvPKjPjP7WarpRecijjjfj`;
}

/**
 * The scenario of one microbenchmark row: the launch and memory of benchScenario with the
 * kernel's SASS as the program, its loop run `iters` times (512 for fma_chain, as the row says).
 * Every lane-0 record block (`@P0 BRA` over it, `@P0 EXIT`) is a branch not taken, as for the
 * warp that runs lane 0. An instantiation the listing does not hold (K = 3, say) falls back to
 * the generated program; `source` says which one a row got.
 */
export function benchRowScenario(c: BenchConfig, fixtures: SassFixtures): { fields: ScenarioInput; source: "sass" | "generated" } {
  const generated = benchScenario(c) as ScenarioInput;
  const kernel = benchKernelName(c);
  const spec = fixtures.kernels[kernel];
  if (spec === undefined) return { fields: generated, source: "generated" };
  const trips = Object.fromEntries(Object.entries(spec.trips).map(([at, v]) => [at, tripsOf(v, c.iters, BENCH_SASS_FIXTURES, kernel)]));
  return { fields: { ...generated, program: { sass: fixtures.listing, kernel, trips } }, source: "sass" };
}
