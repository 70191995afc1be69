import seedrandom from "seedrandom";

/**
 * What a buffer holds, when the user says so (`--args 'ptr:4MiB iota(0, 1)'`): the values loads
 * from it return, so that a branch or an address computed from loaded data (a CSR row's
 * extent, a histogram's bin, a flag) is followed instead of falling back to a declared share.
 * Contents are 32-bit words: element i of the buffer (bytes 4i .. 4i + 3) is
 * - `fill(v)`: v for every element (an integer, or a float when written with a point or an
 *   exponent: its IEEE bits);
 * - `iota(start, step)`: start + i x step (integers);
 * - `random(lo, hi)`: a whole number drawn uniformly from lo..hi, the same for an element
 *   whatever the order warps read it (a hash of the element's index, salted per buffer from
 *   the seeded generator);
 * - `random(0.5, 2.0)` (a bound written with a point or an exponent): a float drawn uniformly
 *   from [lo, hi), its IEEE bits, the same way (positions, weights, anything a kernel turns
 *   into an address or a branch).
 * Stores do not change what later loads read ([model]: the contents are the fill).
 */
export type BufferContents =
  | { readonly kind: "fill"; readonly word: number }
  | { readonly kind: "iota"; readonly start: number; readonly step: number }
  | { readonly kind: "random"; readonly lo: number; readonly hi: number; readonly salt: number }
  | { readonly kind: "randomFloat"; readonly lo: number; readonly hi: number; readonly salt: number };

/** Reads `fill(7)`, `fill(1.5)`, `iota(0, 4)`, `random(0, 999)`, `random(0.5, 2.0)`; a string saying what was expected when it cannot. */
export function parseContents(text: string, bufferIndex: number): BufferContents | string {
  const m = /^(fill|iota|random)\(([^)]*)\)$/.exec(text.trim());
  const expected = "contents written fill(V), iota(START, STEP) or random(LO, HI) after the size (ptr:4MiB iota(0, 1))";
  if (m === null) return expected;
  const args = m[2].split(",").map((a) => a.trim());
  const ints = args.map(Number);
  const whole = (n: number) => args.length === n && ints.every((v) => Number.isInteger(v) && Math.abs(v) <= 2 ** 31);
  if (m[1] === "fill") {
    if (args.length !== 1 || !Number.isFinite(Number(args[0]))) return `${m[1]}(V) with one number`;
    return { kind: "fill", word: /[.eE]/.test(args[0]) ? floatBits(Number(args[0])) : Number(args[0]) | 0 };
  }
  if (m[1] === "iota") return whole(2) ? { kind: "iota", start: ints[0], step: ints[1] } : "iota(START, STEP) with two whole numbers";
  const salt = seedrandom(`buffer ${bufferIndex}`).int32();
  if (args.length === 2 && args.some((a) => /[.eE]/.test(a)) && ints.every(Number.isFinite)) {
    if (ints[0] >= ints[1]) return "random(LO, HI) with LO < HI for floats";
    return { kind: "randomFloat", lo: ints[0], hi: ints[1], salt };
  }
  if (!whole(2) || ints[0] > ints[1]) return "random(LO, HI) with two whole numbers, LO <= HI (or two floats, LO < HI, written with a point)";
  return { kind: "random", lo: ints[0], hi: ints[1], salt };
}

/** The 32-bit word at element `index` of a buffer with these contents (as a signed int). */
export function wordAt(c: BufferContents, index: number): number {
  switch (c.kind) {
    case "fill":
      return c.word;
    case "iota":
      return (c.start + index * c.step) | 0;
    case "random": {
      const span = c.hi - c.lo + 1;
      return (c.lo + (mix(index ^ c.salt) % span)) | 0;
    }
    case "randomFloat":
      return floatBits(c.lo + ((c.hi - c.lo) * mix(index ^ c.salt)) / 2 ** 32);
  }
}

/** A 32-bit integer hash (murmur3's finalizer): well spread, the same for the same input. */
function mix(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function floatBits(v: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, v, true);
  return view.getInt32(0, true);
}
