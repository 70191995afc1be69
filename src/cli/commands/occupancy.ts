import { Command, InvalidArgumentError } from "commander";
import { occupancy, type LaunchResources } from "../../arch/occupancy.js";
import { occupancyImpact } from "../../arch/occupancy-impact.js";
import { describeSplit, registerSplit } from "../../arch/register-split.js";
import { ExitCode } from "../../errors.js";
import { PRESETS } from "../../arch/presets/index.js";
import { occupancyImpactChart, writeCharts } from "../../report/charts.js";
import { addChartOptions, chartFileOptions, type ChartFlags } from "../chart-options.js";
import { formatOccupancyCsv } from "../../report/occupancy-csv.js";
import { formatOccupancyTable } from "../../report/occupancy-table.js";
import { parseByteSize } from "../../scenario/byte-size.js";
import { writingTo, type CliIo } from "../io.js";
import { oneOf, wholeNumber } from "../options.js";

const FORMATS = ["table", "json", "csv"] as const;

function byteSize(value: string): number {
  const n = parseByteSize(value);
  if (!/^\s*\d+(\.\d+)?\s*([KkMm](i?B)?|B)?\s*$/.test(value) || !Number.isFinite(n)) {
    throw new InvalidArgumentError(`expected bytes such as 49152, 48K or 1M (K = 1024 bytes), found "${value}".`);
  }
  return n;
}

function carveout(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < -1 || n > 100) {
    throw new InvalidArgumentError(`expected a percentage 0..100, or -1 for the driver default, found "${value}".`);
  }
  return n;
}

/** "40,232,232": registers per thread of each warpgroup after setmaxnreg. */
function counts(value: string): number[] {
  const parts = value.split(",").map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) throw new InvalidArgumentError(`expected registers per thread for each warpgroup, comma-separated (40,232,232), found "${value}".`);
  return parts.map(Number);
}

export function occupancyCommand(io: CliIo, setExit: (code: number) => void = () => {}): Command {
  return addChartOptions(new Command("occupancy"))
    .description("theoretical occupancy of a launch, by the rules of NVIDIA's occupancy calculator")
    .option("-a, --arch <preset>", `architecture preset (${Object.keys(PRESETS).join(", ")})`, oneOf(Object.keys(PRESETS)), "sm_90")
    .requiredOption("-t, --threads <n>", "threads per block (1..1024)", wholeNumber(1))
    .option("-r, --regs <n>", "registers per thread, as ptxas reports them", wholeNumber(0), 32)
    .option("--smem <bytes>", "dynamic shared memory per block; K = 1024 bytes, M = 1024 K (e.g. 48K)", byteSize, 0)
    .option("--static-smem <bytes>", "static (__shared__) shared memory per block, same units", byteSize, 0)
    .option("--carveout <percent>", "preferred shared-memory carveout, 0..100 percent (-1: driver default)", carveout, -1)
    .option("-f, --format <format>", "output format: table, json or csv", oneOf(FORMATS), "table")
    .option("--chart <dir>", "write the three impact-of-varying views (and their Vega-Lite specs) to this folder, the current launch marked: SVG, or --chart-format png,pdf")
    .option("--setmaxnreg <counts>", "registers per thread each warpgroup ends with after setmaxnreg (producer first: 40,232,232): whether the split fits the block's registers, hangs or leaves some idle (exit code 1 when it hangs)", counts)
    .addHelpText(
      "after",
      `
Resident blocks per SM are the minimum of the limits set by warp slots, registers (allocated
per warp in units of 256, per SM sub-partition), shared memory (static + dynamic + the
driver's per-block reserve, in allocation units, against the SM's carveout), the block slots
and, from sm_90 on, block barriers. A launch CUDA would refuse exits with code 1.

Example:
  warpsim occupancy --arch sm_90 --threads 256 --regs 64 --smem 48K
  warpsim occupancy --threads 384 --regs 168 --smem 200K --setmaxnreg 40,232,232`,
    )
    .action(async (opts: { arch: string; threads: number; regs: number; smem: number; staticSmem: number; carveout: number; format: (typeof FORMATS)[number]; chart?: string; setmaxnreg?: number[] } & ChartFlags) => {
      const arch = PRESETS[opts.arch];
      const launch: LaunchResources = {
        threadsPerBlock: opts.threads,
        registersPerThread: opts.regs,
        dynamicSharedMemBytes: opts.smem,
        staticSharedMemBytes: opts.staticSmem,
        carveoutPercent: opts.carveout,
      };
      // 0 is legal (the calculator accepts it) but is no kernel that computes: say what it means.
      if (opts.regs === 0) io.stderr("warpsim: note: -r 0: no registers per thread, as for an empty kernel; registers then limit nothing. Give the count ptxas reports (-Xptxas -v, or cuobjdump -res-usage's REG).\n");
      const result = occupancy(arch, launch);
      const impact = occupancyImpact(arch, launch);
      const split = opts.setmaxnreg === undefined ? undefined : registerSplit(arch, opts.threads, opts.regs, opts.setmaxnreg);
      if (split !== undefined && (split.verdict === "hangs" || split.verdict === "invalid")) setExit(ExitCode.badInput);
      if (opts.format === "json") {
        io.stdout(JSON.stringify({ launch, ...result, impact, ...(split !== undefined ? { setmaxnreg: split } : {}) }, null, 2) + "\n");
      } else if (opts.format === "csv") {
        io.stdout(formatOccupancyCsv(arch, launch, impact));
      } else {
        io.stdout(formatOccupancyTable(arch, launch, result, impact));
        if (split !== undefined) io.stdout(`\nsetmaxnreg    ${describeSplit(split)}\n`);
      }
      if (opts.chart) {
        const max = arch.maxWarpsPerSm;
        const charts = [
          occupancyImpactChart("occupancy-block-size", "impact of varying block size", "threads per block", impact.blockSize, launch.threadsPerBlock, max),
          occupancyImpactChart("occupancy-registers", "impact of varying registers per thread", "registers per thread", impact.registersPerThread, launch.registersPerThread, max),
          occupancyImpactChart("occupancy-shared-memory", "impact of varying shared memory per block", "dynamic shared memory per block (bytes)", impact.sharedMemPerBlock, launch.dynamicSharedMemBytes ?? 0, max),
        ];
        const written = await writingTo(opts.chart, () => writeCharts(opts.chart!, charts, chartFileOptions(opts)));
        io.stderr(`charts: ${written.join(", ")}\n`);
      }
    });
}
