import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { OutputError } from "../errors.js";

/**
 * Creates a folder and its missing parents, one level at a time. Node's `mkdirSync(dir,
 * { recursive: true })` loops forever on some paths (under /proc it keeps retrying), so this
 * walks the path itself; a failure is an OutputError naming the folder.
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? "";
      throw new OutputError(`cannot create the folder ${dir}: ${code} ${(e as Error).message.replace(/^[A-Z]+: /, "")}`.replace(/\s+/g, " ").trim() + ".");
    }
  }
}
