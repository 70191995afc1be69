import type { SassInstruction } from "./read-sass.js";
import { add, constant, either, exactLanes, LANES, lanewise, type LaneValue, lop3, multiply, negate, UNIFORM } from "./lane-values.js";

/**
 * Bank conflicts of a kernel's shared-memory accesses, derived from its listing: the integer
 * arithmetic that builds each address is replayed for the 32 lanes of the block's first warp
 * (thread and lane indices known, kernel parameters and block indices unknown but the same in
 * every lane), and each LDS, STS and LDSM whose addresses come out known relative to one
 * another gets the wavefronts the H100 takes for them.
 *
 * The rule, measured (validation/microbench/bank-conflict-probe, ncu's shared wavefronts): 32
 * banks of 4 bytes; the lanes are served in phases, all 32 lanes together for accesses of up to
 * 8 bytes, 16 lanes at a time for 16 bytes, and one phase per 8x8 matrix of an LDSM (8 rows of
 * 16 bytes); a phase takes as many wavefronts as the most distinct words any one bank holds
 * (lanes reading the same word share it).
 *
 * The listing is read once, in address order, as the first trip of each loop runs: values
 * that change from trip to trip by the same amount in every lane (a pointer stepping through a
 * tile, a buffer index toggling) leave the pattern as it is.
 */
export interface BankConflictOptions {
  /** The block's shape as the kernel sees it (threadIdx); x * y * z threads. */
  readonly blockDim: readonly [number, number, number];
}

/** Wavefronts of each shared-memory access whose lanes' addresses are known, by its address in the listing. */
export function sharedWavefronts(instructions: readonly SassInstruction[], options: BankConflictOptions): Map<number, number> {
  const m: Machine = { regs: new Map(), blockDim: options.blockDim };
  const out = new Map<number, number>();
  const [bx, by] = options.blockDim;
  const special = (name: string): LaneValue | undefined => {
    // Warp 0: threads 0..31 in x-major order.
    if (name === "SR_TID.X") return exactLanes((l) => l % bx);
    if (name === "SR_TID.Y") return exactLanes((l) => Math.floor(l / bx) % by);
    if (name === "SR_TID.Z") return exactLanes((l) => Math.floor(l / (bx * by)));
    if (name === "SR_LANEID") return exactLanes((l) => l);
    if (name === "SRZ") return constant(0);
    // Block index, SM, clock, the cluster's CTA id: the same in every lane.
    return UNIFORM;
  };
  for (const ins of instructions) {
    const operand = ins.operands.find((o) => o.startsWith("["));
    const addresses = operand === undefined ? undefined : addressOf(operand, m);
    const n = addresses === undefined ? undefined : accessWavefronts(ins, addresses.offsets);
    if (n !== undefined) out.set(ins.address, n);
    step(ins, m, special);
  }
  return out;
}

/**
 * Wavefronts of one LDS, STS or LDSM whose lanes use these byte addresses (relative to one
 * another); undefined for any other instruction.
 */
export function accessWavefronts(ins: Pick<SassInstruction, "opcode" | "modifiers">, addresses: Int32Array): number | undefined {
  const access = sharedAccess(ins);
  return access === undefined ? undefined : wavefronts(addresses.subarray(0, access.lanes), access.bytes, access.phaseLanes);
}

/** Scratch of `wavefronts`: each bank's distinct words in one phase (at most 128 a phase), and how many. */
const MOST_WORDS = 128;
const BANK_LIST = new Int32Array(32 * MOST_WORDS);
const BANK_WORDS = new Int32Array(32);

/** The 4-byte words each lane's access touches, grouped in phases; the most distinct words in one bank, summed over phases. */
function wavefronts(addresses: Int32Array, bytes: number, phaseLanes: number): number {
  let total = 0;
  for (let start = 0; start < addresses.length; start += phaseLanes) {
    BANK_WORDS.fill(0);
    let most = 0;
    for (let l = start; l < start + phaseLanes; l++) {
      const first = Math.floor(addresses[l] / 4);
      const last = Math.floor((addresses[l] + bytes - 1) / 4);
      for (let w = first; w <= last; w++) {
        // Lanes reading the same word share it: a bank counts each word once.
        const bank = ((w % 32) + 32) % 32;
        const listed = BANK_WORDS[bank];
        let seen = false;
        for (let i = bank * MOST_WORDS, end = i + listed; i < end; i++) {
          if (BANK_LIST[i] === w) {
            seen = true;
            break;
          }
        }
        if (seen) continue;
        BANK_LIST[bank * MOST_WORDS + listed] = w;
        BANK_WORDS[bank] = listed + 1;
        if (listed + 1 > most) most = listed + 1;
      }
    }
    total += most;
  }
  return total;
}

interface SharedAccess {
  /** Bytes each lane (or, for LDSM, each row) reads or writes. */
  readonly bytes: number;
  /** Lanes served together. */
  readonly phaseLanes: number;
  /** Lanes whose addresses count (LDSM.x1, .x2: 8, 16). */
  readonly lanes: number;
}

