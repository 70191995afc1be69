import { Command } from "commander";
import type { CliIo } from "../io.js";
import { blockDim } from "../sass-options.js";

export function sassCommand(io: CliIo): Command {
  return new Command("sass")
    .description("read a cuobjdump -sass listing: its kernels, or one kernel with decoded control codes and the loops and branches that need --trip / --taken")
    .argument("<file>", "cuobjdump -sass (or nvdisasm -hex) output")
    .option("--kernel <name>", "print this kernel instruction by instruction")
    .option("--block-dim <x,y,z>", "with --kernel: the block's shape as the kernel indexes threadIdx, for the wavefronts of its shared-memory accesses (default: 128 threads along x)", blockDim)
    .addHelpText(
      "after",
      `
Control codes print as [Bwait:Rread:Wwrite:Y:Sstall]: the dependency barriers the instruction
waits on (B0..B5), the barrier it sets until its operands are read (R) and until its result is
written (W), the yield bit, and the stall count. See docs/sass.md.

Example:
  warpsim sass validation/sass/kernels.sass
  warpsim sass validation/sass/kernels.sass --kernel ldg_imad`,
    )
    .action(async (file: string, opts: { kernel?: string; blockDim?: number[] }) => {
      const [{ readerBeside }, { readSass }, listing, { ScenarioError, ConfigError }] = await Promise.all([
        import("../../scenario/load.js"),
        import("../../sass/read-sass.js"),
        import("../../report/sass-listing.js"),
        import("../../errors.js"),
      ]);
      const { text } = readerBeside("<command line>")(file);
      const read = readSass(text, file);
      if (!read.ok) throw new ScenarioError(read.issues);
      if (opts.kernel === undefined) return io.stdout(listing.formatKernelList(file, read.kernels));
      const kernel = read.kernels.find((k) => k.name === opts.kernel);
      if (kernel === undefined) throw new ConfigError(`${file} has no kernel ${opts.kernel}; its kernels: ${read.kernels.map((k) => k.name).join(", ")}.`);
      const [x, y = 1, z = 1] = opts.blockDim ?? [128];
      io.stdout(listing.formatKernel(kernel, [x, y, z]));
    });
}
