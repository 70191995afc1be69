/// <reference lib="dom" />
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScenario } from "../../src/scenario/parse-scenario.js";
import { simulate } from "../../src/run/simulate.js";
import { DEFAULT_PARAMS, scenarioYaml, type PlaygroundParams } from "../../web/scenario.js";

/**
 * The playground end to end in Debian's Chromium (playwright-core, no browser download): the
 * page's numbers must equal the command line's for the same scenario, keyboard and URL included.
 */
const CHROMIUM = "/usr/bin/chromium";
const OUT = "dist-web";
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const expectedIssue = (p: PlaygroundParams) => pct(simulate(parseScenario(scenarioYaml(p), "playground.yaml")).sm.issueActive);

let server: Server;
let browser: Browser;
let base: string;

beforeAll(async () => {
  await build({ configFile: "web/vite.config.ts", logLevel: "silent" });
  server = createServer((req, res) => {
    const path = normalize(join(OUT, decodeURIComponent((req.url ?? "/").split("?")[0]).replace(/^\/$/, "/index.html")));
    if (!path.startsWith(OUT) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(readFileSync(path));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

async function metric(page: Page, expected: string): Promise<string> {
  await page.waitForFunction((want) => document.getElementById("metric-issue-active")?.textContent === want, expected, { timeout: 30_000 });
  return (await page.textContent("#metric-issue-active")) ?? "";
}

describe("the playground in a browser", () => {
  it("shows the command line's issue utilization for the default scenario", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    expect(await metric(page, expectedIssue(DEFAULT_PARAMS))).toBe(expectedIssue(DEFAULT_PARAMS));
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
});
