/// <reference lib="dom" />
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScenario } from "../../src/scenario/parse-scenario.js";
import { loadScenario } from "../../src/scenario/load.js";
import { formatCsv } from "../../src/report/csv.js";
import { simulate } from "../../src/run/simulate.js";
import { explain } from "../../src/run/explain.js";
import { utilizationChart } from "../../src/report/chart-specs.js";
import { DEFAULT_PARAMS, scenarioYaml, type PlaygroundParams } from "../../web/scenario.js";

/**
 * The playground end to end in Debian's Chromium (playwright-core, no browser download): the
 * page's numbers must equal the command line's for the same scenario, keyboard and URL included.
 */
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const expectedIssue = (p: PlaygroundParams) => pct(simulate(parseScenario(scenarioYaml(p), "playground.yaml")).sm.issueActive);

/** tools/web/serve.mjs, as the screenshot and the browser benchmark use it. */
interface Site {
  url: string;
  close: () => void;
}
let site: Site;
let browser: Browser;
let base: string;

const tools = "../../tools/web/serve.mjs";
const { serve, CHROMIUM } = (await import(tools)) as { serve: () => Promise<Site>; CHROMIUM: string | undefined };
// Without Debian's Chromium the suite is skipped, and says so; CI (.ci/run) installs it and sets
// WARPSIM_REQUIRE_BROWSER=1, so there a missing browser fails instead of skipping.
if (CHROMIUM === undefined) {
  const why = "no Chromium at /usr/bin/chromium (or WARPSIM_CHROMIUM): install Debian's (apt-get install chromium) to run the playground's browser tests";
  if (process.env.WARPSIM_REQUIRE_BROWSER === "1") throw new Error(`${why}; WARPSIM_REQUIRE_BROWSER=1 requires them`);
  console.warn(`test/web/playground.test.ts skipped: ${why}.`);
}

beforeAll(async () => {
  if (CHROMIUM === undefined) return;
  await build({ configFile: "web/vite.config.ts", logLevel: "silent" });
  site = await serve();
  base = site.url;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  site?.close();
});

/** Runs the playground's sweep and waits until its 64th point is drawn. */
async function sweepDone(page: Page): Promise<void> {
  await page.click("#sweep-run");
  await page.waitForFunction(() => document.getElementById("sweep-status")?.textContent?.startsWith("Done: 64 points"), undefined, { timeout: 60_000 });
  await page.waitForFunction(() => document.getElementById("sweep-chart")?.dataset.points === "64", undefined, { timeout: 30_000 });
}

async function metric(page: Page, expected: string): Promise<string> {
  await page.waitForFunction((want) => document.getElementById("metric-issue-active")?.textContent === want, expected, { timeout: 30_000 });
  return (await page.textContent("#metric-issue-active")) ?? "";
}

