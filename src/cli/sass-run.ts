import { type Command } from "commander";
import { ConfigError, ScenarioError } from "../errors.js";
import type { Scenario } from "../scenario/resolve.js";
import type { CliIo } from "./io.js";
import { wholeNumber, oneOf } from "./options.js";
import { addressValue, blockDim, type SassRunOptions } from "./sass-options.js";

/**
 * The flags that run a kernel's SASS instead of a scenario file (`--sass FILE` and the launch,
 * control-flow and argument flags), shared by run, explain and report.
 */
export function addSassOptions(command: Command): Command {
  command.option("--sass <file>", "run a kernel's SASS as cuobjdump -sass prints it, instead of a scenario (docs/sass.md)");
  // compare has its own --kernel (the profile's launch), which names the listing's kernel too.
  const ownKernel = command.options.some((o) => o.long === "--kernel");
  if (!ownKernel) command.option("--kernel <name>", "with --sass: the kernel (needed when the listing holds several)");
  const before = new Set(command.options.map((o) => o.long));
  command.option("--trip <address=trips>", "with --sass: trips of the loop closed at (or starting at) this address; repeat per loop", addressValue("trip"), {});
  command.option("--default-trips <n>", "with --sass: trips of loops not given by --trip (else such a loop is an error)", wholeNumber(1));
  command.option("--taken <address=share>", "with --sass: share of executions in which the guarded BRA/EXIT at this address is taken (default 0)", addressValue("taken"), {});
  command.option("--conflicts <address=n>", "with --sass: n-way bank conflict of the shared-memory access at this address (default: derived from the listing's addresses)", addressValue("conflicts"), {});
  command.option("--block-dim <x,y,z>", "with --sass: the block's shape as the kernel indexes threadIdx (default: --threads along x), for the bank conflicts derived from the listing", blockDim);
  command.option("--threads <n>", "with --sass: threads per block", wholeNumber(1), 128);
  command.option("--blocks <n>", "with --sass: blocks (default: 1)", wholeNumber(1));
  command.option("--registers <n>", "with --sass: registers per thread (default: REG of cuobjdump -res-usage output pasted into the listing, else the highest register the kernel names + 3)", wholeNumber(1));
  command.option("--shared-mem <bytes>", "with --sass: dynamic shared memory per block", wholeNumber(0), 0);
  command.option("--static-shared <bytes>", "with --sass: static shared memory per block (__shared__ arrays; default: SHARED of cuobjdump -res-usage output pasted into the listing, else 0)", wholeNumber(0));
  command.option("--memory <level>", "with --sass: where global loads go, l2 or dram (latency, bandwidth and limits of that level)", oneOf(["l2", "dram"] as const));
  command.option("--cache <state>", "with --grid and --args: the L2 at launch, cold (flushed, as ncu profiles a launch; the default) or warm (the kernel's data already there where it fits: a kernel run again on the same data)", oneOf(["cold", "warm"] as const));
  command.option("--arch <preset>", "with --sass: architecture preset (default: the listing's `code for sm_XX` where warpsim has that preset, else sm_90)");
  command.option("--scheduler <policy>", "with --sass: scheduling policy (warpsim archs lists them)");
  command.option("--grid <x,y,z>", "with --sass, --block and --args: run the kernel's own arithmetic on this launch; each warp follows its own path (docs/execution.md), and the SM runs its share of the grid's blocks", blockDim);
  command.option("--block <x,y,z>", "with --grid: threads per block (x[,y[,z]]); sets --threads and --block-dim", blockDim);
  command.option("--args <list>", "with --grid: the kernel's arguments in parameter order (a pointer's is its buffer's size, 256MiB, and what it holds if loads decide branches or addresses, 4MiB iota(0, 1); extern \"C\" kernels' say their types, ptr:256MiB, i32:4096)");
  command.option("--from-profile <file>", "with --sass: each loop's trips and each guarded branch's taken share from the issue counts of ncu's Source page (ncu --page source --csv --print-source sass), where the listing alone cannot say; --trip and --taken given by hand win");
  command.option("--sm <n>", "with --grid: the SM whose blocks run (blocks handed out in order, one per SM in turn)", wholeNumber(0));
  command.option("--allow-any-path", "let the scenario file name a listing outside its folder and the working directory (refused by default)");
  // A --sass flag given with a scenario file would be ignored: say so instead.
  const sassOnly = command.options.filter((o) => o.long !== undefined && !before.has(o.long) && o.long !== "--allow-any-path");
  if (!ownKernel) sassOnly.push(command.options.find((o) => o.long === "--kernel")!);
  command.hook("preAction", (cmd) => {
    if (cmd.opts().sass !== undefined) return;
    const given = sassOnly.filter((o) => cmd.getOptionValueSource(o.attributeName()) === "cli").map((o) => o.long);
    if (given.length > 0) {
      throw new ConfigError(`${given.join(", ")} ${given.length === 1 ? "is" : "are"} for --sass runs and would be ignored with a scenario file (its launch, program and arch fields say the same).`);
    }
  });
  return command;
}

