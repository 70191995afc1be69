import { readFileSync } from "node:fs";

/** Reads a plain CSV (no quoted fields) into records keyed by the header. */
export function readCsv(path: string): Record<string, string>[] {
  return parseCsv(readFileSync(path, "utf8"));
}

/** Parses plain CSV text (no quoted fields) into records keyed by the header. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const keys = header.split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? ""]));
  });
}
