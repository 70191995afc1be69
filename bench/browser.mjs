// The same simulation in the browser (the playground's Web Worker, Debian's Chromium) and in
// Node (in-process, as the worker calls it, with the same timeline hook): medians of 3.
//   npm run build && node bench/browser.mjs
import { performance } from "node:perf_hooks";
import { chromium } from "playwright-core";
import { build } from "vite";
import { parseScenario, simulate } from "../dist/index.js";
import { CHROMIUM, serve } from "../tools/web/serve.mjs";

// About a million cycles: 4 warps per scheduler, one load and 8 FFMAs per trip, 1,600 trips.
const YAML = [
  "name: one-million-cycles",
  "launch: { threadsPerBlock: 128, blocks: 4, registersPerThread: 32 }",
  "memory: { latency: { kind: uniform, min: 400, max: 800 } }",
  "program: { generator: load-compute, ilp: 1, computePerLoad: 8, iterations: 1600 }",
].join("\n");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await build({ configFile: "web/vite.config.ts", logLevel: "silent" });
const site = await serve();
if (CHROMIUM === undefined) throw new Error("no Chromium at /usr/bin/chromium (or WARPSIM_CHROMIUM): apt-get install chromium");
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
const page = await browser.newPage();
await page.goto(site.url);
await page.waitForFunction(() => document.getElementById("status")?.textContent?.startsWith("Completed"));
await page.click("#custom summary");
const inBrowser = [];
let cycles = 0;
for (let i = 0; i < 3; i++) {
  await page.fill("#custom-yaml", YAML + `\nseed: ${i + 1}\n`);
  await page.click("#custom-run");
  await page.waitForFunction((seed) => document.getElementById("yaml")?.textContent?.includes(`seed: ${seed}`) && document.getElementById("status")?.textContent?.startsWith("Completed"), i + 1, { timeout: 300_000 });
  const status = await page.textContent("#status");
  cycles = Number(/in ([\d,]+) cycles/.exec(status)[1].replace(/,/g, ""));
  inBrowser.push(Number(/simulated in (\d+) ms/.exec(status)[1]));
}
await browser.close();
site.close();

const inNode = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const hook = [(c, sp) => void (sp === 0 && c)];
  simulate(parseScenario(YAML + `\nseed: ${i + 1}\n`, "bench.yaml"), { hooks: { issue: [], stateChange: hook } });
  inNode.push(performance.now() - t0);
}
console.log(`${cycles.toLocaleString("en-US")} cycles: browser (Chromium worker) ${median(inBrowser).toFixed(0)} ms, Node ${median(inNode).toFixed(0)} ms (medians of 3; ratio ${(median(inBrowser) / median(inNode)).toFixed(2)})`);