describe.skipIf(CHROMIUM === undefined)("the playground in a browser", () => {
  it("shows the command line's issue utilization for the default scenario", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    expect(await metric(page, expectedIssue(DEFAULT_PARAMS))).toBe(expectedIssue(DEFAULT_PARAMS));
    // The CSV offered for download is the command line's tidy CSV, byte for byte.
    const href = (await page.getAttribute("#download-csv", "href")) ?? "";
    const cliCsv = formatCsv(simulate(parseScenario(scenarioYaml(DEFAULT_PARAMS), "playground.yaml")));
    expect(decodeURIComponent(href.replace(/^data:text\/csv;charset=utf-8,/, ""))).toBe(cliCsv);
    await page.close();
  }, 60_000);

  it("moves with the keyboard, and the URL reproduces the settings", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    await page.focus("#warps");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    const eight = { ...DEFAULT_PARAMS, warps: 8 };
    expect(await metric(page, expectedIssue(eight))).toBe(expectedIssue(eight));
    expect(page.url()).toContain("warps=8");
    const again = await browser.newPage();
    await again.goto(page.url());
    expect(await again.inputValue("#warps")).toBe("8");
    expect(await metric(again, expectedIssue(eight))).toBe(expectedIssue(eight));
    await again.close();
    await page.close();
  }, 60_000);

  it("on a phone the result starts on the first screen, not two screens below the controls (issue 33)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(base);
    await page.waitForFunction(() => document.getElementById("metric-issue-active") !== null, undefined, { timeout: 30_000 });
    const top = await page.evaluate(() => document.getElementById("status")!.getBoundingClientRect().top);
    expect(top).toBeLessThan(844);
    await page.close();
  }, 60_000);

  it("renders something: a screenshot at 1,280 px and at phone width is not blank", async () => {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(base);
      await metric(page, expectedIssue(DEFAULT_PARAMS));
      const png = await page.screenshot({ fullPage: true });
      // A blank page compresses to a few kilobytes; text, tables and controls do not.
      expect(png.length).toBeGreaterThan(30_000);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.close();
    }
  }, 60_000);

  it("draws load latencies from the chosen distribution, as the command line does", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    await page.selectOption("#ldist", "exponential");
    const exponential = { ...DEFAULT_PARAMS, ldist: "exponential" as const };
    expect(await metric(page, expectedIssue(exponential))).toBe(expectedIssue(exponential));
    expect(page.url()).toContain("ldist=exponential");
    await page.close();
  }, 60_000);

  it("runs a one-click example from its SASS with the command line's numbers", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    await page.click("#custom summary");
    await page.click("text=A real kernel from its SASS (ldg_imad)");
    const expected = pct(simulate(loadScenario("scenarios/sass-ldg-imad.yaml")).sm.issueActive);
    expect(await metric(page, expected)).toBe(expected);
    await page.close();
  }, 60_000);

  it("an example's URL reproduces it; while it is shown the sliders are marked inactive and the sweep says it does not apply (issue 33)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}?warps=3`);
    await page.click("#custom summary");
    await page.click("text=A real kernel from its SASS (ldg_imad)");
    const expected = pct(simulate(loadScenario("scenarios/sass-ldg-imad.yaml")).sm.issueActive);
    expect(await metric(page, expected)).toBe(expected);
    expect(page.url()).toMatch(/#example=\d+$/);
    expect(await page.locator("#controls.inactive").count()).toBe(1);
    expect(await page.locator("#sweep-run").isDisabled()).toBe(true);
    expect(await page.locator("#sweep-note").isVisible()).toBe(true);
    // Reloaded, the link runs the example again, not the sliders' default.
    const shared = await browser.newPage();
    await shared.goto(page.url());
    expect(await metric(shared, expected)).toBe(expected);
    await shared.close();
    // Back to the sliders: active again, and the sweep too.
    await page.click("#custom-back");
    await page.waitForFunction(() => !document.getElementById("controls")!.classList.contains("inactive"));
    expect(await page.locator("#sweep-run").isDisabled()).toBe(false);
    await page.close();
  }, 60_000);

  it("a scenario error replaces the result instead of sitting above the previous one (issue 33)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    await page.waitForFunction(() => document.getElementById("metric-issue-active") !== null, undefined, { timeout: 30_000 });
    await page.click("#custom summary");
    await page.fill("#custom-yaml", "arch: sm_90\nlaunch: { threadsPerBlock: 0 }\nprogram: |\n  EXIT\n");
    await page.click("#custom-run");
    await page.waitForFunction(() => document.getElementById("status")?.classList.contains("error"), undefined, { timeout: 30_000 });
    expect(await page.locator("#status").textContent()).toContain("threadsPerBlock");
    expect(await page.locator("#metric-issue-active").count()).toBe(0);
    expect(await page.locator("#stalls tbody tr").count()).toBe(0);
    await page.close();
  }, 60_000);

  it("runs a pasted scenario", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    await page.click("#custom summary");
    await page.fill("#custom-yaml", readFileSync("scenarios/single-warp-807.yaml", "utf8"));
    await page.click("#custom-run");
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.includes("807 cycles"), undefined, { timeout: 30_000 });
    // The URL carries the pasted scenario: opened elsewhere, it runs the same.
    expect(page.url()).toContain("#yaml=");
    const shared = await browser.newPage();
    await shared.goto(page.url());
    await shared.waitForFunction(() => document.getElementById("status")?.textContent?.includes("807 cycles"), undefined, { timeout: 30_000 });
    await shared.close();
    // A pasted scenario with a mistake gets warpsim's message, not a blank page.
    await page.fill("#custom-yaml", "launch: { threadsPerBlock: 0 }\nprogram: EXIT");
    await page.click("#custom-run");
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.includes("threadsPerBlock"), undefined, { timeout: 30_000 });
    await page.close();
  }, 60_000);

  it("runs a pasted listing from its arguments and grid, as run --sass --grid --block --args does (issue 28)", async () => {
    const yaml = 'launch: { threadsPerBlock: 256, registersPerThread: 24 }\nprogram: { sass: kernels.sass, kernel: tail_stride, args: ["ptr:4MiB", "i32:200003"], grid: [264] }\n';
    const listing = readFileSync("validation/exec/kernels.sass", "utf8");
    // The command line's run of the same launch (each warp following its own path, memory from its addresses).
    const cycles = simulate(parseScenario(yaml, "playground.yaml", [], { readFile: (path) => ({ file: path, text: listing }) })).cycles;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    await page.click("#custom summary");
    await page.fill("#custom-yaml", yaml);
    await page.fill("#custom-sass", listing);
    await page.click("#custom-run");
    // The status line writes 2,891 cycles.
    await page.waitForFunction((want) => document.getElementById("status")?.textContent?.includes(`Completed in ${want} cycles`), cycles.toLocaleString("en-US"), { timeout: 60_000 });
    await page.close();
  }, 120_000);

  it("shows the occupancy limiter live, draws the warp-state timeline, and sweeps with Little's-law bounds", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}?regs=255`);
    // 128-thread blocks of 255 registers a thread (256 allocated): 32,768 registers, 2 per SM.
    await page.waitForFunction(() => document.getElementById("metric-limiter")?.textContent === "2 (registers)", undefined, { timeout: 30_000 });
    const painted = await page.evaluate(() => {
      const c = document.getElementById("timeline") as HTMLCanvasElement;
      const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (!(d[i] === 0xfa && d[i + 1] === 0xfa && d[i + 2] === 0xfa)) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(1000);
    await sweepDone(page);
    // Vega draws a path per ILP and kind: four simulated lines, four Little's-law bounds.
    expect(await page.locator("#sweep-chart svg g.mark-line path").count()).toBe(8);

    await page.close();
  }, 90_000);

  it("draws the sweep with the command line's chart (issue 33): the same Vega-Lite spec, its legend beside the plot", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    await sweepDone(page);
    const href = (await page.locator("#sweep-spec").getAttribute("href"))!;
    const pageSpec = JSON.parse(decodeURIComponent(href.slice(href.indexOf(",") + 1)));
    // The CLI's chart of the same 64 runs, made here in Node from rows as `warpsim sweep` writes them.
    const rows = [1, 2, 4, 8].flatMap((ilp) =>
      Array.from({ length: 16 }, (_, i) => ({ "program.ilp": ilp, warps_per_scheduler: i + 1, issue_active: simulate(parseScenario(scenarioYaml({ ...DEFAULT_PARAMS, ilp, warps: i + 1 }), "playground.yaml")).sm.issueActive })),
    );
    expect(pageSpec).toEqual(JSON.parse(JSON.stringify(utilizationChart(rows, "program.ilp", "issue utilization vs resident warps").spec)));
    const boxes = await page.evaluate(() => {
      const box = (e: Element) => e.getBoundingClientRect();
      const legend = box(document.querySelector("#sweep-chart svg g.role-legend")!);
      const lines = Array.from(document.querySelectorAll("#sweep-chart svg g.mark-line path")).map(box);
      return { legend: { left: legend.left, right: legend.right }, lineRight: Math.max(...lines.map((b) => b.right)) };
    });
    // The legend sits right of every line: it can cover none.
    expect(boxes.legend.left).toBeGreaterThan(boxes.lineRight);
    await page.close();
  }, 120_000);

  it("the sweep chart's text keeps its size on a phone (issue 33: the hand-drawn chart's was about 6 px at 390 px wide)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(base);
    await sweepDone(page);
    const smallest = await page.evaluate(() => {
      const svg = document.querySelector("#sweep-chart svg") as SVGSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.width.baseVal.value;
      const sizes = Array.from(svg.querySelectorAll("text")).map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
      return { smallest: Math.min(...sizes), overflow: document.documentElement.scrollWidth - window.innerWidth };
    });
    // Vega's smallest labels are 10 px; drawn for the phone's width, nothing scales them down.
    expect(smallest.smallest).toBeGreaterThanOrEqual(10);
    expect(smallest.overflow).toBeLessThanOrEqual(0);
    await page.close();
  }, 90_000);

  it("states Little's law as warpsim explain does: the same lone warp's rate, the same bound (issue 33)", async () => {
    const params: PlaygroundParams = { ...DEFAULT_PARAMS, warps: 8, ilp: 4 };
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}?warps=8&ilp=4`);
    await page.waitForFunction(() => document.getElementById("little")?.textContent?.startsWith("Little's law"), undefined, { timeout: 30_000 });
    const text = (await page.locator("#little").textContent())!;
    await page.close();
    const scenario = parseScenario(scenarioYaml(params), "playground.yaml");
    const lone = explain(scenario).loneWarp as { issueRate: number; cyclesPerInstruction: number };
    expect(text).toContain(`one warp alone issues every ${lone.cyclesPerInstruction.toFixed(1)} cycles`);
    // 8 resident warps per scheduler (two blocks of 128 threads fit 8 times over): 8 x r1.
    expect(text).toContain(`at most ${pct(Math.min(1, 8 * lone.issueRate))} of the time`);
  }, 60_000);

  it("retakes the README's screenshot with the script that made it (npm run docs:screenshot)", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const file = join(mkdtempSync(join(tmpdir(), "warpsim-shot-")), "playground.png");
    const script = "../../tools/web/screenshot.mjs";
    const { screenshot } = (await import(script)) as { screenshot: (file: string) => Promise<void> };
    await screenshot(file);
    const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
    const [width, height] = size(readFileSync(file));
    const [committedWidth, committedHeight] = size(readFileSync("docs/figures/playground.png"));
    expect(width).toBe(committedWidth);
    // The page's length moves a little with the numbers; a different layout moves it a lot.
    expect(Math.abs(height - committedHeight)).toBeLessThan(200);
  }, 180_000);
});
