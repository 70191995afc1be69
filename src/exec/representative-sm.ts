import { blocksOfSm, profileKernel } from "./kernel-profile.js";
import type { Launch } from "./launch.js";
import type { ExecutableKernel } from "./run-warp.js";

/**
 * Which SM's blocks a run times to stand for the GPU. warpsim times one SM (and the other class
 * of a grid that does not divide by the SMs), taking SM 0's blocks: the first of the dispatch
 * order, then every smCount-th. That is every SM's share when the blocks do alike work. When
 * their work depends on where they are in the grid, SM 0's blocks are a sample that need not be
 * typical: a Mandelbrot image of 128 blocks gives SM 0 its top-left corner, which escapes at once
 * (65% less work than the mean SM; validation/corpus).
 *
 * So: the warp-instructions of the blocks of up to SAMPLE SMs of SM 0's class, spread over the
 * dispatch order (sampleSms), each run functionally (kernel-profile.ts) within `budget` warp-instructions in
 * all (at least FEWEST SMs, else SM 0; the first FEWEST within 2% of each other end it there,
 * as for most kernels); if SM 0's work is within TOLERANCE of the sample's mean,
 * SM 0 (every kernel whose blocks do alike work keeps it), else the sampled SM whose work is
 * nearest the mean.
 */
const SAMPLE = 16;
const FEWEST = 5;
const TOLERANCE = 0.1;

export interface RepresentativeSm {
  readonly sm: number;
  /** Warp-instructions of SM 0's blocks and of the chosen SM's, and the sample's mean (undefined: SM 0). */
  readonly work?: { readonly sm0: number; readonly chosen: number; readonly mean: number; readonly sampled: number };
}

export function representativeSm(exe: ExecutableKernel, launch: Launch, smCount: number, budget: number): RepresentativeSm {
  const grid = launch.grid[0] * launch.grid[1] * launch.grid[2];
  const more = grid % smCount;
  // SM 0's class: the SMs that run as many blocks as it does (all of them when the grid divides).
  const classSize = grid < smCount ? grid : more === 0 ? smCount : more;
  if (classSize < 3) return { sm: 0 };
  // Each warp may issue its share of the budget over FEWEST SMs: a longer one ends the sampling.
  const warps = blocksOfSm(grid, smCount, 0).length * Math.ceil((launch.block[0] * launch.block[1] * launch.block[2]) / 32);
  const perWarp = Math.max(1, Math.floor(budget / (FEWEST * warps)));
  const work: { sm: number; instructions: number }[] = [];
  let spent = 0;
  const sample = sampleSms(classSize);
  for (const sm of sample) {
    const p = profileKernel(exe, launch, blocksOfSm(grid, smCount, sm), perWarp);
    if (p.runaways > 0) return { sm: 0 };
    const instructions = p.instructions.mean * p.warps;
    spent += instructions;
    work.push({ sm, instructions });
    // Blocks of alike work (most kernels) show it in the first few: stop there.
    if (work.length === FEWEST && alike(work)) return { sm: 0 };
    // Past the budget with too few to judge by: SM 0, as before.
    if (spent > budget) {
      if (work.length < FEWEST) return { sm: 0 };
      break;
    }
  }
  // The GPU's time is the mean SM's (ncu's sm__cycles_active.avg): the sample's mean work.
  const mean = work.reduce((sum, w) => sum + w.instructions, 0) / work.length;
  const sm0 = work[0].instructions;
  if (mean === 0 || Math.abs(sm0 / mean - 1) <= TOLERANCE) return { sm: 0 };
  const chosen = work.reduce((best, w) => (Math.abs(w.instructions - mean) < Math.abs(best.instructions - mean) ? w : best));
  return { sm: chosen.sm, work: { sm0, chosen: chosen.instructions, mean: Math.round(mean), sampled: work.length } };
}

/** The SMs' work within 2% of each other. */
function alike(work: readonly { instructions: number }[]): boolean {
  let lo = Infinity;
  let hi = 0;
  for (const w of work) {
    lo = Math.min(lo, w.instructions);
    hi = Math.max(hi, w.instructions);
  }
  return hi <= lo * 1.02;
}

/**
 * SM 0 and up to SAMPLE - 1 more of the first `classSize`, spread by the golden ratio's additive
 * sequence rather than a fixed stride: a stride can alias with the grid's width (a stride of 8
 * over a grid 8 blocks wide samples one column of the image only).
 */
export function sampleSms(classSize: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (let i = 0; out.length < Math.min(SAMPLE, classSize); i++) {
    const sm = Math.floor(((i * 0.6180339887498949) % 1) * classSize);
    if (!seen.has(sm)) {
      seen.add(sm);
      out.push(sm);
    }
  }
  return out;
}
