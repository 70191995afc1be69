import type { BufferContents } from "./buffer-contents.js";
/**
 * What a launch gives a kernel before it runs: its grid and block shapes, and constant bank 0
 * as the driver fills it. On sm_90 the bank starts with blockDim (x, y, z at 0x0, 0x4, 0x8)
 * and gridDim (0xc, 0x10, 0x14): validation/sass/kernels.sass computes a grid-stride loop's
 * stride as c[0x0][0xc] * c[0x0][0x0] (gridDim.x * blockDim.x, kernels.cu). Every kernel loads
 * its local-memory stack pointer from c[0x0][0x28] and its global-memory descriptor from
 * c[0x0][0x208]; their values only place local memory and tag accesses, so warpsim writes
 * fixed ones ([model]). Parameters follow from the architecture's base (kernel-params.ts).
 */

export type Dim3 = readonly [number, number, number];

export interface Launch {
  readonly grid: Dim3;
  readonly block: Dim3;
  /** Constant bank 0, 32-bit words (byte offset / 4). */
  readonly bank0: Int32Array;
  /** The buffers the pointer arguments point to: a global access outside all of them is an error. Absent: not checked. */
  readonly buffers?: readonly { readonly param: number; readonly base: number; readonly bytes: number; readonly contents?: BufferContents }[];
}

/** Bytes of constant bank 0 the executor keeps (the parameter space ends below 0x1000 on sm_90: 4 KiB of parameters from 0x210). */
export const BANK0_BYTES = 0x1400;
/** The local-memory stack pointer warpsim writes at c[0x0][0x28] ([model]: any value serves). */
export const LOCAL_STACK_TOP = 0xfffdc0;

/**
 * The generic address warpsim gives the parameter space at c[0x0][0x198] ([model]: any value
 * above the buffers' serves): sm_90 kernels read it to name a __grid_constant__ parameter by
 * address (UTMALDG [UR4] with UR4 = c[0x0][0x198] + 0x70 for the tensor map at 0x280), so the
 * word holds this base plus the parameter base, and an address minus PARAM_WINDOW is a bank offset.
 */
export const PARAM_WINDOW = 0x7e0000000000;
/**
 * Where warpsim places the module's `__device__` variables ([model]: any region apart from the
 * buffers serves). sm_70 and later kernels find a variable's address in constant bank 4, one
 * 64-bit word per variable the module holds (`LDC.64 R2, c[0x4][RZ]` then `ATOMG [R2.64]` for
 * a global counter); the listing says neither where the loader put them nor how large they are,
 * so the variable whose address is at bank-4 offset 8k lives at GLOBALS_BASE + k x GLOBAL_WINDOW.
 */
export const GLOBALS_BASE = 0x7d0000000000;
/** The room given each `__device__` variable (16 MiB: larger arrays than that in a module are rare). */
export const GLOBAL_WINDOW = 16 * 1024 * 1024;
/** How many variables bank 4 can name (its 64 KiB, 8 bytes each). */
const GLOBAL_SLOTS = 8192;
/** The constant bank that holds the addresses of the module's `__device__` variables. */
export const GLOBALS_BANK = 4;

/** The buffer the module's variables occupy (param -1), for the bounds check of global accesses. */
export const MODULE_GLOBALS = { param: -1, base: GLOBALS_BASE, bytes: GLOBAL_SLOTS * GLOBAL_WINDOW } as const;

/**
 * The 32-bit word at `byte` of constant bank 4 (the address of the variable it names, low word
 * at 8k and high word at 8k + 4).
 */
export function globalsBankWord(byte: number): number {
  const address = GLOBALS_BASE + Math.floor(byte / 8) * GLOBAL_WINDOW;
  return byte % 8 < 4 ? address % 4294967296 | 0 : Math.floor(address / 4294967296) | 0;
}

/** Where sm_90 keeps the parameter space's generic address in bank 0. */
const PARAM_WINDOW_WORD = 0x198;

/** Where an architecture's constant bank 0 keeps the launch's shapes, the stack top and the parameters (bankLayoutOf). */
export interface BankLayout {
  readonly blockDim: number;
  readonly gridDim: number;
  readonly stackTop: number;
  readonly paramBase: number;
  /** The parameter space's generic address (sm_90: 0x198), where known. */
  readonly paramWindow?: number;
}

/** A launch's constant bank 0: its shapes, the fixed words, and the parameter bytes at their offsets (a number: sm_90's layout with that parameter base). */
export function launchBank(grid: Dim3, block: Dim3, params: Uint8Array, layout: number | BankLayout): Int32Array {
  const at: BankLayout = typeof layout === "number" ? { blockDim: 0, gridDim: 0xc, stackTop: 0x28, paramBase: layout, paramWindow: PARAM_WINDOW_WORD } : layout;
  const bytes = new Uint8Array(BANK0_BYTES);
  const view = new DataView(bytes.buffer);
  block.forEach((n, i) => view.setInt32(at.blockDim + 4 * i, n, true));
  grid.forEach((n, i) => view.setInt32(at.gridDim + 4 * i, n, true));
  view.setInt32(at.stackTop, LOCAL_STACK_TOP, true);
  if (at.paramWindow !== undefined) view.setBigUint64(at.paramWindow, BigInt(PARAM_WINDOW + at.paramBase), true);
  bytes.set(params, at.paramBase);
  return new Int32Array(bytes.buffer);
}

/** Thread (x, y, z) of a linear thread index in a block, x fastest. */
export function threadIndex(linear: number, block: Dim3, axis: number): number {
  if (axis === 0) return linear % block[0];
  if (axis === 1) return Math.floor(linear / block[0]) % block[1];
  return Math.floor(linear / (block[0] * block[1]));
}

/** Block (x, y, z) of a linear block index in the grid, x fastest. */
export function blockIndex(linear: number, grid: Dim3, axis: number): number {
  return threadIndex(linear, grid, axis);
}

/**
 * Where each architecture's constant bank 0 puts the launch's shapes, the stack top and the
 * first kernel parameter, read off listings of the same kernels compiled for each
 * (validation/sass/robustness/*_sm_*.sass): from sm_70 to sm_90 blockDim at 0x0, gridDim at 0xc,
 * the stack top at 0x28, the parameters from 0x160 (sm_70 to sm_89) or 0x210 (sm_90). sm_100 and
 * sm_120 move them all: every kernel loads its stack top from c[0x0][0x37c] and its parameters
 * from 0x380, blockDim.x from 0x360 and .y from 0x364 (`i += blockDim.x`, the 2-D kernels), and
 * histogram_smem's grid-stride `gridDim.x * blockDim.x` reads gridDim.x at 0x370 where sm_90's
 * reads 0xc; blockDim.z at 0x368 and gridDim.y, .z at 0x374, 0x378 follow (not read by any
 * fixture). Undefined for an architecture not mapped.
 */
export function bankLayoutOf(arch: string): BankLayout | undefined {
  if (arch === "sm_90") return { blockDim: 0, gridDim: 0xc, stackTop: 0x28, paramBase: 0x210, paramWindow: PARAM_WINDOW_WORD };
  if (/^sm_(7\d|8\d)$/.test(arch)) return { blockDim: 0, gridDim: 0xc, stackTop: 0x28, paramBase: 0x160 };
  if (/^sm_1[02]\d$/.test(arch)) return { blockDim: 0x360, gridDim: 0x370, stackTop: 0x37c, paramBase: 0x380 };
  return undefined;
}

/** The first parameter's offset in constant bank 0 (bankLayoutOf), or undefined. */
export function paramBaseOf(arch: string): number | undefined {
  return bankLayoutOf(arch)?.paramBase;
}
