import { InvalidArgumentError } from "commander";
import { PRESETS } from "../arch/presets/index.js";
import type { ScenarioInput } from "../scenario/schema.js";
import type { KernelResources } from "./kernel-resources.js";

/** The flags of `warpsim run --sass`: the kernel, its control flow, and the launch. */
export interface SassRunOptions {
  sass: string;
  kernel?: string;
  trip: Record<string, number>;
  defaultTrips?: number;
  taken: Record<string, number>;
  conflicts: Record<string, number>;
  /** threadIdx's shape (`16,16`); default --threads along x. */
  blockDim?: number[];
  threads: number;
  blocks?: number;
  registers?: number;
  sharedMem: number;
  /** Static shared memory per block (`__shared__`); undefined: from -res-usage lines, else 0. */
  staticShared?: number;
  memory?: "l2" | "dram";
  /** The L2 at launch for a run from arguments (memory.cache); undefined: cold. */
  cache?: "cold" | "warm";
  /** Preset name; undefined: the listing's own (listingArch). */
  arch?: string;
  scheduler?: string;
  /** Run the kernel's own arithmetic for its control flow (docs/execution.md): the launch and arguments. */
  grid?: number[];
  block?: number[];
  args?: string;
  sm?: number;
  /** ncu's Source page: trips and taken shares from its issue counts (cli/control-from-profile.ts). */
  fromProfile?: string;
}

/** commander collector for repeated `ADDRESS=VALUE` flags (`--trip 0x01c0=64`). */
export function addressValue(kind: "trip" | "taken" | "conflicts") {
  return (text: string, previous: Record<string, number> = {}): Record<string, number> => {
    const m = /^(0x[0-9a-fA-F]+)=(.+)$/.exec(text);
    const value = m ? Number(m[2]) : NaN;
    const ok =
      m !== null &&
      (kind === "trip" ? Number.isInteger(value) && value >= 1 : kind === "conflicts" ? Number.isInteger(value) && value >= 1 && value <= 32 : value >= 0 && value <= 1);
    if (!ok) {
      throw new InvalidArgumentError(
        kind === "trip"
          ? `expected ADDRESS=TRIPS, the address of a loop's backward branch or first instruction and a whole number >= 1 (0x01c0=64), found "${text}".`
          : kind === "conflicts"
            ? `expected ADDRESS=N, the address of a shared-memory access and its n-way bank conflict, 1..32 (0x0300=2), found "${text}".`
            : `expected ADDRESS=SHARE, the address of a guarded forward BRA or EXIT and the share of executions taken, 0..1 (0x00a0=0.25), found "${text}".`,
      );
    }
    if (Object.hasOwn(previous, m![1])) throw new InvalidArgumentError(`the address ${m![1]} is given twice (${m![1]}=${previous[m![1]]} and ${text}): give each once.`);
    return { ...previous, [m![1]]: value };
  };
}

/** commander parser of `--block-dim 16,16` (x[,y[,z]]). */
export function blockDim(text: string): number[] {
  const parts = text.split(/[,x]/).map((p) => Number(p.trim()));
  if (parts.length < 1 || parts.length > 3 || parts.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new InvalidArgumentError(`expected the block's shape as X[,Y[,Z]], whole numbers >= 1 whose product is --threads (16,16), found "${text}".`);
  }
  return parts;
}

/**
 * The scenario `run --sass` simulates: the flags' launch on one SM, the kernel's SASS. A -sass
 * listing shows neither registers per thread nor static shared memory; each comes from its flag,
 * else from `cuobjdump -res-usage` output pasted into the file (exactly what ptxas allocated),
 * else a default: registers the highest the kernel names plus 3 (ptxas -v reported exactly that
 * for 8 of the 9 fixtures; docs/sass.md), static shared memory 0. A note says which.
 */
export function sassScenario(opts: SassRunOptions, kernel: KernelResources, note: (text: string) => void): ScenarioInput {
  let registers = opts.registers;
  if (registers === undefined && kernel.usage !== undefined) {
    registers = Math.max(1, kernel.usage.registers);
    note(`registers per thread: ${registers} (REG of the listing's cuobjdump -res-usage lines)`);
  } else if (registers === undefined) {
    // -1: unreadable or no such kernel; the scenario's own check then says what is wrong.
    registers = Math.max(1, kernel.highestRegister + 3);
    if (kernel.highestRegister >= 0) note(`registers per thread: ${registers} (R${kernel.highestRegister} is the highest the kernel names, + 3 as ptxas counts); give --registers N, or paste cuobjdump -res-usage output into the listing`);
  }
  let staticShared = opts.staticShared;
  if (staticShared === undefined && kernel.usage !== undefined) {
    staticShared = kernel.usage.sharedBytes;
    if (staticShared > 0) note(`static shared memory: ${staticShared} bytes per block (SHARED of the listing's cuobjdump -res-usage lines)`);
  } else if (staticShared === undefined && kernel.sharedAccess) {
    note("the kernel accesses shared memory, and a -sass listing does not say how much it declares: 0 bytes of static shared memory assumed; give --static-shared BYTES, or paste cuobjdump -res-usage output into the listing");
  }
  return {
    name: `${opts.sass}${opts.kernel ? ` ${opts.kernel}` : ""}`,
    arch: opts.arch ?? "sm_90",
    launch: {
      threadsPerBlock: opts.threads,
      ...(opts.blocks !== undefined ? { blocks: opts.blocks } : {}),
      registersPerThread: registers,
      sharedMemPerBlock: opts.sharedMem,
      ...(staticShared !== undefined ? { staticSharedMemPerBlock: staticShared } : {}),
    },
    ...(opts.memory !== undefined || opts.cache !== undefined ? { memory: { ...(opts.memory !== undefined ? { level: opts.memory } : {}), ...(opts.cache !== undefined ? { cache: opts.cache } : {}) } } : {}),
    ...(opts.scheduler !== undefined ? { scheduler: opts.scheduler as ScenarioInput["scheduler"] } : {}),
    program: {
      sass: opts.sass,
      ...(opts.kernel !== undefined ? { kernel: opts.kernel } : {}),
      // With args and grid every warp follows its own path: declared trips and shares are not given.
      ...(opts.args === undefined && opts.grid === undefined ? { trips: opts.trip, taken: opts.taken } : {}),
      conflicts: opts.conflicts,
      ...(opts.blockDim !== undefined ? { blockDim: opts.blockDim } : {}),
      ...(opts.defaultTrips !== undefined ? { defaultTrips: opts.defaultTrips } : {}),
      // A list (`n=4096, 256MiB` -> two entries), so that a sweep can vary one (`program.args.0`).
      ...(opts.args !== undefined ? { args: opts.args.trim() === "" ? [] : opts.args.split(",").map((a) => a.trim()) } : {}),
      ...(opts.grid !== undefined ? { grid: opts.grid } : {}),
      ...(opts.sm !== undefined ? { sm: opts.sm } : {}),
    },
  };
}

/**
 * The architecture a listing was compiled for (`code for sm_80`) when warpsim has a preset of
 * that name, else sm_90 (the calibrated one).
 */
export function listingArch(text: string): string {
  const m = /code for (sm_\d+)/.exec(text);
  return m !== null && Object.hasOwn(PRESETS, m[1]) ? m[1] : "sm_90";
}
