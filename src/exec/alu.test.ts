import { describe, expect, it } from "vitest";
import {
  Combine,
  Compare,
  add64,
  bitsFloat,
  bmsk,
  combine,
  compare,
  compareEx,
  f2iTrunc,
  floatBits,
  flo,
  i2fRoundUp,
  iabs,
  iadd3,
  imad,
  imadHi,
  imadWide,
  leaHi,
  leaSum,
  lop3,
  minMax,
  mulHi,
  plop3,
  popc,
  prmt,
  rcp,
  shfLeft,
  shfRight,
  u32,
} from "./alu.js";
import { COMMON_LUTS } from "./execute.js";

const pair = new Int32Array(2);
const hex = (x: number) => `0x${u32(x).toString(16)}`;

describe("multiplies", () => {
  it("the high word of a 32x32 product, unsigned and signed", () => {
    // 0xffffffff^2 = 0xfffffffe_00000001; as signed (-1)(-1) = 1: high word 0.
    expect(hex(mulHi(-1, -1, false))).toBe("0xfffffffe");
    expect(mulHi(-1, -1, true)).toBe(0);
    // 0x10000 * 0x10000 = 2^32: high word 1.
    expect(mulHi(0x10000, 0x10000, false)).toBe(1);
    // -2 * 3 = -6 = 0xffffffff_fffffffa signed; unsigned 0xfffffffe * 3 = 0x2_fffffffa.
    expect(mulHi(-2, 3, true)).toBe(-1);
    expect(mulHi(-2, 3, false)).toBe(2);
  });

  it("IMAD keeps the low word, wrapping", () => {
    expect(imad(0x10000, 0x10000, 7)).toBe(7);
    expect(imad(-3, 5, 20)).toBe(5);
  });

  it("IMAD.WIDE carries the low word's overflow into the high word (an address = base + i * 4)", () => {
    // base 0x00000001_fffffffc + 1 * 4 = 0x00000002_00000000.
    imadWide(1, 4, 0xfffffffc | 0, 1, true, pair);
    expect([hex(pair[0]), pair[1]]).toEqual(["0x0", 2]);
    // Signed: i = -1 moves the address down: 0x1_00000000 - 4 = 0x0_fffffffc.
    imadWide(-1, 4, 0, 1, true, pair);
    expect([hex(pair[0]), pair[1]]).toEqual(["0xfffffffc", 0]);
    // .U32: 0xffffffff * 4 = 0x3_fffffffc.
    imadWide(-1, 4, 0, 0, false, pair);
    expect([hex(pair[0]), pair[1]]).toEqual(["0xfffffffc", 3]);
  });

  it("IMAD.HI adds the 64-bit pair c:c+1 (the compiler zeroes the low word for q + mulhi(q, e))", () => {
    // hi(0x80000000 * 4) = 2; plus the pair's high word 10 -> 12.
    expect(imadHi(0x80000000 | 0, 4, 0, 10, false)).toBe(12);
    // The low words' sum carries: lo(0xffffffff * 1) + 1 overflows into the high word.
    expect(imadHi(-1, 1, 1, 0, false)).toBe(1);
  });

  it("64-bit adds carry", () => {
    add64(-1, 0, 1, 0, pair);
    expect([pair[0], pair[1]]).toEqual([0, 1]);
  });
});

