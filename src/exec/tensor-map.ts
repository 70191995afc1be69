/**
 * A TMA tensor map (CUtensorMap) as a user writes it among a kernel's arguments, and as warpsim
 * keeps it in the parameter space. The real CUtensorMap is 128 opaque bytes the driver fills
 * (cuTensorMapEncodeTiled); a listing cannot say what it holds, so the user writes what the
 * host code passes to the driver:
 *
 *   tmap(f16, 4096x4096, box 64x128)
 *
 * element type, the tensor's dimensions and the box a copy brings, each innermost first as
 * cuTensorMapEncodeTiled takes them (dims[0] is the contiguous one). An optional `swizzle 128B`
 * (or 32B, 64B, none) is accepted for the reader: it changes where bytes land in shared memory,
 * not how many move. The tensor gets a buffer of its own (packed strides), like a pointer
 * argument. warpsim writes its own encoding into the parameter's 128 bytes (TENSOR_MAP_LAYOUT),
 * which the executor reads back when UTMALDG names the parameter's address.
 */

export interface TensorMapForm {
  readonly elementBytes: number;
  /** Innermost first. */
  readonly dims: readonly number[];
  readonly box: readonly number[];
}

const ELEMENT_BYTES: Readonly<Record<string, number>> = { f16: 2, bf16: 2, f32: 4, tf32: 4, f64: 8, i8: 1, u8: 1, e4m3: 1, e5m2: 1, i16: 2, u16: 2, i32: 4, u32: 4, i64: 8, u64: 8 };
/** cuTensorMapEncodeTiled's limits: rank 1 to 5, box dimensions 1 to 256. */
const MAX_RANK = 5;
const MAX_BOX = 256;

/** The written form's words, or a reason it is not one (for BadArgument). */
export function parseTensorMap(text: string): TensorMapForm | string {
  const m = /^tmap\(\s*(\w+)\s*,\s*([\dx\s]+?)\s*,\s*box\s*=?\s*([\dx\s]+?)\s*(?:,\s*swizzle\s*=?\s*(none|32B|64B|128B)\s*)?\)$/.exec(text.trim());
  if (m === null) return "a tensor map written tmap(TYPE, DIMS, box BOX), dims and box innermost first (tmap(f16, 4096x4096, box 64x128))";
  const elementBytes = ELEMENT_BYTES[m[1]];
  if (elementBytes === undefined) return `an element type among ${Object.keys(ELEMENT_BYTES).join(", ")} (found ${m[1]})`;
  const dims = m[2].split("x").map((s) => Number(s.trim()));
  const box = m[3].split("x").map((s) => Number(s.trim()));
  if (dims.length > MAX_RANK || dims.some((d) => !Number.isInteger(d) || d < 1)) return `1 to ${MAX_RANK} whole dimensions of at least 1 (found ${m[2].trim()})`;
  if (box.length !== dims.length) return `a box with as many dimensions as the tensor (${dims.length}; found ${box.length})`;
  if (box.some((b, i) => !Number.isInteger(b) || b < 1 || b > MAX_BOX || b > dims[i])) return `box dimensions from 1 to ${MAX_BOX}, none larger than the tensor's (found ${m[3].trim()})`;
  return { elementBytes, dims, box };
}

/** Bytes of the tensor's buffer (packed). */
export function tensorBytes(t: TensorMapForm): number {
  return t.dims.reduce((a, d) => a * d, t.elementBytes);
}

/** Bytes one copy of the box brings (what it adds to an mbarrier's transaction count). */
export function boxBytes(t: TensorMapForm): number {
  return t.box.reduce((a, d) => a * d, t.elementBytes);
}

/** warpsim's encoding in the parameter's bytes: base (u64) at 0, element bytes at 8, rank at 12, dims at 16 + 4i, box at 36 + 4i. */
export const TENSOR_MAP_LAYOUT = { base: 0, elementBytes: 8, rank: 12, dims: 16, box: 36 } as const;

export function writeTensorMap(view: DataView, at: number, base: number, t: TensorMapForm): void {
  view.setBigUint64(at + TENSOR_MAP_LAYOUT.base, BigInt(base), true);
  view.setUint32(at + TENSOR_MAP_LAYOUT.elementBytes, t.elementBytes, true);
  view.setUint32(at + TENSOR_MAP_LAYOUT.rank, t.dims.length, true);
  t.dims.forEach((d, i) => view.setUint32(at + TENSOR_MAP_LAYOUT.dims + 4 * i, d, true));
  t.box.forEach((b, i) => view.setUint32(at + TENSOR_MAP_LAYOUT.box + 4 * i, b, true));
}

/** The tensor map at byte `offset` of constant bank 0 (32-bit words), or undefined when none was written there. */
export function readTensorMap(bank0: Int32Array, offset: number): { base: number; form: TensorMapForm } | undefined {
  if (offset % 4 !== 0 || offset < 0 || offset + 56 > bank0.length * 4) return undefined;
  const w = (o: number): number => bank0[(offset + o) >> 2] >>> 0;
  const rank = w(TENSOR_MAP_LAYOUT.rank);
  const elementBytes = w(TENSOR_MAP_LAYOUT.elementBytes);
  if (rank < 1 || rank > MAX_RANK || elementBytes === 0) return undefined;
  const base = w(TENSOR_MAP_LAYOUT.base) + w(TENSOR_MAP_LAYOUT.base + 4) * 4294967296;
  const dims = Array.from({ length: rank }, (_, i) => w(TENSOR_MAP_LAYOUT.dims + 4 * i));
  const box = Array.from({ length: rank }, (_, i) => w(TENSOR_MAP_LAYOUT.box + 4 * i));
  return { base, form: { elementBytes, dims, box } };
}

/**
 * The global byte ranges one copy of the box at `coords` (innermost first) reads: one per
 * innermost row, as [start, end) pairs into `out`; rows outside the tensor are left out (TMA
 * fills them with zeros without reading). Returns the number of ranges.
 */
export function boxRows(base: number, t: TensorMapForm, coords: readonly number[], out: number[]): number {
  out.length = 0;
  const rank = t.dims.length;
  const strides: number[] = [t.elementBytes];
  for (let i = 1; i < rank; i++) strides.push(strides[i - 1] * t.dims[i - 1]);
  const rows = t.box.slice(1).reduce((a, b) => a * b, 1);
  for (let r = 0; r < rows; r++) {
    let rest = r;
    let offset = 0;
    let inside = true;
    for (let i = 1; i < rank; i++) {
      const c = coords[i] + (rest % t.box[i]);
      rest = Math.floor(rest / t.box[i]);
      if (c < 0 || c >= t.dims[i]) inside = false;
      offset += c * strides[i];
    }
    const from = Math.max(0, coords[0]);
    const to = Math.min(t.dims[0], coords[0] + t.box[0]);
    if (!inside || to <= from) continue;
    out.push(base + offset + from * t.elementBytes, base + offset + to * t.elementBytes);
  }
  return out.length / 2;
}
