import { ConfigError, ScenarioError } from "../errors.js";
import { findKernel } from "../exec/find-kernel.js";
import { runKernelFromArgs } from "../exec/run-from-args.js";
import { foundControl } from "../report/exec-report.js";
import { addressKey } from "../sass/control-flow.js";
import { readSass } from "../sass/read-sass.js";
import type { SassRunOptions } from "./sass-options.js";

/**
 * `run --sass` with a launch and arguments: runs the kernel's own arithmetic on the blocks one SM
 * gets (docs/execution.md) and gives the timing model what it found: each loop's trips (rounded
 * to whole trips, as the model takes one count per loop), each forward branch's and guarded
 * EXIT's taken share, the block's threads and shape, and the number of blocks. Flags given by
 * hand win. What the model cannot take (a branch that splits the warps, one decided by loaded
 * data) is said in a note.
 */
export function controlFromExecution(opts: SassRunOptions, text: string, arch: string, note: (text: string) => void): SassRunOptions {
  const read = readSass(text, opts.sass);
  if (!read.ok) throw new ScenarioError(read.issues);
  const name = opts.kernel ?? (read.kernels.length === 1 ? read.kernels[0].name : undefined);
  if (name === undefined) throw new ConfigError(`${opts.sass}: --grid and --args need --kernel NAME (the file holds several: ${read.kernels.map((k) => k.name).join(", ")}).`);
  const kernel = findKernel(read.kernels, name);
  if (kernel === undefined) throw new ConfigError(`${opts.sass} has no kernel ${name}; its kernels: ${read.kernels.map((k) => k.name).join(", ")}.`);
  const { profile } = runKernelFromArgs(kernel, { grid: opts.grid, block: opts.block, args: opts.args ?? "", sm: opts.sm ?? 0, arch }, opts.sass);
  const found = foundControl(kernel, profile);
  const trip = { ...Object.fromEntries([...found.trips].map(([a, n]) => [addressKey(a), Math.max(1, Math.round(n))])), ...opts.trip };
  const taken = { ...Object.fromEntries([...found.taken].map(([a, s]) => [addressKey(a), s])), ...opts.taken };
  const block = opts.block!;
  const threads = block.reduce((a, b) => a * b, 1);
  const { mean, min, max } = profile.instructions;
  const loops = [...found.trips].map(([a, n]) => `${addressKey(a)} ${Number.isInteger(n) ? n : n.toFixed(2)}`).join(", ");
  note(
    `control flow from running the kernel on SM ${opts.sm ?? 0}'s ${profile.blocks.length} block${profile.blocks.length === 1 ? "" : "s"}: ${mean.toFixed(1)} instructions per warp` +
      `${min === max ? "" : ` (${min} to ${max})`}${loops === "" ? "" : `; trips ${loops}`}`,
  );
  const splits = kernel.instructions.filter((_, i) => profile.split[i] > 0).map((ins) => addressKey(ins.address));
  if (splits.length > 0) note(`branches that split warps (${splits.join(", ")}) are timed as if every lane went one way: the timed run may issue fewer instructions than the kernel`);
  if (profile.unknownBranches.size > 0) {
    note(`branches decided by loaded data (${[...profile.unknownBranches.keys()].map(addressKey).join(", ")}) were taken as not taken; give --taken or --trip for them`);
  }
  return {
    ...opts,
    kernel: kernel.name,
    trip,
    taken,
    threads,
    blockDim: opts.blockDim ?? [block[0], block[1] ?? 1, block[2] ?? 1],
    blocks: opts.blocks ?? profile.blocks.length,
  };
}
