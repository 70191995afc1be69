import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Files the README, docs and CLI help name must exist in the repository (issue 16 found
 * several that did not). A reference is a path in backticks or a markdown link target that
 * starts with one of the repository's top-level folders.
 */
const TOP = ["src/", "docs/", "scenarios/", "test/", "bench/", "tools/", "validation/", "bin/"];

function referencedPaths(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([^`\s]+)`|\]\(([^)\s#]+)/g)) {
    let p = (m[1] ?? m[2]).replace(/[.,;:]$/, "");
    if (p.startsWith("../")) continue;
    if (!TOP.some((t) => p.startsWith(t))) continue;
    if (/[{}*<>]|\.\.\./.test(p)) continue; // patterns such as ilp{1,4}-w{1,2}.yaml
    p = p.replace(/:\d+$/, "");
    out.add(p);
  }
  return [...out];
}

const sources = [
  "README.md",
  ...readdirSync("docs", { recursive: true }).map(String).filter((f) => f.endsWith(".md")).map((f) => join("docs", f)),
  ...readdirSync("src/cli/commands").map((f) => join("src/cli/commands", f)),
];

describe("files named in README, docs and help exist", () => {
  for (const file of sources) {
    it(file, () => {
      const base = file.startsWith("docs/") ? "docs" : ".";
      const missing = referencedPaths(readFileSync(file, "utf8")).filter((p) => !existsSync(p) && !existsSync(join(base, p)));
      expect(missing).toEqual([]);
    });
  }
});
