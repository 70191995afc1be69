// The README's screenshot of the playground: `npm run docs:screenshot` (builds the site, opens
// it in Debian's Chromium at 1,280 px, runs the sweep, saves docs/figures/playground.png).
import { chromium } from "playwright-core";
import { build } from "vite";
import { CHROMIUM, serve } from "./serve.mjs";

export async function screenshot(file) {
  await build({ configFile: "web/vite.config.ts", logLevel: "silent" });
  const site = await serve();
  if (CHROMIUM === undefined) throw new Error("no Chromium at /usr/bin/chromium (or WARPSIM_CHROMIUM): apt-get install chromium");
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1200 } });
    await page.goto(`${site.url}?warps=6&ilp=2`);
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.startsWith("Completed"));
    await page.click("#sweep-run");
    await page.waitForFunction(() => document.getElementById("sweep-status")?.textContent?.startsWith("Done"), undefined, { timeout: 120_000 });
    await page.waitForFunction(() => document.getElementById("sweep-chart")?.dataset.points === "64", undefined, { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await browser.close();
    site.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await screenshot(process.argv[2] ?? "docs/figures/playground.png");
