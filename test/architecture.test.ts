import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Dependencies run one way (docs/architecture.md, "Who may import whom"): the table in that
 * page is the rule, read here, so the page and the check cannot drift apart. Every import of a
 * source file (types too, and re-exports) must point to its own part or to one its row names.
 */

type Rules = ReadonlyMap<string, ReadonlySet<string>>;

/** The parts and what each may import, from the doc's table: "| `part` | files | `a`, `b` |". */
export function readRules(markdown: string): Rules {
  const section = markdown.split("## Who may import whom")[1]?.split("\n## ")[0] ?? "";
  const rules = new Map<string, Set<string>>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 5 || !/^`[a-z]+`$/.test(cells[1])) continue;
    const allowed = cells[3] === "nothing" ? [] : cells[3].split(",").map((c) => c.trim().replace(/`/g, ""));
    rules.set(cells[1].replace(/`/g, ""), new Set(allowed));
  }
  return rules;
}

/** The part a source file belongs to: its folder under src/, or the root file's own part. */
export function partOf(file: string): string {
  const rel = relative("src", file).split(/[\\/]/);
  if (rel.length > 1) return rel[0];
  return rel[0] === "index.ts" ? "api" : "base";
}

/** Relative imports and re-exports of a file's text, resolved to .ts paths. */
function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^"';]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g)) {
    out.push(normalize(join(dirname(file), (m[1] ?? m[2]).replace(/\.js$/, ".ts"))));
  }
  return out;
}

/** Each import against the rules, as "file imports target (part a -> part b)". */
export function violations(files: ReadonlyMap<string, string>, rules: Rules): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const from = partOf(file);
    const allowed = rules.get(from);
    if (allowed === undefined) {
      found.push(`${file}: its part "${from}" has no row in the table`);
      continue;
    }
    for (const target of importsOf(file, text)) {
      const to = partOf(target);
      if (to !== from && !allowed.has(to)) found.push(`${file} imports ${target} (${from} -> ${to})`);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("dependencies run one way", () => {
  const rules = readRules(readFileSync("docs/architecture.md", "utf8"));

  it("the doc's table names every part of src/", () => {
    const parts = new Set(sourceFiles("src").map(partOf));
    expect([...parts].filter((p) => !rules.has(p))).toEqual([]);
    expect(rules.size).toBeGreaterThanOrEqual(12);
  });

  it("no source file imports against the table", () => {
    const files = new Map(sourceFiles("src").map((f) => [f, readFileSync(f, "utf8")] as const));
    expect(violations(files, rules)).toEqual([]);
  });

  it("the rule holds no cycle between parts (each part imports only parts below it)", () => {
    // Depth-first over the table: a part reached again while it is being visited is a cycle.
    const visiting = new Set<string>();
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (p: string, path: string[]) => {
      if (done.has(p)) return;
      if (visiting.has(p)) return void cycles.push([...path, p].join(" -> "));
      visiting.add(p);
      for (const q of rules.get(p) ?? []) visit(q, [...path, p]);
      visiting.delete(p);
      done.add(p);
    };
    for (const p of rules.keys()) visit(p, []);
    expect(cycles).toEqual([]);
  });

  it("the check finds an import against the rule, a type import and a re-export alike", () => {
    const files = new Map([
      ["src/stats/x.ts", 'import type { Sm } from "../sm/sm.js";\n'],
      ["src/engine/y.ts", 'export { A } from "../arch/arch-spec.js";\n'],
      ["src/sm/z.ts", 'import { B } from "../stats/counters.js";\nimport { C } from "./scoreboard.js";\n'],
    ]);
    expect(violations(files, rules)).toEqual([
      "src/stats/x.ts imports src/sm/sm.ts (stats -> sm)",
      "src/engine/y.ts imports src/arch/arch-spec.ts (engine -> arch)",
    ]);
  });
});

describe("each unit of the model has its tests beside it", () => {
  // Files that hold only types or constants: nothing of theirs runs.
  const DECLARATIONS_ONLY = new Set(["src/sm/sm-config.ts", "src/sm/sm-events.ts", "src/sm/async/sync-ops.ts"]);
  // The policies share one test file that runs each of them against the same hand-derived picks.
  const SHARED_TEST = "src/sm/schedulers/policies.test.ts";

  it("every file of src/sm/ has a .test.ts beside it (the policies share one)", () => {
    const missing = sourceFiles("src/sm").filter((f) => {
      if (DECLARATIONS_ONLY.has(f)) return false;
      if (f.startsWith("src/sm/schedulers/")) return !statSync(SHARED_TEST, { throwIfNoEntry: false });
      return !statSync(f.replace(/\.ts$/, ".test.ts"), { throwIfNoEntry: false });
    });
    expect(missing).toEqual([]);
  });

  it("the declaration-only files declare and nothing else (no class or function)", () => {
    for (const f of DECLARATIONS_ONLY) expect(readFileSync(f, "utf8")).not.toMatch(/^export (class|function)\b/m);
  });

  it("no file of src/sm/ is over 300 lines", () => {
    const long = sourceFiles("src/sm")
      .map((f) => [f, readFileSync(f, "utf8").split("\n").length - 1] as const)
      .filter(([, lines]) => lines > 300);
    expect(long).toEqual([]);
  });
});
