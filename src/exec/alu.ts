/**
 * The integer datapath of a SASS kernel, one lane at a time: the arithmetic that decides
 * control flow and addresses (issue "Run the kernel itself"). Values are 32-bit registers held
 * as JavaScript numbers in signed form (`x | 0`); 64-bit values are register pairs (lo, hi).
 * Each function is the hardware's operation as the PTX ISA and the SASS the compiler emits for
 * it define it, exact to the bit: the tests beside derive each case by hand.
 *
 * Results that come in pairs (IMAD.WIDE's 64 bits, an add's carry) are written to a
 * caller-owned `out` array so that nothing is allocated per instruction.
 */

/** Unsigned view of a 32-bit register. */
export function u32(x: number): number {
  return x >>> 0;
}

/** Signed view of a 32-bit register. */
export function s32(x: number): number {
  return x | 0;
}

/** The high 32 bits of the 64-bit product of two 32-bit values (IMAD.HI, mul.hi). */
export function mulHi(a: number, b: number, signed: boolean): number {
  // 16-bit halves keep every partial product exact in a double.
  const al = a & 0xffff;
  const ah = (signed ? a >> 16 : a >>> 16) | 0;
  const bl = b & 0xffff;
  const bh = (signed ? b >> 16 : b >>> 16) | 0;
  const ll = al * bl;
  const lh = al * bh;
  const hl = ah * bl;
  const hh = ah * bh;
  // Middle sum with the low product's carry into bit 32; all exact (< 2^53).
  const mid = (ll >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  const high = hh + Math.floor(lh / 65536) + Math.floor(hl / 65536) + Math.floor(mid / 65536);
  return high | 0;
}

/** IMAD d = a * b + c (low 32 bits; signedness does not change them). */
export function imad(a: number, b: number, c: number): number {
  return (Math.imul(a, b) + c) | 0;
}

/**
 * IMAD.HI d = the high word of a * b + (cHi:cLo). The addend is the 64-bit register pair c,
 * c + 1 (`IMAD.HI.U32 R5, R5, R7, R4` adds R5:R4): the compiler zeroes the low register to get
 * mad.hi's "high word plus c" (a Newton step q + mulhi(q, e) in its integer division).
 */
export function imadHi(a: number, b: number, cLo: number, cHi: number, signed: boolean): number {
  const lo = (Math.imul(a, b) >>> 0) + (cLo >>> 0);
  return (mulHi(a, b, signed) + cHi + (lo > 0xffffffff ? 1 : 0)) | 0;
}

/**
 * IMAD.WIDE d:d+1 = a * b + (cLo, cHi) as 64-bit values: the 32x32 product widened (signed
 * unless .U32), plus the 64-bit addend. Writes out[0] = low word, out[1] = high word.
 */
export function imadWide(a: number, b: number, cLo: number, cHi: number, signed: boolean, out: Int32Array): void {
  const lo = Math.imul(a, b) >>> 0;
  const hi = mulHi(a, b, signed);
  add64(lo, hi, cLo, cHi, out);
}

/** 64-bit add of (aLo, aHi) + (bLo, bHi), into out[0], out[1]. */
export function add64(aLo: number, aHi: number, bLo: number, bHi: number, out: Int32Array): void {
  const lo = (aLo >>> 0) + (bLo >>> 0);
  out[0] = lo | 0;
  out[1] = (aHi + bHi + (lo > 0xffffffff ? 1 : 0)) | 0;
}

/**
 * IADD3 d = a + b + c (+ carry in with .X), and the carry out of bit 31 (IADD3 R, P0, ...):
 * out[0] = sum, out[1] = carry (0, 1 or 2: three operands can carry twice).
 */
export function iadd3(a: number, b: number, c: number, carryIn: number, out: Int32Array): void {
  const sum = (a >>> 0) + (b >>> 0) + (c >>> 0) + carryIn;
  out[0] = sum | 0;
  out[1] = Math.floor(sum / 4294967296);
}

/**
 * LEA.HI: the high word of a 64-bit (hiSource:a) shifted left by s, (a >>> (32 - s)) |
 * (hiSource << s), plus b. `LEA.HI d, a, b, c, s` is the high half of an address computed as
 * b + ((c:a) << s); LEA d = (a << s) + b is leaSum below.
 */
export function leaHi(a: number, b: number, hiSource: number, s: number): number {
  return leaHiSum(a, b, hiSource, s) | 0;
}

/** LEA.HI's sum before wrapping (unsigned words): above 0xffffffff it carries out (`LEA.HI d, P, ...`). */
export function leaHiSum(a: number, b: number, hiSource: number, s: number): number {
  const shifted = s === 0 ? hiSource : (a >>> (32 - s)) | (hiSource << s);
  return (shifted >>> 0) + (b >>> 0);
}

/** LEA's sum before wrapping (unsigned words): (a << s) + b, above 0xffffffff a carry out. */
export function leaSum(a: number, b: number, s: number): number {
  return ((a << s) >>> 0) + (b >>> 0);
}

/**
 * SHF (funnel shift) of the 64-bit value (hi:lo) by `s` (masked to 0..31 unless .W is absent,
 * where shifts clamp at 32): .L gives the high word of (hi:lo) << s, .R the low word of
 * (hi:lo) >> s (arithmetic when `signedHi`). With .HI, .R gives the high word shifted instead
 * (hi >> s): the compiler's 64-bit right shifts.
 */
export function shfLeft(lo: number, hi: number, s: number, wrap: boolean): number {
  const n = wrap ? s & 31 : Math.min(s >>> 0, 32);
  if (n === 0) return hi | 0;
  if (n === 32) return lo | 0;
  return ((hi << n) | (lo >>> (32 - n))) | 0;
}

export function shfRight(lo: number, hi: number, s: number, wrap: boolean, signedHi: boolean, highWord: boolean): number {
  const n = wrap ? s & 31 : Math.min(s >>> 0, 32);
  if (highWord) {
    if (n === 32) return signedHi ? hi >> 31 : 0;
    return (signedHi ? hi >> n : hi >>> n) | 0;
  }
  if (n === 0) return lo | 0;
  if (n === 32) return hi | 0;
  return ((lo >>> n) | (hi << (32 - n))) | 0;
}

/**
 * LOP3.LUT d = f(a, b, c) bit by bit, f given by its 8-bit truth table: bit (a << 2 | b << 1
 * | c) of `lut` is f's value there. So 0xc0 is a & b, 0xfc is a | b, 0x3c is a ^ b, 0x33 is ~b.
 */
export function lop3(a: number, b: number, c: number, lut: number): number {
  let d = 0;
  for (let k = 0; k < 8; k++) {
    if (((lut >> k) & 1) === 0) continue;
    const ma = k & 4 ? a : ~a;
    const mb = k & 2 ? b : ~b;
    const mc = k & 1 ? c : ~c;
    d |= ma & mb & mc;
  }
  return d | 0;
}

/** PLOP3.LUT on predicates: the same truth table over three booleans. */
export function plop3(a: boolean, b: boolean, c: boolean, lut: number): boolean {
  return ((lut >> ((a ? 4 : 0) | (b ? 2 : 0) | (c ? 1 : 0))) & 1) === 1;
}

/** ISETP's comparisons. */
export const Compare = { F: 0, LT: 1, EQ: 2, LE: 3, GT: 4, NE: 5, GE: 6, T: 7 } as const;
export type Compare = (typeof Compare)[keyof typeof Compare];

/** a `cmp` b on 32-bit values, signed unless `unsigned`. */
export function compare(a: number, b: number, cmp: Compare, unsigned: boolean): boolean {
  const x = unsigned ? a >>> 0 : a | 0;
  const y = unsigned ? b >>> 0 : b | 0;
  switch (cmp) {
    case Compare.F:
      return false;
    case Compare.LT:
      return x < y;
    case Compare.EQ:
      return x === y;
    case Compare.LE:
      return x <= y;
    case Compare.GT:
      return x > y;
    case Compare.NE:
      return x !== y;
    case Compare.GE:
      return x >= y;
    default:
      return true;
  }
}

/**
 * ISETP...EX: the high words of a 64-bit comparison, given the low words' result as the
 * carried-in predicate `low` (what the compiler's ISETP.cmp.U32 on the low words produced):
 * equal high words decide by the low words (unsigned), otherwise the high words decide.
 * For EQ and NE the low words must be equal (EQ) or differ somewhere (NE) as well.
 */
export function compareEx(aHi: number, bHi: number, cmp: Compare, unsigned: boolean, low: boolean): boolean {
  const x = unsigned ? aHi >>> 0 : aHi | 0;
  const y = unsigned ? bHi >>> 0 : bHi | 0;
  switch (cmp) {
    case Compare.EQ:
      return x === y && low;
    case Compare.NE:
      return x !== y || low;
    case Compare.LT:
    case Compare.LE:
    case Compare.GT:
    case Compare.GE:
      return x === y ? low : compare(x, y, cmp, unsigned);
    default:
      return compare(x, y, cmp, unsigned);
  }
}

/** How ISETP combines its comparison with a predicate operand (`.AND`, `.OR`, `.XOR`). */
export const Combine = { AND: 0, OR: 1, XOR: 2 } as const;
export type Combine = (typeof Combine)[keyof typeof Combine];

export function combine(x: boolean, p: boolean, how: Combine): boolean {
  return how === Combine.AND ? x && p : how === Combine.OR ? x || p : x !== p;
}

/** FLO (find leading one): the bit index of the highest set bit, -1 (0xffffffff) for 0; .SH gives 31 - index. */
export function flo(a: number, signed: boolean, shiftAmount: boolean): number {
  const x = signed && a < 0 ? ~a : a;
  if (x === 0) return -1;
  const index = 31 - Math.clz32(x);
  return shiftAmount ? 31 - index : index;
}

/** BREV: the word's 32 bits in reverse order. */
export function brev(a: number): number {
  let x = a >>> 0;
  let r = 0;
  for (let i = 0; i < 32; i++, x >>>= 1) r = (r << 1) | (x & 1);
  return r | 0;
}

/** POPC: set bits. */
export function popc(a: number): number {
  let x = a >>> 0;
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** BMSK d = a mask of `width` ones from bit `start` (bmsk.clamp: a width past bit 31 stops there). */
export function bmsk(start: number, width: number): number {
  const s = start & 31;
  const w = Math.min(width >>> 0, 32 - s);
  if (w === 0) return 0;
  return (w === 32 ? -1 : ((1 << w) - 1) << s) | 0;
}

/** IMNMX / VIMNMX: the smaller (or larger, `max`) of a and b. */
export function minMax(a: number, b: number, max: boolean, unsigned: boolean): number {
  const x = unsigned ? a >>> 0 : a | 0;
  const y = unsigned ? b >>> 0 : b | 0;
  return (max ? (x > y ? a : b) : x < y ? a : b) | 0;
}

/** IABS: |a| (the most negative value stays itself, as two's complement wraps). */
export function iabs(a: number): number {
  return (a < 0 ? -a : a) | 0;
}

// Float views of a register, for the compiler's integer division (I2F.RP, MUFU.RCP, F2I).
const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);

/** The register holding float32 `x` (its bits). */
export function floatBits(x: number): number {
  f32[0] = x;
  return i32[0];
}

/** The float32 a register's bits hold. */
export function bitsFloat(r: number): number {
  i32[0] = r;
  return f32[0];
}

/**
 * I2F.U32.RP (or .S32): a 32-bit integer to float32, rounded toward +infinity (RP) as the
 * compiler's division asks, so the reciprocal that follows never overshoots the quotient.
 */
export function i2fRoundUp(a: number, unsigned: boolean): number {
  const v = unsigned ? a >>> 0 : a | 0;
  const nearest = Math.fround(v);
  if (nearest >= v) return floatBits(nearest);
  // One float32 step up from the nearest: v lies between it and the next representable value.
  return floatBits(nextUp(nearest));
}

function nextUp(x: number): number {
  f32[0] = x;
  if (x >= 0) i32[0] += 1;
  else i32[0] -= 1;
  return f32[0];
}

/**
 * MUFU.RCP: 1 / x in float32. The hardware's reciprocal is approximate (within an ulp); the
 * compiler's division sequence corrects any such error with its Newton step and final checks,
 * so the quotient it computes is exact either way (tested with integer division).
 */
export function rcp(bits: number): number {
  return floatBits(Math.fround(1 / bitsFloat(bits)));
}

/** F2I.U32.TRUNC (or .S32): float32 to integer, toward zero, saturating at the type's range (NaN gives 0). */
export function f2iTrunc(bits: number, unsigned: boolean): number {
  const x = Math.trunc(bitsFloat(bits));
  if (Number.isNaN(x)) return 0;
  if (unsigned) return (x <= 0 ? 0 : x >= 4294967295 ? 4294967295 : x) | 0;
  return (x <= -2147483648 ? -2147483648 : x >= 2147483647 ? 2147483647 : x) | 0;
}

/**
 * PRMT (byte permute, default mode): byte i of the result is byte (sel >> 4i) & 7 of the eight
 * bytes of b:a (a's bytes 0-3, b's 4-7); with bit 3 of that nibble set, the selected byte's sign
 * bit fills the byte instead. `UPRMT UR14, UR8, 0x5410, URZ`: UR8's low half, zero above.
 */
export function prmt(a: number, b: number, sel: number): number {
  let out = 0;
  for (let i = 0; i < 4; i++) {
    const nibble = (sel >>> (4 * i)) & 15;
    const k = nibble & 7;
    const byte = ((k < 4 ? a >>> (8 * k) : b >>> (8 * (k - 4))) & 255) >>> 0;
    const value = (nibble & 8) !== 0 ? ((byte & 128) !== 0 ? 255 : 0) : byte;
    out |= value << (8 * i);
  }
  return out | 0;
}
