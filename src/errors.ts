/**
 * One error class per failure kind. The CLI catches `WarpsimError`, prints only its message
 * and exits with its `exitCode`; anything else is a bug and keeps its stack trace.
 */
export const ExitCode = {
  ok: 0,
  badInput: 1,
  simulationIncomplete: 2,
  /** Stopped by Ctrl-C (SIGINT), after writing what was done: 128 + 2, as shells do. */
  interrupted: 130,
  internal: 70,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export abstract class WarpsimError extends Error {
  abstract readonly exitCode: ExitCode;
}

/** One problem found in a scenario file, zod-style: a code, where, what was expected and found. */
export interface ScenarioIssue {
  readonly code:
    | "parse_error"
    | "invalid_field"
    | "unknown_field"
    | "missing_field"
    | "unknown_opcode"
    | "out_of_range"
    | "bad_operand"
    | "bad_program"
    | "invalid_launch";
  readonly file: string;
  /** Field path inside the scenario, e.g. ["launch", "threadsPerBlock"]. */
  readonly path: readonly (string | number)[];
  /** 1-based line in the file (YAML/JSON line, or the program line for assembly errors). */
  readonly line?: number;
  readonly expected: string;
  readonly found: string;
}

/** Bad input in a scenario file or its program. */
export class ScenarioError extends WarpsimError {
  override readonly name = "ScenarioError" as const;
  readonly exitCode = ExitCode.badInput;
  constructor(readonly issues: readonly ScenarioIssue[]) {
    // A binary file fed as a scenario has thousands of problems; the first few say enough.
    const shown = issues.slice(0, MAX_ISSUES_SHOWN).map(formatIssue);
    const rest = issues.length - shown.length;
    if (rest > 0) shown.push(`... and ${rest} more problem${rest === 1 ? "" : "s"} (the first ${MAX_ISSUES_SHOWN} are shown).`);
    super(shown.join("\n"));
  }
}

/** Problems a ScenarioError's message lists; `issues` keeps them all. */
export const MAX_ISSUES_SHOWN = 20;

/** Bad command-line or API arguments that are not a scenario file (e.g. an unknown preset). */
export class ConfigError extends WarpsimError {
  override readonly name = "ConfigError" as const;
  readonly exitCode = ExitCode.badInput;
}

/** A launch CUDA would refuse ("too many resources requested for launch"). */
export class LaunchError extends WarpsimError {
  override readonly name = "LaunchError" as const;
  readonly exitCode = ExitCode.badInput;
}

/** A file warpsim was asked to write cannot be written. */
export class OutputError extends WarpsimError {
  override readonly name = "OutputError" as const;
  readonly exitCode = ExitCode.badInput;
}

/** A broken internal invariant: a bug in warpsim, not bad input. */
export class InvariantError extends WarpsimError {
  override readonly name = "InvariantError" as const;
  readonly exitCode = ExitCode.internal;
}

/** Longest `found` text an issue prints (binary junk can make one line megabytes long). */
const MAX_FOUND_CHARS = 200;

export function formatIssue(issue: ScenarioIssue): string {
  const where: string[] = [issue.file];
  if (issue.line !== undefined) where.push(`line ${issue.line}`);
  const fieldPath = formatPath(issue.path);
  const field = fieldPath ? `, field ${fieldPath}` : "";
  const found = issue.found.length > MAX_FOUND_CHARS ? `${issue.found.slice(0, MAX_FOUND_CHARS - 3)}...` : issue.found;
  return `${where.join(", ")}${field}: expected ${issue.expected}, found ${found}.`;
}

export function formatPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const part of path) {
    out += typeof part === "number" ? `[${part}]` : out === "" ? part : `.${part}`;
  }
  return out;
}

/**
 * The first word of a line of the user's input, quoted and cut to 40 characters: what an error
 * shows of a file that is not what it should be (never the whole line: the file may be any of
 * the user's, its first line a secret).
 */
export function quoteToken(text: string): string {
  const token = text.trim().split(/\s+/)[0] ?? "";
  return JSON.stringify(token.length > 40 ? `${token.slice(0, 37)}...` : token);
}
