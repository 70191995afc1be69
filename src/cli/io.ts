import { writeFileSync } from "node:fs";
import { OutputError } from "../errors.js";

/** Where the CLI writes, so tests can capture it. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress is shown only there). */
  readonly isTty: boolean;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTty: process.stderr.isTTY === true,
};

/** Writes an output file, turning a file-system failure into a one-line OutputError. */
export function writeOutput(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new OutputError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? ""} ${(e as Error).message.replace(/^[A-Z]+: /, "")}`.replace(/\s+/g, " ").trim() + ".");
  }
}

/** Runs `write` (which creates files), turning a file-system failure into an OutputError. */
export async function writingTo<T>(path: string, write: () => T | Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code !== "string") throw e;
    throw new OutputError(`cannot write ${path}: ${(e as Error).message.replace(/^[A-Z]+: /, "")}.`);
  }
}

