import type { ParamType } from "./kernel-params.js";
import { type BufferContents, parseContents } from "./buffer-contents.js";
import { type TensorMapForm, parseTensorMap, tensorBytes, writeTensorMap } from "./tensor-map.js";

/**
 * A kernel's arguments as a user writes them (`--args '67108864, 2.0, 256MiB, 256MiB'`): in the
 * kernel's parameter order, each a number, or for a pointer the size of the buffer it points to
 * (`256MiB`, `64KiB`, `4096`). A label may name it (`n=67108864`). A kernel whose name is not
 * mangled (`extern "C"`) has no types in its name: each argument then says its type
 * (`ptr:256MiB`, `i32:4096`, `u32:7`, `i64:...`, `f32:2.0`, `f64:0.5`).
 */

export interface KernelArgument {
  readonly label?: string;
  readonly type: ParamType;
  /** The number given, or for a pointer (or a tensor map) its buffer's size in bytes. */
  readonly value: number;
  /** A TMA tensor map's written form (tensor-map.ts), for a CUtensorMap parameter. */
  readonly tensorMap?: TensorMapForm;
  /** What a pointer's buffer holds, when given (`ptr:4MiB iota(0, 1)`; buffer-contents.ts). */
  readonly contents?: BufferContents;
}

/** One argument that could not be read: which (1-based), what was expected, what was found. */
export class BadArgument extends Error {
  override name = "BadArgument" as const;
  constructor(
    readonly position: number,
    readonly expected: string,
    readonly found: string,
  ) {
    super(`argument ${position}: expected ${expected}, found "${found}"`);
  }
}

const TYPED: Readonly<Record<string, ParamType>> = {
  ptr: { text: "void*", kind: "pointer", bytes: 8, align: 8 },
  i32: { text: "int", kind: "int", bytes: 4, align: 4 },
  u32: { text: "unsigned int", kind: "uint", bytes: 4, align: 4 },
  i64: { text: "long long", kind: "int", bytes: 8, align: 8 },
  u64: { text: "unsigned long long", kind: "uint", bytes: 8, align: 8 },
  f32: { text: "float", kind: "float", bytes: 4, align: 4 },
  f64: { text: "double", kind: "float", bytes: 8, align: 8 },
};

/** A CUtensorMap passed by value: 128 bytes, 128-aligned in the parameter space (validation/async/kernels.sass: the maps of gemm_ws at c[0x0][0x280] and 0x300, after nothing at 0x210). */
export const TENSOR_MAP_TYPE: ParamType = { text: "CUtensorMap", kind: "struct", bytes: 128, align: 128 };

const SIZE_UNITS: Readonly<Record<string, number>> = { "": 1, B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3 };

/**
 * Reads the arguments against the parameter types (from the mangled name), or, with `types`
 * undefined, each from its own `type:` prefix. Throws BadArgument.
 */
