// Serves dist-web/ on a free localhost port (for the screenshot and the browser benchmark).
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

export async function serve(root = "dist-web") {
  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent((req.url ?? "/").split("?")[0]).replace(/^\/$/, "/index.html")));
    if (!path.startsWith(root) || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(readFileSync(path));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/**
 * Debian's Chromium, which the browser tests, the screenshot and the browser benchmark drive
 * (never a browser download): WARPSIM_CHROMIUM if set, else the first of the usual paths that
 * exists; undefined when there is none (the tests then say they are skipped, and why).
 */
export const CHROMIUM = (process.env.WARPSIM_CHROMIUM !== undefined ? [process.env.WARPSIM_CHROMIUM] : ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium"]).find((p) => existsSync(p));
