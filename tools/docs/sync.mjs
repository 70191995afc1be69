// Keeps every number and figure in README.md and docs/ true: each is produced by running
// warpsim, here. `node tools/docs/sync.mjs` rewrites them; `--check` (run by the test suite,
// so by CI) fails, naming each stale block or file, when a committed one differs from a run.
//
// In a markdown file, a block between
//   <!-- generated: warpsim ARGS... -->   or   <!-- generated: script NAME -->
//   ...
//   <!-- /generated -->
// holds the command's standard output in a code fence, or the markdown of script NAME
// (tools/docs/blocks.mjs). Figures are the files FIGURES' commands write. `--only TEXT` takes
// just the blocks and figures whose command contains TEXT; WARPSIM_DOCS_TIMING=1 prints each
// one's seconds (the docs test runs them all, and CI's time is mostly theirs).
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../../dist/cli/main.js";
import { BLOCKS } from "./blocks.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Commands that write figures into {dir}; the files they write are committed under docs/figures. */
const FIGURES = [
  {
    args: ["sweep", "scenarios/sweep-ilp-warps.yaml", "--jobs", "1", "--chart", "{dir}", "--out", "{dir}/sweep-ilp-warps.csv"],
    files: ["sweep-ilp-warps.csv", "utilization-vs-warps.svg", "utilization-vs-warps.vl.json", "heatmap.svg", "heatmap.vl.json", "stalls.svg", "stalls.vl.json"],
  },
  {
    args: ["validate", "--family", "sass", "--chart", "{dir}"],
    files: ["validation-sass.svg", "validation-sass.vl.json"],
  },
  {
    args: ["validate", "--family", "micro", "--chart", "{dir}"],
    files: ["validation-fma.svg", "validation-fma.vl.json", "validation-dram.svg", "validation-dram.vl.json", "validation-l2.svg", "validation-l2.vl.json"],
  },
];

const BLOCK = /(<!-- generated: (.+?) -->\n)([\s\S]*?)(<!-- \/generated -->)/g;

/** Outputs of commands already run in this process: a run is deterministic, and several blocks ask for the same one. */
const outputs = new Map();

/** Runs `warpsim ...args` in this process (paths relative to the repository root); returns its stdout. */
export async function warpsim(args) {
  const key = JSON.stringify(args);
  // Commands that write files (--chart, --out) always run.
  const writes = args.includes("--chart") || args.includes("--out");
  if (!writes && outputs.has(key)) return outputs.get(key);
  const out = await run(args);
  outputs.set(key, out);
  return out;
}

async function run(args) {
  let stdout = "";
  let stderr = "";
  const code = await main(["node", "warpsim", ...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), isTty: false });
  if (code !== 0) throw new Error(`warpsim ${args.join(" ")} exited ${code}: ${stderr}`);
  return stdout;
}

/** With WARPSIM_DOCS_TIMING=1, each block's and figure's seconds go to stderr (to find the slow ones). */
const TIMING = process.env.WARPSIM_DOCS_TIMING === "1";

async function render(command) {
  if (!TIMING) return renderBlock(command);
  const start = performance.now();
  const out = await renderBlock(command);
  process.stderr.write(`${((performance.now() - start) / 1000).toFixed(1).padStart(7)} s  ${command}\n`);
  return out;
}

async function renderBlock(command) {
  const [kind, ...rest] = command.trim().split(/\s+/);
  if (kind === "warpsim") return "```\n" + (await warpsim(rest)) + "```\n";
  if (kind === "script" && BLOCKS[rest[0]] !== undefined) return BLOCKS[rest[0]](warpsim);
  throw new Error(`unknown generated block "${command}" (expected "warpsim ARGS" or "script NAME" of tools/docs/blocks.mjs)`);
}

function markdownFiles() {
  return ["README.md", ...readdirSync(join(ROOT, "docs"), { recursive: true }).filter((f) => String(f).endsWith(".md")).map((f) => join("docs", String(f)))];
}

/** Regenerates (check = false) or compares (check = true); returns the stale blocks and files. */
export async function sync({ check, only }) {
  if (process.cwd() !== ROOT.replace(/\/$/, "")) throw new Error(`run from the repository root (${ROOT})`);
  const stale = [];
  for (const file of markdownFiles()) {
    const text = readFileSync(join(ROOT, file), "utf8");
    let out = "";
    let last = 0;
    for (const m of text.matchAll(BLOCK)) {
      if (only !== undefined && !m[2].includes(only)) continue;
      const fresh = await render(m[2]);
      if (fresh !== m[3]) stale.push(`${file}: <!-- generated: ${m[2]} -->`);
      out += text.slice(last, m.index) + m[1] + fresh + m[4];
      last = m.index + m[0].length;
    }
    out += text.slice(last);
    if (!check && out !== text) writeFileSync(join(ROOT, file), out);
  }
  for (const figure of FIGURES) {
    if (only !== undefined && !figure.args.join(" ").includes(only)) continue;
    const dir = check ? mkdtempSync(join(tmpdir(), "warpsim-figures-")) : join(ROOT, "docs/figures");
    const start = performance.now();
    await warpsim(figure.args.map((a) => a.replace("{dir}", dir)));
    if (TIMING) process.stderr.write(`${((performance.now() - start) / 1000).toFixed(1).padStart(7)} s  figures: warpsim ${figure.args.join(" ")}\n`);
    if (!check) continue;
    for (const f of figure.files) {
      if (readFileSync(join(dir, f), "utf8") !== readFileSync(join(ROOT, "docs/figures", f), "utf8")) stale.push(`docs/figures/${f} (from warpsim ${figure.args.join(" ")})`);
    }
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  const check = process.argv.includes("--check");
  // --only TEXT: just the blocks (and figures) whose command contains TEXT, to refresh one quickly.
  const at = process.argv.indexOf("--only");
  const only = at > 0 ? process.argv[at + 1] : undefined;
  const stale = await sync({ check, only });
  if (check && stale.length > 0) {
    console.error(`stale (run node tools/docs/sync.mjs to regenerate):\n  ${stale.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.error(check ? "docs are up to date" : `regenerated${stale.length ? `: ${stale.length} block(s) or file(s) changed` : ""}`);
  }
}