export function parseArguments(text: string, types: readonly ParamType[] | undefined): KernelArgument[] {
  const parts = text.trim() === "" ? [] : splitTopLevel(text).map((p) => p.trim());
  if (types !== undefined && parts.length !== types.length) {
    throw new BadArgument(Math.min(parts.length, types.length) + 1, `${types.length} arguments, one per parameter (${types.map((t) => t.text).join(", ")})`, `${parts.length} given`);
  }
  return parts.map((raw, i) => {
    const labelled = /^([A-Za-z_]\w*)\s*=\s*(.+)$/.exec(raw);
    const label = labelled?.[1];
    let rest = labelled ? labelled[2].trim() : raw;
    let type = types?.[i];
    const typed = /^(\w+):(.+)$/.exec(rest);
    if (typed !== null && TYPED[typed[1]] !== undefined) {
      type = TYPED[typed[1]];
      rest = typed[2].trim();
    }
    if (/^tmap\(/.test(rest) && (type === undefined || type.kind === "struct")) {
      const form = parseTensorMap(rest);
      if (typeof form === "string") throw new BadArgument(i + 1, form, rest);
      if (type !== undefined && !/CUtensorMap/.test(type.text)) throw new BadArgument(i + 1, `a value warpsim can place (${type.text} is passed by value; only CUtensorMap's fields are read)`, rest);
      return { ...(label !== undefined ? { label } : {}), type: TENSOR_MAP_TYPE, value: tensorBytes(form), tensorMap: form };
    }
    if (type === undefined) {
      throw new BadArgument(i + 1, `a type before the value (${Object.keys(TYPED).join(", ")}: ptr:256MiB, i32:4096), as the kernel's name does not spell its parameters`, raw);
    }
    // A pointer's buffer may say what it holds after its size: `4MiB fill(0)`.
    const filled = type.kind === "pointer" ? /^(\S+)\s+((?:fill|iota|random)\(.*)$/.exec(rest) : null;
    if (filled !== null) {
      const contents = parseContents(filled[2], i);
      if (typeof contents === "string") throw new BadArgument(i + 1, contents, filled[2]);
      return { ...(label !== undefined ? { label } : {}), type, value: valueOf(filled[1], type, i + 1), contents };
    }
    return { ...(label !== undefined ? { label } : {}), type, value: valueOf(rest, type, i + 1) };
  });
}

/** Splits on the commas outside parentheses (a tensor map's tmap(f16, 64x64, box 64x64) is one argument). */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

function valueOf(text: string, type: ParamType, position: number): number {
  if (type.kind === "pointer") {
    const m = /^(\d+(?:\.\d+)?)\s*(B|KiB|MiB|GiB|KB|MB|GB)?$/.exec(text);
    if (m === null) throw new BadArgument(position, `the size of the buffer the pointer (${type.text}) points to, in bytes or with a unit (256MiB, 64KiB)`, text);
    return Math.round(Number(m[1]) * SIZE_UNITS[m[2] ?? ""]);
  }
  if (type.kind === "struct") {
    if (/CUtensorMap/.test(type.text)) throw new BadArgument(position, "a tensor map written tmap(TYPE, DIMS, box BOX), dims and box innermost first (tmap(f16, 4096x4096, box 64x128))", text);
    throw new BadArgument(position, `a value warpsim can place (${type.text} is passed by value; its fields are not read yet)`, text);
  }
  const v = /^-?0x[0-9a-fA-F]+$/.test(text) ? (text.startsWith("-") ? -parseInt(text.slice(3), 16) : parseInt(text, 16)) : Number(text);
  if (!Number.isFinite(v)) throw new BadArgument(position, `a number for ${type.text}`, text);
  if (type.kind !== "float" && !Number.isInteger(v)) throw new BadArgument(position, `a whole number for ${type.text}`, text);
  return v;
}

/** Where warpsim places the first buffer, and how buffers are aligned ([model]: cudaMalloc returns 2 MiB-aligned addresses for large buffers). */
export const BUFFER_BASE = 0x7f0000000000;
export const BUFFER_ALIGN = 2 * 1024 * 1024;

/** A pointer argument's buffer: [base, base + bytes), and what it holds when given. */
export interface Buffer {
  readonly param: number;
  readonly base: number;
  readonly bytes: number;
  readonly contents?: BufferContents;
}

/**
 * The parameter bytes at their offsets from the parameter base (the CUDA ABI's layout: natural
 * alignment, in order), with each pointer aimed at a buffer of its own, one after another from
 * BUFFER_BASE, each 2 MiB-aligned.
 */
export function placeArguments(args: readonly KernelArgument[], base = 0): { bytes: Uint8Array; buffers: Buffer[] } {
  // Alignment is of the bank offset (base + at): a 128-aligned tensor map after sm_90's base 0x210 lands at 0x280.
  const align = (at: number, a: number): number => Math.ceil((base + at) / a) * a - base;
  let size = 0;
  for (const a of args) size = align(size, a.type.align) + a.type.bytes;
  const bytes = new Uint8Array(Math.max(size, 4));
  const view = new DataView(bytes.buffer);
  const buffers: Buffer[] = [];
  let next = BUFFER_BASE;
  let at = 0;
  args.forEach((a, i) => {
    at = align(at, a.type.align);
    const { kind, bytes: n } = a.type;
    if (kind === "pointer" || a.tensorMap !== undefined) {
      buffers.push({ param: i, base: next, bytes: a.value, ...(a.contents !== undefined ? { contents: a.contents } : {}) });
      if (a.tensorMap !== undefined) writeTensorMap(view, at, next, a.tensorMap);
      else view.setBigUint64(at, BigInt(next), true);
      next += Math.ceil(Math.max(a.value, 1) / BUFFER_ALIGN) * BUFFER_ALIGN;
    } else if (kind === "float") {
      if (n === 4) view.setFloat32(at, a.value, true);
      else view.setFloat64(at, a.value, true);
    } else if (n === 8) {
      view.setBigInt64(at, BigInt(a.value), true);
    } else if (n === 4) {
      view.setInt32(at, a.value, true);
    } else if (n === 2) {
      view.setInt16(at, a.value, true);
    } else {
      view.setInt8(at, a.value);
    }
    at += n;
  });
  return { bytes, buffers };
}