describe("adds, shifts and logic", () => {
  it("IADD3 sums three words and counts the carries out of bit 31", () => {
    iadd3(-1, 1, 0, 0, pair); // 0xffffffff + 1 = 2^32: 0, carry 1
    expect([pair[0], pair[1]]).toEqual([0, 1]);
    iadd3(-1, -1, -1, 1, pair); // 3 * 0xffffffff + 1 = 0x2_fffffffe: carry 2
    expect([hex(pair[0]), pair[1]]).toEqual(["0xfffffffe", 2]);
    iadd3(5, -2, 0, 0, pair);
    expect([pair[0], pair[1]]).toEqual([3, 1]); // 5 + 0xfffffffe wraps: carry 1
  });

  it("LEA shifts and adds; LEA.HI takes the high word of a 64-bit shift", () => {
    expect(leaSum(3, 100, 2)).toBe(112);
    expect(leaSum(-1, 1, 0)).toBe(0x100000000); // 0xffffffff + 1: a carry out
    // (hi:lo) = (0x1:0xc0000000) << 2 = 0x7_00000000: high word 7, plus b = 0x10 -> 0x17.
    expect(hex(leaHi(0xc0000000 | 0, 0x10, 1, 2))).toBe("0x17");
    expect(leaHi(5, 1, 9, 0)).toBe(10);
    // LEA.HI.SX32 R5, R2, R5, 0x1e: the high source is R2's sign, so -8 >> 2 + 1 = -1.
    expect(leaHi(-8, 1, -8 >> 31, 30)).toBe(-1);
  });

  it("SHF funnel-shifts a 64-bit (hi:lo)", () => {
    // (0x00000001:0x80000000) << 4: high word 0x18.
    expect(hex(shfLeft(0x80000000 | 0, 1, 4, true))).toBe("0x18");
    // >> 4: low word 0x18000000.
    expect(hex(shfRight(0x80000000 | 0, 1, 4, true, false, false))).toBe("0x18000000");
    // .HI, arithmetic: the high word 0x80000000 >> 4 = 0xf8000000.
    expect(hex(shfRight(0, 0x80000000 | 0, 4, true, true, true))).toBe("0xf8000000");
    // Without .W a shift of 40 clamps at 32: the low word moves up whole.
    expect(shfLeft(7, 0, 40, false)).toBe(7);
    expect(shfLeft(7, 3, 40, true)).toBe((3 << 8) | 0);
  });

  it("LOP3.LUT applies its truth table bit by bit", () => {
    const [a, b, c] = [0b1100, 0b1010, 0b0110];
    expect(lop3(a, b, c, 0xc0)).toBe(a & b);
    expect(lop3(a, b, c, 0xfc)).toBe(a | b);
    expect(lop3(a, b, c, 0x3c)).toBe(a ^ b);
    expect(lop3(a, b, c, 0x96)).toBe(a ^ b ^ c);
    expect(lop3(0, b, 0, 0x33)).toBe(~b); // LOP3.LUT R2, RZ, R2, RZ, 0x33: NOT
    expect(lop3(a, b, c, 0xf8)).toBe(a | (b & c));
  });

  it("the executor's shortcuts for common truth tables equal the general LOP3 on random words", () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) | 0);
    for (const [lut, fn] of Object.entries(COMMON_LUTS)) {
      for (let k = 0; k < 200; k++) {
        const [a, b, c] = [next(), next(), next()];
        expect(fn(a, b, c) | 0).toBe(lop3(a, b, c, Number(lut)));
      }
    }
  });

  it("PLOP3.LUT on predicates", () => {
    expect(plop3(true, false, true, 0x80)).toBe(false); // a & b & c
    expect(plop3(true, true, true, 0x80)).toBe(true);
    expect(plop3(false, false, true, 0xfe)).toBe(true); // a | b | c
  });

  it("FLO, POPC, BMSK, IABS, min and max", () => {
    expect([flo(1, false, false), flo(0x80000000 | 0, false, false), flo(0, false, false), flo(0x100, false, true)]).toEqual([0, 31, -1, 23]);
    expect(flo(-1, true, false)).toBe(-1); // signed: ~(-1) = 0
    expect([popc(0), popc(-1), popc(0xf0f0)]).toEqual([0, 32, 8]);
    expect([hex(bmsk(4, 4)), hex(bmsk(0, 32)), hex(bmsk(28, 8))]).toEqual(["0xf0", "0xffffffff", "0xf0000000"]);
    expect([iabs(-5), iabs(-2147483648)]).toEqual([5, -2147483648]);
    expect([minMax(-1, 1, false, false), minMax(-1, 1, false, true), minMax(-1, 1, true, true)]).toEqual([-1, 1, -1]);
  });
});

describe("comparisons", () => {
  it("ISETP compares signed or unsigned and combines with a predicate", () => {
    expect(compare(-1, 1, Compare.LT, false)).toBe(true);
    expect(compare(-1, 1, Compare.LT, true)).toBe(false); // 0xffffffff > 1
    expect(combine(true, false, Combine.AND)).toBe(false);
    expect(combine(true, false, Combine.OR)).toBe(true);
    expect(combine(true, true, Combine.XOR)).toBe(false);
  });

  it("ISETP...EX finishes a 64-bit comparison from the low words' result", () => {
    // (1:0) < (1:5)? High words equal: the low words decide (0 < 5 unsigned).
    const low = compare(0, 5, Compare.LT, true);
    expect(compareEx(1, 1, Compare.LT, false, low)).toBe(true);
    // (-1:0xffffffff) < (0:0)? Signed high words decide: -1 < 0.
    expect(compareEx(-1, 0, Compare.LT, false, compare(-1, 0, Compare.LT, true))).toBe(true);
    // EQ needs both halves equal.
    expect(compareEx(2, 2, Compare.EQ, true, compare(3, 4, Compare.EQ, true))).toBe(false);
    expect(compareEx(2, 2, Compare.NE, true, compare(3, 4, Compare.NE, true))).toBe(true);
  });
});