/** A command's input is a scenario file or --sass FILE: one of them, not both. */
export function checkOneInput(name: string, scenarioFile: string | undefined, opts: Partial<SassRunOptions>): void {
  if ((scenarioFile === undefined) === (opts.sass === undefined)) {
    throw new ConfigError(scenarioFile === undefined ? `warpsim ${name} needs a scenario file or --sass FILE (warpsim ${name} --help).` : "give a scenario file or --sass, not both (a scenario runs SASS with program: { sass: FILE }).");
  }
}

/** A command's scenario: from its file argument, or from --sass and its flags (one of them, not both). */
export async function scenarioOrSass(name: string, scenarioFile: string | undefined, opts: Partial<SassRunOptions> & { allowAnyPath?: boolean }, io: CliIo): Promise<{ file: string; scenario: Scenario }> {
  checkOneInput(name, scenarioFile, opts);
  if (scenarioFile !== undefined) {
    const { loadScenario } = await import("../scenario/load.js");
    return { file: scenarioFile, scenario: loadScenario(scenarioFile, { anyPath: opts.allowAnyPath === true }) };
  }
  const { parseScenario, readerBeside } = await import("../scenario/load.js");
  const source = await sassScenarioSource(opts as SassRunOptions, io);
  try {
    return { file: opts.sass!, scenario: parseScenario(source.text, source.file, [], { readFile: readerBeside(source.file) }) };
  } catch (e) {
    // The scenario text was made from the flags: its line numbers mean nothing to the user.
    if (!(e instanceof ScenarioError)) throw e;
    throw new ScenarioError(e.issues.map(({ line, ...issue }) => (issue.file === SASS_SOURCE ? issue : { ...issue, line })));
  }
}

/** The file name of a scenario made from the flags (relative paths in it are the working directory's). */
export const SASS_SOURCE = "<command line>";

/**
 * The scenario text of `--sass` and its flags: the flags' launch, the kernel's SASS. Arguments
 * become a list, so that a sweep can vary one of them (`program.args.0`).
 */
export async function sassScenarioSource(opts: SassRunOptions, io: CliIo): Promise<{ file: string; text: string }> {
  const [{ readerBeside }, { sassScenario, listingArch }, { kernelResources }] = await Promise.all([
    import("../scenario/load.js"),
    import("./sass-options.js"),
    import("./kernel-resources.js"),
  ]);
  const { text } = readerBeside(SASS_SOURCE)(opts.sass);
  const arch = opts.arch ?? listingArch(text);
  const note = (text: string) => io.stderr(`warpsim: note: ${text}\n`);
  if (opts.fromProfile !== undefined) {
    const { controlFromProfile } = await import("./control-from-profile.js");
    opts = controlFromProfile(opts as SassRunOptions & { fromProfile: string }, text, note);
  }
  if (opts.grid !== undefined || opts.block !== undefined || opts.args !== undefined) {
    const { controlFromExecution } = await import("./executed-control.js");
    opts = controlFromExecution(opts, text, arch, note);
  }
  const fields = sassScenario({ ...opts, arch }, kernelResources(text, opts.kernel), note);
  return { file: SASS_SOURCE, text: JSON.stringify(fields, null, 1) };
}
