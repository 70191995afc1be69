import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";

/** A scratch folder for one test file's scenario and output files. */
export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), "warpsim-cli-"));
}

/** Runs the CLI in-process as `warpsim ...args`, capturing its exit code and output. */
export async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(["node", "warpsim", ...args], {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    isTty: false,
  });
  return { code, stdout, stderr };
}

/** Writes `text` to `dir/name` and returns the path. */
export function writeScenario(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
