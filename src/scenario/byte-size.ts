/** Bytes from "49152", "48K" (x 1024) or "1M" (x 1024^2); NaN when the text is none of these. */
export function parseByteSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KkMm]?)/.exec(text);
  if (!m) return NaN;
  const unit = m[2].toUpperCase() === "K" ? 1024 : m[2].toUpperCase() === "M" ? 1024 * 1024 : 1;
  return Math.round(Number(m[1]) * unit);
}