function sharedAccess(ins: Pick<SassInstruction, "opcode" | "modifiers">): SharedAccess | undefined {
  if (ins.opcode === "LDS" || ins.opcode === "STS") {
    const bytes = accessBytes(ins.modifiers);
    return { bytes, phaseLanes: bytes <= 8 ? 32 : 16, lanes: LANES };
  }
  // LDSM.16.M88.4: lanes 8m..8m+7 give the 8 rows (16 bytes each) of matrix m; a phase per
  // matrix. LDSM.16.M88.2 and .1 read the rows of lanes 0-15 and 0-7 only.
  if (ins.opcode === "LDSM") {
    const matrices = ins.modifiers.includes("4") ? 4 : ins.modifiers.includes("2") ? 2 : 1;
    return { bytes: 16, phaseLanes: 8, lanes: 8 * matrices };
  }
  return undefined;
}

function accessBytes(modifiers: readonly string[]): number {
  for (const m of modifiers) {
    if (m === "U8" || m === "S8") return 1;
    if (m === "U16" || m === "S16") return 2;
    if (m === "64") return 8;
    if (m === "128") return 16;
  }
  return 4;
}

/** Each lane's address of `[R4+UR6+0x10]`, when every term is known (relative to the others). */
function addressOf(operand: string, m: Machine): LaneValue | undefined {
  const inner = /^\[(.*)\]$/.exec(operand.trim());
  if (inner === null) return undefined;
  let sum: LaneValue | undefined = constant(0);
  for (const [, sign, term] of inner[1].matchAll(/([+-]?)\s*([^+-]+)/g)) {
    const v = valueOf(term.trim(), m);
    sum = add(sum, sign === "-" ? negate(v) : v);
  }
  return sum;
}

const PREDICATE = /^!?U?P[0-6T]$/;
const REGISTER = /^(U?R)(\d+|Z)$/;

/** The registers as far as known, and the block's shape (c[0x0][0x0..0x8] hold blockDim.x, y, z). */
interface Machine {
  readonly regs: Map<string, LaneValue | undefined>;
  readonly blockDim: readonly [number, number, number];
}

function valueOf(text: string, m: Machine): LaneValue | undefined {
  let t = text.replace(/\.reuse$/, "");
  if (t.startsWith("-")) return negate(valueOf(t.slice(1), m));
  if (t.startsWith("~")) return lanewise([valueOf(t.slice(1), m)], ([x]) => ~x);
  if (/^(0x[0-9a-f]+|\d+)$/i.test(t)) return constant(Number(BigInt.asIntN(32, BigInt(t))));
  const c = /^c\[(0x[0-9a-f]+)\]\[(0x[0-9a-f]+)\]$/i.exec(t);
  if (c !== null) {
    // Bank 0 starts with the launch's blockDim (sm_70 and later); the rest is the same in every lane.
    const offset = Number(c[2]);
    return Number(c[1]) === 0 && offset <= 8 && offset % 4 === 0 ? constant(m.blockDim[offset / 4]) : UNIFORM;
  }
  t = t.replace(/\.64$/, "");
  const r = REGISTER.exec(t);
  if (r === null) return undefined;
  return r[2] === "Z" ? constant(0) : m.regs.get(t);
}

/** Registers an instruction writes beyond its first (a pair, or four). */
function destinationWidth(ins: SassInstruction): number {
  const m = ins.modifiers;
  if (m.includes("128") || ins.opcode.endsWith("MMA") || (ins.opcode === "LDSM" && m.includes("4"))) return 4;
  if (m.includes("64") || m.includes("F64") || m.includes("WIDE") || (ins.opcode === "LDSM" && m.includes("2")) || /^D(ADD|FMA|MUL|MNMX)$/.test(ins.opcode)) return 2;
  return 1;
}

function nextRegister(name: string, k: number): string {
  const r = REGISTER.exec(name)!;
  return `${r[1]}${Number(r[2]) + k}`;
}

/** One instruction's effect on the registers it writes. */
function step(ins: SassInstruction, m: Machine, special: (name: string) => LaneValue | undefined): void {
  const regs = m.regs;
  // SHFL writes a predicate first, then its register (`SHFL.BFLY PT, R5, R4, 0x1, 0x1f`).
  const dst = ins.operands[ins.opcode === "SHFL" ? 1 : 0];
  if (dst === undefined || !REGISTER.test(dst) || dst.endsWith("Z")) return;
  const srcs = ins.operands.slice(1).filter((o) => !PREDICATE.test(o));
  const v = (i: number) => (srcs[i] === undefined ? undefined : valueOf(srcs[i], m));
  const results = evaluate(ins, srcs, v, special);
  const width = results.length > 1 ? results.length : destinationWidth(ins);
  const guarded = ins.guard !== undefined && ins.guard !== "@PT" && ins.guard !== "@UPT";
  for (let k = 0; k < width; k++) {
    const name = nextRegister(dst, k);
    const value = results[k];
    regs.set(name, guarded ? either(regs.get(name), value) : value);
  }
}