/**
 * The compiler's unsigned division q = x / d (grid_stride_sum's trip count in
 * validation/sass/kernels.sass, 0x00d0-0x0230), instruction by instruction.
 */
function compilerDivide(x: number, d: number): number {
  const p = new Int32Array(2);
  let r6 = i2fRoundUp(d, true); // I2F.U32.RP R6, R3
  const r7 = imad(0, 0, -d); // IMAD.MOV R7, RZ, RZ, -R3
  const p2 = compare(d, 0, Compare.NE, true); // ISETP.NE.U32.AND P2, PT, R3, RZ, PT
  r6 = rcp(r6); // MUFU.RCP R6, R6
  iadd3(r6, 0x0ffffffe, 0, 0, p); // IADD3 R4, R6, 0xffffffe, RZ
  let r5 = f2iTrunc(p[0], true); // F2I.FTZ.U32.TRUNC.NTZ R5, R4
  const r4 = 0; // IMAD.MOV.U32 R4, RZ, RZ, RZ
  const e = imad(r7, r5, 0); // IMAD R7, R7, R5, RZ
  r5 = imadHi(r5, e, r4, r5, false); // IMAD.HI.U32 R5, R5, R7, R4 (the pair R4:R5)
  r5 = imadHi(r5, x, 0, 0, false); // IMAD.HI.U32 R5, R5, R2, RZ
  let r2 = imad(d, -r5, x); // IADD3 R6, -R5, RZ, RZ; IMAD R2, R3, R6, R2
  if (compare(r2, d, Compare.GE, true)) {
    r2 = (r2 - d) | 0; // @P0 IADD3 R2, -R3, R2, RZ
    r5 = (r5 + 1) | 0; // @P0 VIADD R5, R5, 0x1
  }
  if (compare(r2, d, Compare.GE, true)) r5 = (r5 + 1) | 0; // @P1 IADD3 R5, R5, 0x1, RZ
  if (!p2) r5 = lop3(0, d, 0, 0x33); // @!P2 LOP3.LUT R5, RZ, R3, RZ, 0x33 (d = 0: all ones)
  return u32(r5);
}

describe("the compiler's integer division, run instruction by instruction", () => {
  it("matches floor(x / d) on hand-picked and edge cases", () => {
    const cases: [number, number][] = [
      [7, 2],
      [1023, 1024],
      [1024, 1024],
      [67108863, 33792], // (n - 1) / (132 blocks x 256 threads)
      [4294967295, 1],
      [4294967295, 3],
      [4294967295, 4294967295],
      [2147483648, 2147483647],
      [0, 5],
      [12345678, 7],
    ];
    for (const [x, d] of cases) expect(compilerDivide(x, d)).toBe(Math.floor(x / d));
  });

  it("matches floor(x / d) on 20,000 pseudo-random pairs", () => {
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let k = 0; k < 20_000; k++) {
      const x = next();
      const d = (next() >>> (next() % 32)) || 1;
      expect(compilerDivide(x, d)).toBe(Math.floor(x / d));
    }
  });

  it("by zero gives all ones, as the hardware's sequence does", () => {
    expect(compilerDivide(10, 0)).toBe(0xffffffff);
  });
});

describe("float views", () => {
  it("I2F.RP rounds up: 2^24 + 1 is not a float32, so it becomes 2^24 + 2", () => {
    expect(bitsFloat(i2fRoundUp(16777217, true))).toBe(16777218);
    expect(bitsFloat(i2fRoundUp(16777216, true))).toBe(16777216);
    expect(bitsFloat(i2fRoundUp(-1, true))).toBe(4294967296);
  });

  it("F2I.TRUNC truncates toward zero and saturates", () => {
    expect([f2iTrunc(floatBits(2.9), true), f2iTrunc(floatBits(-2.9), false), f2iTrunc(floatBits(-2.9), true)]).toEqual([2, -2, 0]);
    expect(u32(f2iTrunc(floatBits(1e20), true))).toBe(4294967295);
  });
});

describe("PRMT (byte permute)", () => {
  it("0x5410 packs a's low half under b's low half (UPRMT UR14, UR8, 0x5410, URZ: the bulk store's size)", () => {
    expect(prmt(0x00000100, 0, 0x5410)).toBe(0x100);
    expect(prmt(0x12345678, 0x9abcdef0 | 0, 0x5410)).toBe(0xdef05678 | 0);
  });
  it("each nibble picks one of the eight bytes of b:a; bit 3 fills the byte with the picked byte's sign", () => {
    expect(prmt(0x44332211, 0x88776655, 0x0123)).toBe(0x11223344);
    expect(prmt(0x000080ff, 0, 0x4449)).toBe(0x000000ff); // byte 1 (0x80) sign-filled, then b's zero byte
  });
});
