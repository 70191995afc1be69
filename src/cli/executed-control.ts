import { ConfigError, ScenarioError } from "../errors.js";
import { executedPaths, type ExecutedPath } from "../exec/executed-paths.js";
import { findKernel } from "../exec/find-kernel.js";
import { runKernelFromArgs } from "../exec/run-from-args.js";
import { foundControl } from "../report/exec-report.js";
import { addressKey } from "../sass/control-flow.js";
import { readSass } from "../sass/read-sass.js";
import type { SassRunOptions } from "./sass-options.js";

/**
 * `run --sass` with a launch and arguments: runs the kernel's own arithmetic on the blocks one SM
 * gets (docs/execution.md). Each warp of the timed run then follows its own path (`paths`):
 * its loops' trips, its branches' directions and its divergence are the kernel's. The launch
 * (threads, block shape, blocks) comes from --block and --grid. With --trip or --taken given by
 * hand, the declared model runs instead, with what execution found (loops' mean trips rounded
 * to whole trips, branches' taken shares) under the hand-given values.
 */
export function controlFromExecution(opts: SassRunOptions, text: string, arch: string, note: (text: string) => void): { opts: SassRunOptions; paths: { pathOf(block: number, warpInBlock: number): ExecutedPath } | undefined } {
  const read = readSass(text, opts.sass);
  if (!read.ok) throw new ScenarioError(read.issues);
  const name = opts.kernel ?? (read.kernels.length === 1 ? read.kernels[0].name : undefined);
  if (name === undefined) throw new ConfigError(`${opts.sass}: --grid and --args need --kernel NAME (the file holds several: ${read.kernels.map((k) => k.name).join(", ")}).`);
  const kernel = findKernel(read.kernels, name);
  if (kernel === undefined) throw new ConfigError(`${opts.sass} has no kernel ${name}; its kernels: ${read.kernels.map((k) => k.name).join(", ")}.`);
  const { profile, launch } = runKernelFromArgs(kernel, { grid: opts.grid, block: opts.block, args: opts.args ?? "", sm: opts.sm ?? 0, arch }, opts.sass);
  const declared = Object.keys(opts.trip).length > 0 || Object.keys(opts.taken).length > 0;
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
  if (declared) note(`--trip/--taken given: the declared trips and shares decide every warp's path, with what execution found for the rest`);
  if (declared && splits.length > 0) note(`branches that split warps (${splits.join(", ")}) are timed as if every lane went one way`);
  if (profile.unknownBranches.size > 0) {
    note(`branches decided by loaded data (${[...profile.unknownBranches.keys()].map(addressKey).join(", ")}) were taken as not taken; give --taken or --trip for them`);
  }
  return {
    opts: { ...opts, kernel: kernel.name, trip, taken, threads, blockDim: opts.blockDim ?? [block[0], block[1] ?? 1, block[2] ?? 1], blocks: declared ? (opts.blocks ?? profile.blocks.length) : profile.blocks.length },
    paths: declared ? undefined : executedPaths(kernel, launch, profile.blocks, opts.sass),
  };
}