/** The values an instruction writes (its first destination, and the next for pairs); [] or [undefined] when unknown. */
function evaluate(ins: SassInstruction, srcs: readonly string[], v: (i: number) => LaneValue | undefined, special: (name: string) => LaneValue | undefined): (LaneValue | undefined)[] {
  const op = UNIFORM_FORMS[ins.opcode] ?? ins.opcode;
  const has = (m: string) => ins.modifiers.includes(m);
  // With a carry in (.X) or the high word of a product, the low words alone do not say.
  if (has("X") || (has("HI") && op === "IMAD")) return [undefined];
  switch (op) {
    case "MOV":
    case "MOV32I":
      return [v(0)];
    case "S2R":
      return [special(srcs[0] ?? "")];
    case "CS2R":
      return srcs[0] === "SRZ" ? [constant(0), constant(0)] : [UNIFORM, UNIFORM];
    case "R2UR":
      return [v(0)];
    case "LDC":
      // A constant-bank read at a fixed offset is the same in every lane (a register index is not).
      return /\]\[0x[0-9a-f]+\]$/i.test(srcs[0] ?? "") ? (has("64") ? [UNIFORM, UNIFORM] : [v(0)]) : [undefined];
    case "IADD3":
      return [add(add(v(0), v(1)), v(2))];
    case "VIADD":
    case "IADD":
    case "IADD32I":
      return [add(v(0), v(1))];
    case "IMAD":
      if (has("WIDE")) return [add(multiply(v(0), v(1)), v(2)), undefined];
      return [add(multiply(v(0), v(1)), v(2))];
    case "LEA":
      return [lea(ins, v)];
    case "SHF":
      return [shf(ins, v)];
    case "LOP3": {
      const lut = v(3);
      if (lut === undefined || !lut.exact) return [undefined];
      return [lanewise([v(0), v(1), v(2)], ([a, b, c]) => lop3(a, b, c, lut.offsets[0]))];
    }
    case "SEL":
      return [either(v(0), v(1))];
    default:
      return [undefined];
  }
}

/** The uniform datapath's opcodes compute as their per-lane forms. */
const UNIFORM_FORMS: Readonly<Record<string, string>> = { UMOV: "MOV", UIADD3: "IADD3", UIMAD: "IMAD", ULEA: "LEA", USHF: "SHF", ULOP3: "LOP3", USEL: "SEL", ULDC: "LDC", S2UR: "S2R" };

/** LEA d, a, b, s: (a << s) + b. LEA.HI d, a, b, c, s: b + high word of ({c, a} << s); .SX32 takes c as a's sign. */
function lea(ins: SassInstruction, v: (i: number) => LaneValue | undefined): LaneValue | undefined {
  if (!ins.modifiers.includes("HI")) {
    const s = v(2);
    if (s === undefined || !s.exact) return undefined;
    return add(multiply(v(0), constant(2 ** (s.offsets[0] & 31) | 0)), v(1));
  }
  const sx = ins.modifiers.includes("SX32");
  const s = v(sx ? 2 : 3);
  if (s === undefined || !s.exact) return undefined;
  const n = s.offsets[0] & 31;
  const high = sx ? lanewise([v(0)], ([a]) => (n === 0 ? a >> 31 : ((a >> 31) << n) | (a >>> (32 - n)))) : lanewise([v(0), v(2)], ([a, c]) => (n === 0 ? c : (c << n) | (a >>> (32 - n))));
  return add(high, v(1));
}

/** SHF.L/.R (.U32, .S32, .U64, .HI): a funnel shift of {c, a} by s, its low or (.HI) high word. */
function shf(ins: SassInstruction, v: (i: number) => LaneValue | undefined): LaneValue | undefined {
  const left = ins.modifiers.includes("L");
  const hi = ins.modifiers.includes("HI");
  const signed = ins.modifiers.includes("S32") || ins.modifiers.includes("S64");
  const shift = v(1);
  // A left shift of the low word by a known amount is a multiplication: it keeps U + offsets.
  if (left && !hi && shift !== undefined && shift.exact && shift.offsets.every((x) => x === shift.offsets[0])) {
    const n = shift.offsets[0];
    return n >= 32 ? constant(0) : multiply(v(0), constant(2 ** n | 0));
  }
  return lanewise([v(0), shift, v(2)], ([a, s, c]) => {
    const n = Math.min(s >>> 0, 32);
    if (left) return hi ? (n === 0 ? c : n === 32 ? a : (c << n) | (a >>> (32 - n))) : n === 32 ? 0 : a << n;
    if (hi) return n === 32 ? (signed ? c >> 31 : 0) : signed ? c >> n : c >>> n;
    return n === 0 ? a : n === 32 ? c : (a >>> n) | (c << (32 - n));
  });
}
