import { Command } from "commander";
import type { CliIo } from "../io.js";
import { wholeNumber } from "../options.js";
import { blockDim } from "../sass-options.js";

interface SassOptions {
  kernel?: string;
  blockDim?: number[];
  grid?: number[];
  block?: number[];
  args?: string;
  sm: number;
  arch?: string;
}

export function sassCommand(io: CliIo): Command {
  return new Command("sass")
    .description("read a cuobjdump -sass listing: its kernels, or one kernel with decoded control codes and the loops and branches that need --trip / --taken; with --grid, --block and --args, run it and show what its own arithmetic decides")
    .argument("<file>", "cuobjdump -sass (or nvdisasm -hex) output")
    .option("--kernel <name>", "print this kernel instruction by instruction (its mangled, demangled or short name)")
    .option("--block-dim <x,y,z>", "with --kernel: the block's shape as the kernel indexes threadIdx, for the wavefronts of its shared-memory accesses (default: 128 threads along x)", blockDim)
    .option("--grid <x,y,z>", "with --kernel, --block and --args: run the kernel on this grid (the blocks of one SM, --sm) and show each instruction's issues per warp and each branch's direction", blockDim)
    .option("--block <x,y,z>", "with --grid: threads per block (x[,y[,z]])", blockDim)
    .option("--args <list>", "with --grid: the kernel's arguments in parameter order, comma-separated; a pointer's is its buffer's size (256MiB); an extern \"C\" kernel's say their types (ptr:256MiB, i32:4096, f32:2.0)")
    .option("--sm <n>", "with --grid: the SM whose blocks run (blocks are handed out in order, one per SM in turn)", wholeNumber(0), 0)
    .option("--arch <preset>", "with --grid: the architecture (parameter offsets, SM count); default: the listing's `code for sm_XX`, else sm_90")
    .addHelpText(
      "after",
      `
Control codes print as [Bwait:Rread:Wwrite:Y:Sstall]: the dependency barriers the instruction
waits on (B0..B5), the barrier it sets until its operands are read (R) and until its result is
written (W), the yield bit, and the stall count. See docs/sass.md.

With --grid, --block and --args, the kernel's integer and predicate arithmetic runs per lane
(docs/execution.md): loop trips, branch directions and divergence come from the kernel itself,
and the listing shows each instruction's issues per warp. Values loaded from memory are not
known; a branch that depends on them is reported and taken as not taken
(one around a slow path's call, as taken).

Example:
  warpsim sass validation/sass/kernels.sass
  warpsim sass validation/sass/kernels.sass --kernel ldg_imad
  warpsim sass validation/sass/kernels.sass --kernel grid_stride_sum --grid 132 --block 128 --args 'ptr:32MiB, ptr:32MiB, i32:1081344'`,
    )
    .action(async (file: string, opts: SassOptions) => {
      const [{ readerBeside }, { readSass }, listing, { ScenarioError, ConfigError }, { listingArch }] = await Promise.all([
        import("../../scenario/load.js"),
        import("../../sass/read-sass.js"),
        import("../../report/sass-listing.js"),
        import("../../errors.js"),
        import("../sass-options.js"),
      ]);
      const { text } = readerBeside("<command line>")(file);
      const read = readSass(text, file);
      if (!read.ok) throw new ScenarioError(read.issues);
      if (opts.kernel === undefined) {
        if (opts.grid !== undefined || opts.args !== undefined) throw new ConfigError(`${file}: --grid and --args need --kernel NAME (the kernel to run); its kernels: ${read.kernels.map((k) => k.name).join(", ")}.`);
        return io.stdout(listing.formatKernelList(file, read.kernels));
      }
      const { findKernel } = await import("../../exec/find-kernel.js");
      const kernel = findKernel(read.kernels, opts.kernel);
      if (kernel === undefined) throw new ConfigError(`${file} has no kernel ${opts.kernel}; its kernels: ${read.kernels.map((k) => k.name).join(", ")}.`);
      if (opts.grid === undefined && opts.block === undefined && opts.args === undefined) {
        const [x, y = 1, z = 1] = opts.blockDim ?? [128];
        return io.stdout(listing.formatKernel(kernel, [x, y, z]));
      }
      const { runKernelFromArgs } = await import("../../exec/run-from-args.js");
      const { formatExecutedKernel } = await import("../../report/exec-report.js");
      const run = runKernelFromArgs(kernel, { grid: opts.grid, block: opts.block, args: opts.args ?? "", sm: opts.sm, arch: opts.arch ?? listingArch(text) }, file);
      io.stdout(formatExecutedKernel(kernel, run.profile, run.what));
    });
}
