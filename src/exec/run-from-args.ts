import { PRESETS } from "../arch/presets/index.js";
import { ConfigError } from "../errors.js";
import type { SassKernel } from "../sass/read-sass.js";
import { BadArgument, parseArguments, placeArguments, splitTopLevel } from "./kernel-args.js";
import { demangleKernel, UnreadableName } from "./kernel-params.js";
import { blocksOfSm, type KernelProfile, profileKernel } from "./kernel-profile.js";
import type { OutOfBounds } from "./run-warp.js";
import { type Dim3, type Launch, MODULE_GLOBALS, bankLayoutOf, launchBank, paramBaseOf } from "./launch.js";
import { executableKernel } from "./run-warp.js";

export interface RunFromArgsOptions {
  readonly grid?: readonly number[];
  readonly block?: readonly number[];
  readonly args: string;
  readonly sm: number;
  readonly arch: string;
}

/**
 * Runs a kernel functionally from its launch and arguments: the blocks one SM gets, each warp
 * from entry to exit (kernel-profile.ts). Bad input is a ConfigError that names the file and
 * what is wrong.
 */
export function runKernelFromArgs(kernel: SassKernel, opts: RunFromArgsOptions, file: string): { profile: KernelProfile; launch: Launch; what: string } {
  const plan = planExecution(kernel, opts, file);
  const profile = profileKernel(executableKernel(kernel), plan.launch, plan.blocks);
  const o = profile.outOfBounds;
  if (o !== undefined) throw outOfBoundsError(kernel, plan.launch, o, o.block, o.warpInBlock, file);
  return { profile, launch: plan.launch, what: plan.what };
}

/** The one-paragraph error for a global access outside every buffer the arguments give. */
export function outOfBoundsError(kernel: SassKernel, launch: Launch, o: OutOfBounds, block: number, warpInBlock: number, file: string): ConfigError {
  const ins = kernel.instructions[o.instruction];
  const hex = (x: number) => `0x${x.toString(16)}`;
  const buffers = (launch.buffers ?? [])
    .map((b) => `${b.param < 0 ? "the module's __device__ variables" : `argument ${b.param + 1}`}: ${hex(b.base)}..${hex(b.base + b.bytes)}${b.param < 0 ? "" : ` (${b.bytes} bytes)`}`)
    .join("; ");
  return new ConfigError(
    `${file}: kernel ${kernel.name}: lane ${o.lane} of warp ${warpInBlock} of block ${block} accesses ${hex(o.address)} at /*${ins.address.toString(16).padStart(4, "0")}*/ ${ins.text} (line ${ins.line}), outside every buffer the arguments give (${buffers}): is a buffer's size too small, or an argument out of range?`,
  );
}

/** A kernel's launch from its arguments, checked, and the blocks of the grid one SM runs. */
export function planExecution(kernel: SassKernel, opts: RunFromArgsOptions, file: string): { launch: Launch; blocks: number[]; what: string } {
  const where = `${file}: kernel ${kernel.name}`;
  if (opts.grid === undefined || opts.block === undefined) throw new ConfigError(`${where}: running it needs both --grid X[,Y,Z] and --block X[,Y,Z] (and --args for its parameters).`);
  const arch = PRESETS[opts.arch as keyof typeof PRESETS];
  if (arch === undefined) throw new ConfigError(`${where}: --arch ${opts.arch} is not a preset (warpsim archs lists them).`);
  const base = paramBaseOf(opts.arch);
  if (base === undefined) throw new ConfigError(`${where}: running a kernel needs the parameter layout of its architecture; warpsim knows sm_70 to sm_120, not ${opts.arch} yet (give --arch sm_90 to read it as Hopper's).`);
  let types;
  try {
    types = demangleKernel(kernel.name)?.params;
  } catch (e) {
    if (!(e instanceof UnreadableName)) throw e;
    throw new ConfigError(`${where}: its mangled name could not be read for parameter types (${e.message}); give each argument its type instead (ptr:256MiB, i32:4096).`);
  }
  let placed;
  try {
    placed = placeArguments(parseArguments(opts.args, types), base);
  } catch (e) {
    if (!(e instanceof BadArgument)) throw e;
    throw new ConfigError(`${where}: --args ${e.message}.`);
  }
  const read = lastParamRead(kernel, base);
  if (read !== undefined && read.end > base + placed.bytes.length) {
    const given = opts.args.trim() === "" ? 0 : splitTopLevel(opts.args).length;
    throw new ConfigError(`${where}: the kernel reads c[0x0][0x${read.offset.toString(16)}] (parameter bytes ${read.offset - base}..${read.end - base - 1}), past the ${placed.bytes.length} bytes its ${given} arguments fill: is an argument missing?`);
  }
  const grid = dim3(opts.grid);
  const block = dim3(opts.block);
  const threads = block[0] * block[1] * block[2];
  if (threads > arch.maxThreadsPerBlock) throw new ConfigError(`${where}: --block ${opts.block.join(",")} is ${threads} threads; ${opts.arch} allows at most ${arch.maxThreadsPerBlock} per block.`);
  if (opts.sm >= arch.smCount) throw new ConfigError(`${where}: --sm ${opts.sm}: ${opts.arch} has SMs 0 to ${arch.smCount - 1}.`);
  // The module's __device__ variables are memory a kernel may reach too (launch.ts GLOBALS_BASE).
  const launch = { grid, block, bank0: launchBank(grid, block, placed.bytes, bankLayoutOf(opts.arch)!), buffers: [...placed.buffers, MODULE_GLOBALS] };
  const blocks = blocksOfSm(grid[0] * grid[1] * grid[2], arch.smCount, opts.sm);
  if (blocks.length === 0) throw new ConfigError(`${where}: a grid of ${grid.join("x")} gives SM ${opts.sm} no block.`);
  return { launch, blocks, what: `grid ${grid.join("x")}, block ${block.join("x")}, the blocks of SM ${opts.sm} of ${arch.smCount}` };
}

/** The parameter read that reaches furthest into constant bank 0 (from `base` on): its offset and end. */
function lastParamRead(kernel: SassKernel, base: number): { offset: number; end: number } | undefined {
  let last: { offset: number; end: number } | undefined;
  for (const ins of kernel.instructions) {
    for (const m of ins.text.matchAll(/c\[0x0\]\[(0x[0-9a-fA-F]+)\]/g)) {
      const offset = parseInt(m[1], 16);
      const end = offset + (ins.modifiers.includes("64") ? 8 : 4);
      if (offset >= base && (last === undefined || end > last.end)) last = { offset, end };
    }
  }
  return last;
}

function dim3(v: readonly number[]): Dim3 {
  return [v[0], v[1] ?? 1, v[2] ?? 1];
}
