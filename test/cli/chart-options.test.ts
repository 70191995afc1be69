import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, scratchDir } from "./cli-helper.js";

/** Issue 33, charts for papers: --chart writes PNG and PDF besides SVG, in a size and font. */
describe("--chart-format, --chart-width, --chart-font", () => {
  it("sweep --chart writes each chart in each format asked, the spec in the style drawn", async () => {
    const dir = scratchDir();
    const r = await cli("sweep", "scenarios/latency-hiding/ilp1-w1.yaml", "--vary", "launch.blocks=1,2", "--chart", dir, "--chart-format", "pdf,png", "--chart-width", "500", "--chart-font", "serif", "--chart-font-size", "14", "--png-scale", "1");
    expect(r.code).toBe(0);
    for (const name of ["utilization-vs-warps", "stalls"]) {
      expect(readFileSync(join(dir, `${name}.pdf`)).subarray(0, 5).toString()).toBe("%PDF-");
      expect(readFileSync(join(dir, `${name}.png`)).subarray(1, 4).toString()).toBe("PNG");
      expect(existsSync(join(dir, `${name}.svg`))).toBe(false);
    }
    const spec = JSON.parse(readFileSync(join(dir, "utilization-vs-warps.vl.json"), "utf8"));
    expect(spec.width).toBe(500);
    expect(spec.config.font).toBe("serif");
    expect(spec.config.axis.labelFontSize).toBe(14);
    expect(r.stderr).toContain(`${join(dir, "stalls.pdf")}`);
  }, 60_000);

  it("a style without --chart, an unknown format, a font size of 0: exit 1, the flag named", async () => {
    const noChart = await cli("run", "scenarios/single-warp-807.yaml", "--chart-format", "png");
    expect(noChart.code).toBe(1);
    expect(noChart.stderr).toContain("--chart-format says how --chart draws: give --chart DIR too.");
    const gif = await cli("run", "scenarios/single-warp-807.yaml", "--chart", scratchDir(), "--chart-format", "svg,gif");
    expect(gif.code).toBe(1);
    expect(gif.stderr).toContain('expected a comma-separated list of svg, png, pdf, found "gif" in "svg,gif"');
    const size = await cli("occupancy", "--chart", scratchDir(), "--chart-font-size", "0");
    expect(size.code).toBe(1);
    expect(size.stderr).toContain("--chart-font-size");
  });
});
