/**
 * A chart's SVG as PNG or PDF, without a browser. PNG: resvg (a Rust SVG renderer, shipped
 * prebuilt in its npm package), with the machine's fonts. PDF: PDFKit drawing the SVG's shapes
 * and text as vectors (svg-to-pdfkit), one page the chart's size, 1 SVG pixel = 1 point; text is
 * set in the PDF's standard fonts (Helvetica for sans-serif families, Times for serif, Courier
 * for monospace), so the file needs no font embedded and opens anywhere. Both libraries load
 * only when a chart is written in their format.
 */

/** The SVG's own size, as Vega writes it on the root element. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const width = Number(/\bwidth="([\d.]+)"/.exec(root)?.[1]);
  const height = Number(/\bheight="([\d.]+)"/.exec(root)?.[1]);
  if (!(width > 0 && height > 0)) throw new Error(`a chart's SVG has no size on its root element: ${root.slice(0, 120)}`);
  return { width, height };
}

/** PNG of an SVG at `scale` pixels per SVG pixel, on white. */
export async function svgToPng(svg: string, scale: number, font?: string): Promise<Buffer> {
  const { Resvg } = await import("@resvg/resvg-js");
  const font_ = { loadSystemFonts: true, ...(font !== undefined ? { defaultFontFamily: font } : {}) };
  return new Resvg(svg, { fitTo: { mode: "zoom", value: scale }, background: "white", font: font_ }).render().asPng();
}

/**
 * A dash pattern whose gaps are all 0 is a solid line (Vega-Lite's strokeDash [1, 0], the
 * "simulated" lines); PDFKit refuses zero lengths, so such patterns are dropped.
 */
export function solidDashesDropped(svg: string): string {
  return svg.replace(/\sstroke-dasharray="([^"]*)"/g, (attr, list: string) => {
    const given = list.split(/[\s,]+/).filter((x) => x !== "").map(Number);
    // An odd-length list repeats (SVG): "5" is 5 on, 5 off.
    const v = given.length % 2 === 1 ? [...given, ...given] : given;
    return v.length > 0 && v.every((x, i) => i % 2 === 0 || x === 0) ? "" : attr;
  });
}

/**
 * The PDF standard font for an SVG font family: Courier for monospace families, Times for serif
 * ones (a family naming serif, Times, Georgia, Garamond or Cambria, not sans-serif), else
 * Helvetica; bold and italic as asked. (svg-to-pdfkit's own choice knows only the generic names.)
 */
export function standardFont(family: string, bold: boolean, italic: boolean): string {
  const f = family.toLowerCase();
  const kind = /mono|courier|consolas|menlo/.test(f) ? "Courier" : /sans/.test(f) ? "Helvetica" : /serif|times|georgia|garamond|cambria/.test(f) ? "Times" : "Helvetica";
  if (kind === "Times") return bold && italic ? "Times-BoldItalic" : bold ? "Times-Bold" : italic ? "Times-Italic" : "Times-Roman";
  return bold && italic ? `${kind}-BoldOblique` : bold ? `${kind}-Bold` : italic ? `${kind}-Oblique` : kind;
}

/** A one-page PDF of an SVG, the page the chart's size. */
export async function svgToPdf(svg: string, options: { compress?: boolean } = {}): Promise<Buffer> {
  const [{ default: PDFDocument }, { default: SVGtoPDF }] = await Promise.all([import("pdfkit"), import("svg-to-pdfkit")]);
  const { width, height } = svgSize(svg);
  // A fixed creation date: the same chart gives the same bytes (PDFKit stamps the time otherwise).
  const doc = new PDFDocument({ size: [width, height], margin: 0, compress: options.compress ?? true, info: { CreationDate: new Date(0), Producer: "warpsim", Creator: "warpsim" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  SVGtoPDF(doc, solidDashesDropped(svg), 0, 0, { assumePt: true, fontCallback: (family: string, bold: boolean, italic: boolean) => standardFont(family, bold, italic) });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
