import { latencyBound } from "../src/stats/little.js";

export interface SweepPoint {
  readonly ilp: number;
  readonly warps: number;
  readonly issueActive: number;
}

const COLORS = ["#4c78a8", "#f58518", "#54a24b", "#b279a2"];
const W = 560;
const H = 300;
const PAD = { left: 48, right: 16, top: 16, bottom: 40 };

/**
 * Issue utilization against warps per scheduler, one line per ILP, drawn from the points that
 * have arrived so far, with Little's-law bounds dashed in the same colours (src/stats/little.ts:
 * min(1, W x r1), r1 each ILP's issue at one warp per scheduler, as the CLI's sweep chart takes
 * it). Plain SVG text, so the page can also offer it as a file.
 */
export function sweepSvg(points: readonly SweepPoint[], ilps: readonly number[], maxWarps: number): string {
  const x = (w: number) => PAD.left + ((w - 1) / (maxWarps - 1)) * (W - PAD.left - PAD.right);
  const y = (u: number) => H - PAD.bottom - u * (H - PAD.top - PAD.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="Issue utilization against warps per scheduler, one line per ILP, with Little's-law bounds dashed">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
  ];
  for (const u of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(u)}" y2="${y(u)}" stroke="#ddd"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${y(u) + 4}" font-size="11" text-anchor="end">${Math.round(u * 100)}%</text>`);
  }
  for (let w = 1; w <= maxWarps; w += w < 4 ? 1 : 2) parts.push(`<text x="${x(w)}" y="${H - PAD.bottom + 16}" font-size="11" text-anchor="middle">${w}</text>`);
  parts.push(`<text x="${(W + PAD.left) / 2}" y="${H - 6}" font-size="12" text-anchor="middle">warps per scheduler</text>`);
  parts.push(`<text transform="rotate(-90)" x="${-(H - PAD.bottom + PAD.top) / 2}" y="12" font-size="12" text-anchor="middle">issue utilization</text>`);
  ilps.forEach((ilp, i) => {
    const color = COLORS[i % COLORS.length];
    const line = points.filter((q) => q.ilp === ilp).sort((a, b) => a.warps - b.warps);
    const one = line.find((q) => q.warps === 1);
    if (one !== undefined) {
      const bound: string[] = [];
      for (let w = 1; w <= maxWarps; w++) bound.push(`${x(w).toFixed(1)},${y(latencyBound(w, one.issueActive)).toFixed(1)}`);
      parts.push(`<polyline points="${bound.join(" ")}" fill="none" stroke="${color}" stroke-dasharray="4 3" stroke-width="1.2"/>`);
    }
    if (line.length > 0) {
      parts.push(`<polyline class="measured" points="${line.map((q) => `${x(q.warps).toFixed(1)},${y(q.issueActive).toFixed(1)}`).join(" ")}" fill="none" stroke="${color}" stroke-width="2"/>`);
      for (const q of line) parts.push(`<circle cx="${x(q.warps).toFixed(1)}" cy="${y(q.issueActive).toFixed(1)}" r="3" fill="${color}"><title>ILP ${ilp}, ${q.warps} warps: ${(100 * q.issueActive).toFixed(1)}%</title></circle>`);
    }
    // The legend sits top left, where the lines (low at few warps) never are; top right the
    // bounds reach 100% and ran under it.
    parts.push(`<text class="legend" x="${PAD.left + 8}" y="${PAD.top + 14 + 15 * i}" font-size="13" text-anchor="start" fill="${color}">ILP ${ilp}</text>`);
  });
  parts.push("</svg>");
  return parts.join("");
}
