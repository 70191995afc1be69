import { Command, CommanderError } from "commander";
import { ExitCode, WarpsimError } from "../errors.js";
import { archsCommand } from "./commands/archs.js";
import { compareCommand } from "./commands/compare.js";
import { explainCommand } from "./commands/explain.js";
import { mergeCommand } from "./commands/merge.js";
import { occupancyCommand } from "./commands/occupancy.js";
import { reportCommand } from "./commands/report.js";
import { runCommand } from "./commands/run.js";
import { sassCommand } from "./commands/sass.js";
import { sweepCommand } from "./commands/sweep.js";
import { validateCommand } from "./commands/validate.js";
import { processIo, type CliIo } from "./io.js";

/** Builds the `warpsim` command tree. */
export function buildCli(io: CliIo, setExit: (code: number) => void): Command {
  const program = new Command("warpsim")
    .description("cycle-level simulator of the warp schedulers of one NVIDIA streaming multiprocessor")
    .version("0.1.0")
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();
  for (const command of [runCommand(io, setExit), sweepCommand(io, setExit), mergeCommand(io), reportCommand(io, setExit), explainCommand(io), compareCommand(io), occupancyCommand(io, setExit), archsCommand(io), validateCommand(io), sassCommand(io)]) {
    program.addCommand(command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr }));
  }
  return program;
}

/**
 * Runs the CLI on `argv` (process.argv form) and returns the exit code: 0 ok, 1 bad input,
 * 2 the simulation could not finish. Bad input prints one paragraph, never a stack trace.
 */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let exitCode: number = ExitCode.ok;
  const cli = buildCli(io, (code) => (exitCode = code));
  try {
    await cli.parseAsync([...argv]);
    return exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version exit with 0; usage errors were already printed by commander.
      return e.exitCode === 0 ? ExitCode.ok : ExitCode.badInput;
    }
    if (e instanceof WarpsimError) {
      io.stderr(`warpsim: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  }
}
