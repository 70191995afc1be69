import { ConfigError, ScenarioError } from "../errors.js";
import { findKernel } from "../exec/find-kernel.js";
import { runKernelFromArgs } from "../exec/run-from-args.js";
import { foundControl } from "../report/exec-report.js";
import { addressKey } from "../sass/control-flow.js";
import { readSass } from "../sass/read-sass.js";
import type { SassRunOptions } from "./sass-options.js";

/**
 * `run --sass` with a launch and arguments (docs/execution.md). The launch comes from --block
 * (threads, the block's shape) and --grid (the SM's share of its blocks). By default every warp
 * of the timed run then follows its own path: the scenario carries the arguments and the grid
 * (program.args, program.grid) and each warp is run as its block is admitted. With --trip or
 * --taken given by hand, the declared model runs instead: the kernel is run once on the SM's
 * blocks and what it found (loops' mean trips rounded to whole trips, branches' taken shares)
 * fills in what the hand-given flags do not say.
 */
export function controlFromExecution(opts: SassRunOptions, text: string, arch: string, note: (text: string) => void): SassRunOptions {
  const read = readSass(text, opts.sass);
  if (!read.ok) throw new ScenarioError(read.issues);
  const name = opts.kernel ?? (read.kernels.length === 1 ? read.kernels[0].name : undefined);
  if (name === undefined) throw new ConfigError(`${opts.sass}: --grid and --args need --kernel NAME (the file holds several: ${read.kernels.map((k) => k.name).join(", ")}).`);
  const kernel = findKernel(read.kernels, name);
  if (kernel === undefined) throw new ConfigError(`${opts.sass} has no kernel ${name}; its kernels: ${read.kernels.map((k) => k.name).join(", ")}.`);
  if (opts.grid === undefined || opts.block === undefined) throw new ConfigError(`${opts.sass}: kernel ${kernel.name}: running it needs both --grid X[,Y,Z] and --block X[,Y,Z] (and --args for its parameters).`);
  const block = opts.block;
  const launch = { ...opts, kernel: kernel.name, threads: block.reduce((a, b) => a * b, 1), blockDim: opts.blockDim ?? [block[0], block[1] ?? 1, block[2] ?? 1] };
  const declared = Object.keys(opts.trip).length > 0 || Object.keys(opts.taken).length > 0;
  if (!declared) {
    const whose = opts.sm !== undefined ? `SM ${opts.sm}'s blocks` : "the blocks of SM 0, or of a typical SM where SM 0's work is not,";
    note(`each warp follows its own path, from running the kernel's arithmetic on ${whose} of the grid (docs/execution.md)`);
    return { ...launch, args: opts.args ?? "" };
  }
  const { profile } = runKernelFromArgs(kernel, { grid: opts.grid, block, args: opts.args ?? "", sm: opts.sm ?? 0, arch }, opts.sass);
  const found = foundControl(kernel, profile);
  const trip = { ...Object.fromEntries([...found.trips].map(([a, n]) => [addressKey(a), Math.max(1, Math.round(n))])), ...opts.trip };
  const taken = { ...Object.fromEntries([...found.taken].map(([a, s]) => [addressKey(a), s])), ...opts.taken };
  const loops = [...found.trips].map(([a, n]) => `${addressKey(a)} ${Number.isInteger(n) ? n : n.toFixed(2)}`).join(", ");
  const { mean, min, max } = profile.instructions;
  note(
    `--trip/--taken given: the declared trips and shares decide, with what running the kernel on SM ${opts.sm ?? 0}'s ${profile.blocks.length} block${profile.blocks.length === 1 ? "" : "s"} found for the rest ` +
      `(${mean.toFixed(1)} instructions per warp${min === max ? "" : `, ${min} to ${max}`}${loops === "" ? "" : `; trips ${loops}`})`,
  );
  const splits = kernel.instructions.filter((_, i) => profile.split[i] > 0).map((ins) => addressKey(ins.address));
  if (splits.length > 0) note(`branches that split warps (${splits.join(", ")}) are timed as if every lane went one way`);
  if (profile.unknownBranches.size > 0) {
    note(`branches decided by loaded data (${[...profile.unknownBranches.keys()].map(addressKey).join(", ")}) were taken as not taken (around a slow path's call: taken); give the buffers' contents in --args (ptr:4MiB fill(0), iota(0, 1) or random(0, 99): docs/execution.md), or --taken or --trip for them`);
  }
  return { ...launch, trip, taken, blocks: opts.blocks ?? profile.blocks.length, grid: undefined, args: undefined };
}
