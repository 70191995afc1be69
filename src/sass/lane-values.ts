/**
 * What a register holds in each of a warp's 32 lanes, as far as the integer arithmetic of a
 * SASS listing tells: enough to know a shared-memory access's addresses relative to one
 * another, which is all its bank conflicts depend on.
 *
 * A value is `U + offsets[lane]`: `offsets` known per lane, `U` the same in every lane and
 * known (`exact`, U = 0) or not (a kernel parameter, the block's index, a shared window's base).
 * Adding, negating and scaling by a known constant keep that form; a bit operation or a right
 * shift keeps it only when U is known, or when every lane holds the same value (the result is
 * then lane-uniform). Anything else is unknown (`undefined`): the analysis then says nothing.
 */
export interface LaneValue {
  /** U is known (zero): offsets are the values themselves. */
  readonly exact: boolean;
  readonly offsets: Int32Array;
}

export const LANES = 32;

export function exactLanes(f: (lane: number) => number): LaneValue {
  const offsets = new Int32Array(LANES);
  for (let l = 0; l < LANES; l++) offsets[l] = f(l);
  return { exact: true, offsets };
}

export function constant(c: number): LaneValue {
  return exactLanes(() => c);
}

/** The same unknown value in every lane (a kernel parameter, SR_CTAID, a uniform register). */
export const UNIFORM: LaneValue = { exact: false, offsets: new Int32Array(LANES) };

/** Every lane holds the same value (known or not). */
export function isUniform(v: LaneValue): boolean {
  for (let l = 1; l < LANES; l++) if (v.offsets[l] !== v.offsets[0]) return false;
  return true;
}

export function sameValue(a: LaneValue | undefined, b: LaneValue | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (a.exact !== b.exact) return false;
  // Two unknown uniform values need not be the same unknown.
  if (!a.exact) return false;
  for (let l = 0; l < LANES; l++) if (a.offsets[l] !== b.offsets[l]) return false;
  return true;
}

export function add(a: LaneValue | undefined, b: LaneValue | undefined): LaneValue | undefined {
  if (a === undefined || b === undefined) return undefined;
  const offsets = new Int32Array(LANES);
  for (let l = 0; l < LANES; l++) offsets[l] = (a.offsets[l] + b.offsets[l]) | 0;
  return { exact: a.exact && b.exact, offsets };
}

export function negate(a: LaneValue | undefined): LaneValue | undefined {
  if (a === undefined) return undefined;
  const offsets = new Int32Array(LANES);
  for (let l = 0; l < LANES; l++) offsets[l] = -a.offsets[l] | 0;
  return { exact: a.exact, offsets };
}

/** The known constant a value holds in every lane, if it does. */
function knownConstant(v: LaneValue): number | undefined {
  return v.exact && isUniform(v) ? v.offsets[0] : undefined;
}

/** 32-bit product (the low word, as IMAD writes it). */
export function multiply(a: LaneValue | undefined, b: LaneValue | undefined): LaneValue | undefined {
  if (a === undefined || b === undefined) return undefined;
  const ca = knownConstant(a);
  const cb = knownConstant(b);
  // c * (U + v) = cU + cv: still the same form.
  if (cb !== undefined || ca !== undefined) {
    const c = cb ?? ca!;
    const v = cb !== undefined ? a : b;
    const offsets = new Int32Array(LANES);
    for (let l = 0; l < LANES; l++) offsets[l] = Math.imul(v.offsets[l], c);
    return { exact: v.exact, offsets };
  }
  if (a.exact && b.exact) {
    const offsets = new Int32Array(LANES);
    for (let l = 0; l < LANES; l++) offsets[l] = Math.imul(a.offsets[l], b.offsets[l]);
    return { exact: true, offsets };
  }
  return isUniform(a) && isUniform(b) ? UNIFORM : undefined;
}

/**
 * A lane-wise operation that needs the values themselves (bit operations, right shifts,
 * minimum): computed when every operand is exact, lane-uniform when every operand is.
 */
export function lanewise(args: readonly (LaneValue | undefined)[], f: (x: readonly number[]) => number): LaneValue | undefined {
  if (args.some((a) => a === undefined)) return undefined;
  const values = args as readonly LaneValue[];
  if (values.every((a) => a.exact)) {
    const x = new Array<number>(values.length);
    return exactLanes((l) => {
      for (let i = 0; i < values.length; i++) x[i] = values[i].offsets[l];
      return f(x) | 0;
    });
  }
  return values.every(isUniform) ? UNIFORM : undefined;
}

/** The value after an instruction that may or may not write it (a guarded one): kept only if both agree. */
export function either(a: LaneValue | undefined, b: LaneValue | undefined): LaneValue | undefined {
  if (sameValue(a, b)) return a;
  if (a !== undefined && b !== undefined && !a.exact && !b.exact && isUniform(a) && isUniform(b)) return UNIFORM;
  return undefined;
}

/** The bit function of LOP3.LUT: bit i of `lut` is the result for (a, b, c) bits (i>>2, i>>1, i) & 1. */
export function lop3(a: number, b: number, c: number, lut: number): number {
  let r = 0;
  for (let i = 0; i < 8; i++) {
    if (((lut >> i) & 1) === 0) continue;
    r |= (i & 4 ? a : ~a) & (i & 2 ? b : ~b) & (i & 1 ? c : ~c);
  }
  return r | 0;
}
