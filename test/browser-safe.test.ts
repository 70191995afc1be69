import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The engine must load in a browser (issue 15): the modules a page needs, from scenario text to
 * a result and its reading, import nothing from Node (node:fs, node:os, ...), directly or through
 * the modules they import. Files are read, not run; dynamic imports are followed too.
 */
const ENTRIES = ["src/scenario/parse-scenario.ts", "src/report/chart-specs.ts", "src/report/chart-render.ts", "src/run/simulate.ts", "src/run/explain.ts", "src/report/table.ts", "src/report/json.ts", "src/arch/occupancy.ts", "src/arch/occupancy-impact.ts"];

function nodeImports(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string, via: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^"';]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)) {
      const spec = m[1] ?? m[2];
      if (/^import\s+type\b/.test(m[0].trim()) || /^export\s+type\b/.test(m[0].trim())) continue;
      if (spec.startsWith("node:")) found.push(`${[...via, file].join(" -> ")} imports ${spec}`);
      else if (spec.startsWith(".")) visit(normalize(join(dirname(file), spec.replace(/\.js$/, ".ts"))), [...via, file]);
    }
  };
  visit(entry, []);
  return found;
}

describe("the engine loads without Node", () => {
  for (const entry of ENTRIES) {
    it(`${entry} imports nothing from node:`, () => {
      expect(nodeImports(entry)).toEqual([]);
    });
  }
  it("the check itself finds a Node import where there is one (scenario/load.ts reads files)", () => {
    expect(nodeImports("src/scenario/load.ts").join("\n")).toMatch(/src\/input-file\.ts imports node:fs/);
    expect(nodeImports("src/run/compare.ts").join("\n")).toMatch(/validate\.ts( -> \S+)? imports node:/);
  });
});
