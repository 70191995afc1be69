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
// one's seconds (the docs test runs them all, and CI's time is mostly theirs). `--jobs N` (default:
// the cores, at most 4) renders the distinct commands in N worker threads, the slow ones first;
// the files come out the same whatever N.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
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
  if (writes) return run(args);
  if (!outputs.has(key)) outputs.set(key, isMainThread ? run(args) : sharedRun(key, args));
  return outputs.get(key);
}

/**
 * In a worker thread: the output of a command another thread may already run (several blocks of
 * different threads ask for the same validate family; the main thread keeps one memo for all).
 * Commands never call each other, so a thread waiting on another's run cannot deadlock.
 */
async function sharedRun(key, args) {
  const reply = await ask({ need: key });
  if (reply.error !== undefined) throw new Error(reply.error);
  if (reply.out !== undefined) return reply.out;
  try {
    const out = await run(args);
    parentPort.postMessage({ done: key, out });
    return out;
  } catch (e) {
    parentPort.postMessage({ done: key, error: e instanceof Error ? e.message : String(e) });
    throw e;
  }
}

let asked = 0;
const answers = new Map();
/** A question to the main thread, answered by a message with the same id. */
function ask(message) {
  const id = ++asked;
  return new Promise((resolve) => {
    answers.set(id, resolve);
    parentPort.postMessage({ ...message, id });
  });
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
export async function sync({ check, only, jobs = 1 }) {
  if (process.cwd() !== ROOT.replace(/\/$/, "")) throw new Error(`run from the repository root (${ROOT})`);
  const files = markdownFiles().map((file) => ({ file, text: readFileSync(join(ROOT, file), "utf8") }));
  const wanted = (command) => only === undefined || command.includes(only);
  const commands = [...new Set(files.flatMap(({ text }) => [...text.matchAll(BLOCK)].map((m) => m[2])).filter(wanted))];
  const figures = FIGURES.filter((f) => wanted(f.args.join(" "))).map((f) => ({ ...f, dir: check ? mkdtempSync(join(tmpdir(), "warpsim-figures-")) : join(ROOT, "docs/figures") }));
  // The gallery (tools/gallery/build.mjs) is checked here too, so that its runs share the memo
  // (its async family is the docs' own); it is rewritten by its own script, not by this one.
  const gallery = check && only === undefined ? [{ gallery: true }] : [];
  const tasks = [...commands.map((command) => ({ command })), ...figures.map((f) => ({ figure: f.args.map((a) => a.replace("{dir}", f.dir)) })), ...gallery];
  const results = jobs > 1 ? await inWorkers(tasks, jobs) : await inOrder(tasks);
  const stale = gallery.length > 0 ? results[tasks.length - 1].map((f) => `${f} (node tools/gallery/build.mjs regenerates it)`) : [];
  for (const { file, text } of files) {
    let out = "";
    let last = 0;
    for (const m of text.matchAll(BLOCK)) {
      if (!wanted(m[2])) continue;
      const fresh = results[commands.indexOf(m[2])];
      if (fresh !== m[3]) stale.push(`${file}: <!-- generated: ${m[2]} -->`);
      out += text.slice(last, m.index) + m[1] + fresh + m[4];
      last = m.index + m[0].length;
    }
    out += text.slice(last);
    if (!check && out !== text) writeFileSync(join(ROOT, file), out);
  }
  for (const figure of check ? figures : []) {
    for (const f of figure.files) {
      if (readFileSync(join(figure.dir, f), "utf8") !== readFileSync(join(ROOT, "docs/figures", f), "utf8")) stale.push(`docs/figures/${f} (from warpsim ${figure.args.join(" ")})`);
    }
  }
  return stale;
}

/** A block's markdown, a figure's run (its files written; ""), or the gallery's stale files. */
async function perform(task) {
  if (task.command !== undefined) return render(task.command);
  if (task.gallery) {
    const { galleryStale } = await import("../gallery/build.mjs");
    return (await galleryStale()).stale;
  }
  const start = performance.now();
  await warpsim(task.figure);
  if (TIMING) process.stderr.write(`${((performance.now() - start) / 1000).toFixed(1).padStart(7)} s  figures: warpsim ${task.figure.join(" ")}\n`);
  return "";
}

/** The tasks' results, one after another in this thread (commands' outputs shared through warpsim's memo). */
async function inOrder(tasks) {
  const results = [];
  for (const task of tasks) results.push(await perform(task));
  return results;
}

/** Whether a task is one of the slow ones (a family's validation, a probe table), to start first. */
const slow = (task) => task.gallery === true || (task.command !== undefined && /validate|family|families|summary|corpus|probes|coverage|--args/.test(task.command));

/**
 * The tasks' results from `jobs` worker threads, each taking the next task when it is done (the
 * slow ones first, so that none is left to run alone at the end). The threads share one memo of
 * commands' outputs, kept here: the first thread to need a command runs it, the others wait.
 */
async function inWorkers(tasks, jobs) {
  const order = tasks.map((_, i) => i).sort((a, b) => Number(slow(tasks[b])) - Number(slow(tasks[a])));
  const results = new Array(tasks.length);
  /** key -> { out } once run, or { waiting: [reply functions] } while a thread runs it. */
  const memo = new Map();
  const answerMemo = (worker, { need, id }) => {
    const entry = memo.get(need);
    const reply = (answer) => worker.postMessage({ id, ...answer });
    if (entry === undefined) {
      memo.set(need, { waiting: [] });
      reply({ run: true });
    } else if (entry.waiting !== undefined) entry.waiting.push(reply);
    else reply(entry.error !== undefined ? { error: entry.error } : { out: entry.out });
  };
  const recordRun = ({ done, out, error }) => {
    const waiting = memo.get(done)?.waiting ?? [];
    memo.set(done, { out, error });
    for (const reply of waiting) reply(error !== undefined ? { error } : { out });
  };
  const workers = Array.from({ length: Math.min(jobs, tasks.length) }, () => new Worker(new URL(import.meta.url), { workerData: { role: "render" } }));
  try {
    await Promise.all(
      workers.map(async (worker) => {
        worker.on("message", (m) => {
          if (m.need !== undefined) answerMemo(worker, m);
          else if (m.done !== undefined) recordRun(m);
        });
        for (let next = order.shift(); next !== undefined; next = order.shift()) {
          const reply = await new Promise((resolve, reject) => {
            const onMessage = (m) => {
              if (m.need !== undefined || m.done !== undefined) return;
              worker.off("message", onMessage);
              resolve(m);
            };
            worker.on("message", onMessage);
            worker.once("error", reject);
            worker.postMessage({ task: tasks[next] });
          });
          worker.removeAllListeners("error");
          if (reply.error !== undefined) throw new Error(reply.error);
          results[next] = reply.result;
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

// A worker thread of inWorkers: performs each task it is sent, and takes the main thread's
// answers about shared commands.
if (!isMainThread && workerData?.role === "render") {
  parentPort.on("message", async (message) => {
    if (message.id !== undefined) {
      const resolve = answers.get(message.id);
      answers.delete(message.id);
      return resolve(message);
    }
    try {
      parentPort.postMessage({ result: await perform(message.task) });
    } catch (e) {
      parentPort.postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  });
}

if (isMainThread && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  const check = process.argv.includes("--check");
  // --only TEXT: just the blocks (and figures) whose command contains TEXT, to refresh one quickly.
  const at = process.argv.indexOf("--only");
  const only = at > 0 ? process.argv[at + 1] : undefined;
  const j = process.argv.indexOf("--jobs");
  const jobs = j > 0 ? Number(process.argv[j + 1]) : Math.min(4, availableParallelism());
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs: expected a whole number of worker threads, 1 or more; found "${process.argv[j + 1]}"`);
  const stale = await sync({ check, only, jobs });
  if (check && stale.length > 0) {
    console.error(`stale (run node tools/docs/sync.mjs to regenerate):\n  ${stale.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.error(check ? "docs are up to date" : `regenerated${stale.length ? `: ${stale.length} block(s) or file(s) changed` : ""}`);
  }
}
