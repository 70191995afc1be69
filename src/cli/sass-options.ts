import { InvalidArgumentError } from "commander";
import { PRESETS } from "../arch/presets/index.js";
import type { ScenarioInput } from "../scenario/schema.js";

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
  memory?: "l2" | "dram";
  /** Preset name; undefined: the listing's own (listingArch). */
  arch?: string;
  scheduler?: string;
  /** Run the kernel's own arithmetic for its control flow (docs/execution.md): the launch and arguments. */
  grid?: number[];
  block?: number[];
  args?: string;
  sm?: number;
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
 * The scenario `run --sass` simulates: the flags' launch on one SM, the kernel's SASS. Registers
 * per thread default to the highest register the kernel names plus 3 (ptxas -v reported exactly
 * that for 8 of the 9 fixtures; docs/sass.md), with a note saying so.
 */
export function sassScenario(opts: SassRunOptions, highestRegister: number, note: (text: string) => void): ScenarioInput {
  let registers = opts.registers;
  if (registers === undefined) {
    // -1: unreadable or no such kernel; the scenario's own check then says what is wrong.
    registers = Math.max(1, highestRegister + 3);
    if (highestRegister >= 0) note(`registers per thread: ${registers} (R${highestRegister} is the highest the kernel names, + 3 as ptxas counts); give --registers N to set it`);
  }
  return {
    name: `${opts.sass}${opts.kernel ? ` ${opts.kernel}` : ""}`,
    arch: opts.arch ?? "sm_90",
    launch: {
      threadsPerBlock: opts.threads,
      ...(opts.blocks !== undefined ? { blocks: opts.blocks } : {}),
      registersPerThread: registers,
      sharedMemPerBlock: opts.sharedMem,
    },
    ...(opts.memory !== undefined ? { memory: { level: opts.memory } } : {}),
    ...(opts.scheduler !== undefined ? { scheduler: opts.scheduler as ScenarioInput["scheduler"] } : {}),
    program: {
      sass: opts.sass,
      ...(opts.kernel !== undefined ? { kernel: opts.kernel } : {}),
      // With args and grid every warp follows its own path: declared trips and shares are not given.
      ...(opts.args === undefined && opts.grid === undefined ? { trips: opts.trip, taken: opts.taken } : {}),
      conflicts: opts.conflicts,
      ...(opts.blockDim !== undefined ? { blockDim: opts.blockDim } : {}),
      ...(opts.defaultTrips !== undefined ? { defaultTrips: opts.defaultTrips } : {}),
      ...(opts.args !== undefined ? { args: opts.args } : {}),
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
