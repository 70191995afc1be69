import { describe, expect, it } from "vitest";
import { inflateSync } from "node:zlib";
import { solidDashesDropped, standardFont, svgSize, svgToPdf, svgToPng } from "./chart-files.js";
import { renderSvg } from "./chart-render.js";
import { styledSpec } from "./chart-specs.js";
import type { TopLevelSpec } from "vega-lite";

const SPEC = {
  $schema: "https://vega.github.io/schema/vega-lite/v6.json",
  title: "Hello chart",
  width: 300,
  height: 200,
  data: { values: [{ x: 1, y: 2 }, { x: 2, y: 3 }] },
  mark: "line",
  encoding: { x: { field: "x", type: "quantitative" }, y: { field: "y", type: "quantitative" } },
} as TopLevelSpec;

/** The text a PDF shows: svg-to-pdfkit sets each glyph as `<hex> Tj` in the standard fonts' encoding. */
function pdfText(pdf: Buffer): string {
  return [...pdf.toString("latin1").matchAll(/<([0-9a-f]+)> Tj/g)].map((m) => Buffer.from(m[1], "hex").toString("latin1")).join("");
}

describe("charts as PNG and PDF", () => {
  it("a PNG is the SVG's size times the scale, on white", async () => {
    const svg = await renderSvg(SPEC);
    const { width, height } = svgSize(svg);
    const png = await svgToPng(svg, 2);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2 * width, 2 * height]);
    // Decoded: the first pixel (the corner, outside every mark) is opaque white.
    const idat = png.indexOf("IDAT");
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)), { finishFlush: 2 });
    expect([...raw.subarray(1, 5)]).toEqual([255, 255, 255, 255]);
  });

  it("a PDF is one page the chart's size in points, its text the chart's (title, tick labels)", async () => {
    const svg = await renderSvg(SPEC);
    const { width, height } = svgSize(svg);
    const pdf = await svgToPdf(svg, { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(`/MediaBox [0 0 ${width} ${height}]`);
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1);
    const text = pdfText(pdf);
    expect(text).toContain("Hello chart");
    expect(text).toContain("2.5");
  });

  it("the same chart gives the same PDF bytes (no time stamp)", async () => {
    const svg = await renderSvg(SPEC);
    expect((await svgToPdf(svg)).equals(await svgToPdf(svg))).toBe(true);
  });

  it("sets a PDF's text in the standard font of the family's kind", async () => {
    expect(standardFont('"Times New Roman", serif', false, false)).toBe("Times-Roman");
    expect(standardFont("sans-serif", true, false)).toBe("Helvetica-Bold");
    expect(standardFont("DejaVu Sans Mono", false, true)).toBe("Courier-Oblique");
    expect(standardFont("Georgia", true, true)).toBe("Times-BoldItalic");
    const pdf = (await svgToPdf(await renderSvg(SPEC, { font: "Times New Roman" }), { compress: false })).toString("latin1");
    expect(pdf).toContain("/BaseFont /Times-Roman");
    expect(pdf).not.toContain("/BaseFont /Helvetica");
  });

  it("drops only dash patterns that are solid lines (PDFKit refuses a gap of 0)", () => {
    expect(solidDashesDropped('<path stroke-dasharray="1,0" d="M0,0"/>')).toBe('<path d="M0,0"/>');
    expect(solidDashesDropped('<path stroke-dasharray="5,4" d="M0,0"/>')).toBe('<path stroke-dasharray="5,4" d="M0,0"/>');
    expect(solidDashesDropped('<path stroke-dasharray="4 0 2 0"/>')).toBe("<path/>");
    // An odd-length list repeats: "5" is 5 on, 5 off, a dashed line; "0" is no dash at all.
    expect(solidDashesDropped('<path stroke-dasharray="5"/>')).toBe('<path stroke-dasharray="5"/>');
  });

  it("a style sets the plot's size and every label's font", async () => {
    const svg = await renderSvg(SPEC, { width: 500, font: "serif", fontSize: 14 });
    const plain = svgSize(await renderSvg(SPEC));
    // 200 more pixels of plot, the same axes around it (their labels are wider at 14 px).
    expect(svgSize(svg).width - plain.width).toBeGreaterThanOrEqual(200);
    expect(svg).toContain('font-family="serif"');
    expect(svg).toContain('font-size="14px"'); // tick labels
    expect(svg).toContain('font-size="17px"'); // the title, 3 above
    expect(svg).not.toContain('font-size="10px"'); // Vega's default label size is gone
    // A faceted chart takes the size in its inner spec.
    const faceted = styledSpec({ data: SPEC.data, facet: { row: { field: "x" } }, spec: { width: 100, mark: "bar" } } as unknown as TopLevelSpec, { width: 250 }) as unknown as { width?: number; spec: { width: number } };
    expect(faceted.spec.width).toBe(250);
    expect(faceted.width).toBeUndefined();
  });
});
