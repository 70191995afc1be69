/**
 * A kernel's parameters from its name. A SASS listing names no parameters, but a C++ kernel's
 * mangled name (Itanium C++ ABI, what nvcc emits) spells their types, and the CUDA ABI lays
 * them out in constant bank 0 in order, each at its natural alignment, from the architecture's
 * parameter base (sm_90: c[0x0][0x210], as validation/sass/kernels.sass shows: grid_stride_sum's
 * x, out and n at 0x210, 0x218 and 0x220). An `extern "C"` kernel's name is not mangled: its
 * types must be given with the arguments.
 */

/** What the simulator needs of a parameter's type: its size, alignment and how to read a value. */
export interface ParamType {
  /** As C++ writes it: `float*`, `const float*`, `int`, `sgemm_smem<16>`... */
  readonly text: string;
  readonly kind: "int" | "uint" | "float" | "pointer" | "bool" | "struct";
  readonly bytes: number;
  readonly align: number;
}

export interface KernelSignature {
  /** The kernel's name without its parameter list, templates included (`sgemm_smem<16>`). */
  readonly name: string;
  /** The name without template arguments (`sgemm_smem`). */
  readonly shortName: string;
  readonly params: readonly ParamType[];
}

const BUILTINS: Readonly<Record<string, ParamType>> = {
  b: { text: "bool", kind: "bool", bytes: 1, align: 1 },
  c: { text: "char", kind: "int", bytes: 1, align: 1 },
  a: { text: "signed char", kind: "int", bytes: 1, align: 1 },
  h: { text: "unsigned char", kind: "uint", bytes: 1, align: 1 },
  s: { text: "short", kind: "int", bytes: 2, align: 2 },
  t: { text: "unsigned short", kind: "uint", bytes: 2, align: 2 },
  i: { text: "int", kind: "int", bytes: 4, align: 4 },
  j: { text: "unsigned int", kind: "uint", bytes: 4, align: 4 },
  l: { text: "long", kind: "int", bytes: 8, align: 8 },
  m: { text: "unsigned long", kind: "uint", bytes: 8, align: 8 },
  x: { text: "long long", kind: "int", bytes: 8, align: 8 },
  y: { text: "unsigned long long", kind: "uint", bytes: 8, align: 8 },
  f: { text: "float", kind: "float", bytes: 4, align: 4 },
  d: { text: "double", kind: "float", bytes: 8, align: 8 },
};

/** Types passed by value whose layout CUDA fixes (vector types, half precision, TMA descriptors). */
const KNOWN_STRUCTS: Readonly<Record<string, { bytes: number; align: number }>> = {
  __half: { bytes: 2, align: 2 },
  __nv_bfloat16: { bytes: 2, align: 2 },
  float2: { bytes: 8, align: 8 },
  float4: { bytes: 16, align: 16 },
  int2: { bytes: 8, align: 8 },
  int4: { bytes: 16, align: 16 },
  uint2: { bytes: 8, align: 8 },
  uint4: { bytes: 16, align: 16 },
  double2: { bytes: 16, align: 16 },
  dim3: { bytes: 12, align: 4 },
  // cuda.h: typedef struct CUtensorMap_st { alignas(64) cuuint64_t opaque[16]; } CUtensorMap;
  // passed as `const __grid_constant__ CUtensorMap`; the parameter space places it 128-aligned
  // (validation/async/kernels.sass: gemm_ws's maps at c[0x0][0x280] and 0x300, probe_copy's at 0x280 after 16 bytes at 0x210).
  CUtensorMap_st: { bytes: 128, align: 128 },
  CUtensorMap: { bytes: 128, align: 128 },
};

const POINTER = (to: string): ParamType => ({ text: `${to}*`, kind: "pointer", bytes: 8, align: 8 });

/** Why a name could not be read, for the caller's message. */
export class UnreadableName extends Error {
  override name = "UnreadableName" as const;
}

/**
 * The kernel's name and parameter types from its mangled name, or undefined when the name is
 * not mangled (`extern "C"`). Throws UnreadableName for a mangled name this reader does not
 * cover (the message says what it met).
 */
export function demangleKernel(mangled: string): KernelSignature | undefined {
  if (!mangled.startsWith("_Z")) return undefined;
  return new Demangler(mangled).kernel();
}

/**
 * A small reader of the Itanium grammar a kernel name uses: a (possibly nested or templated)
 * name, template arguments of literals and types, then the parameter types with pointers,
 * cv-qualifiers, class names and substitutions (S_, S0_, ...).
 */
class Demangler {
  private at = 2;
  /** Substitution candidates in order (S_ is the first): template names, qualified and pointer types, class names. */
  private readonly subs: ParamType[] = [];
  /** The template arguments met so far (T_ is the first), undefined for a literal. */
  private readonly templateTypes: (ParamType | undefined)[] = [];
  private templated = false;

  constructor(private readonly text: string) {}

  kernel(): KernelSignature {
    const { full, short } = this.name();
    // A template function's encoding gives its return type first (always void for a kernel).
    if (this.templated) {
      if (this.peek() !== "v") this.fail("a kernel's return type, void (v)");
      this.at++;
    }
    const params: ParamType[] = [];
    if (this.peek() === "v" && this.at === this.text.length - 1) this.at++;
    while (this.at < this.text.length) params.push(this.type());
    return { name: full, shortName: short, params };
  }

  private peek(): string {
    return this.text[this.at] ?? "";
  }

  private fail(what: string): never {
    throw new UnreadableName(`${what} at character ${this.at} of "${this.text}"`);
  }

  private number(): number {
    const m = /^\d+/.exec(this.text.slice(this.at));
    if (m === null) this.fail("a length");
    this.at += m[0].length;
    return Number(m[0]);
  }

  private sourceName(): string {
    const n = this.number();
    const s = this.text.slice(this.at, this.at + n);
    if (s.length < n) this.fail("a name of the length given");
    this.at += n;
    return s;
  }

  /** <name>: a source name, a nested name N...E, each optionally with template arguments. */
  private name(): { full: string; short: string } {
    const parts: string[] = [];
    let short = "";
    const nested = this.peek() === "N";
    if (nested) this.at++;
    do {
      // Each prefix of a nested name (a namespace, an enclosing class) is a substitution candidate.
      if (parts.length > 0) this.subs.push({ text: parts.join("::"), kind: "struct", bytes: 0, align: 1 });
      short = this.sourceName();
      let part = short;
      if (this.peek() === "I") {
        this.subs.push({ text: [...parts, short].join("::"), kind: "struct", bytes: 0, align: 1 });
        part += `<${this.templateArgs().join(", ")}>`;
        this.templated = true;
      }
      parts.push(part);
    } while (nested && this.peek() !== "E" && this.at < this.text.length);
    if (nested) {
      if (this.peek() !== "E") this.fail("E closing a nested name");
      this.at++;
    }
    return { full: parts.join("::"), short };
  }

  /** I <arg>+ E: literals (L i 16 E) or types. */
  private templateArgs(): string[] {
    this.at++; // I
    const args: string[] = [];
    while (this.peek() !== "E") {
      if (this.at >= this.text.length) this.fail("E closing template arguments");
      if (this.peek() === "L") {
        this.at++;
        const t = BUILTINS[this.peek()];
        if (t === undefined) this.fail("a literal's builtin type");
        this.at++;
        const m = /^n?\d+/.exec(this.text.slice(this.at));
        if (m === null) this.fail("a literal's value");
        this.at += m[0].length;
        if (this.peek() !== "E") this.fail("E closing a literal");
        this.at++;
        args.push(m[0].replace(/^n/, "-"));
        this.templateTypes.push(undefined);
      } else {
        const t = this.type();
        args.push(t.text);
        this.templateTypes.push(t);
      }
    }
    this.at++; // E
    return args;
  }

  private type(): ParamType {
    const c = this.peek();
    if (BUILTINS[c] !== undefined) {
      this.at++;
      return BUILTINS[c];
    }
    if (c === "D" && this.text[this.at + 1] === "h") {
      this.at += 2;
      return { text: "__half", kind: "float", bytes: 2, align: 2 };
    }
    if (c === "P") {
      this.at++;
      const t = POINTER(this.type().text);
      this.subs.push(t);
      return t;
    }
    if (c === "K" || c === "V" || c === "r") {
      this.at++;
      const inner = this.type();
      const word = c === "K" ? "const" : c === "V" ? "volatile" : "__restrict__";
      const t = { ...inner, text: `${word} ${inner.text}` };
      this.subs.push(t);
      return t;
    }
    if (c === "S") return this.substitution();
    if (c === "T") return this.templateParam();
    if (/\d/.test(c) || c === "N") {
      const { full } = this.name();
      const known = KNOWN_STRUCTS[full];
      const t: ParamType = { text: full, kind: "struct", bytes: known?.bytes ?? 0, align: known?.align ?? 1 };
      this.subs.push(t);
      return t;
    }
    return this.fail(`a parameter type warpsim reads (found "${c}")`);
  }

  /** T_ is the function's first template argument, T<n>_ the (n + 2)-th (`template <typename T> f(T*)`: PT_). */
  private templateParam(): ParamType {
    const m = /^T(\d*)_/.exec(this.text.slice(this.at));
    if (m === null) this.fail("a template parameter T_ or T<n>_");
    this.at += m[0].length;
    const index = m[1] === "" ? 0 : Number(m[1]) + 1;
    const t = this.templateTypes[index];
    if (t === undefined) this.fail(`template argument ${index} as a type (${this.templateTypes.length} so far)`);
    this.subs.push(t);
    return t;
  }

  /** S_ is the first candidate, S<base 36>_ the one after it. */
  private substitution(): ParamType {
    this.at++; // S
    const m = /^([0-9A-Z]*)_/.exec(this.text.slice(this.at));
    if (m === null) this.fail("a substitution S_ or S<n>_");
    this.at += m[0].length;
    const index = m[1] === "" ? 0 : parseInt(m[1], 36) + 1;
    const t = this.subs[index];
    if (t === undefined) this.fail(`substitution ${index} (only ${this.subs.length} so far)`);
    return t;
  }
}

/** A parameter at its offset in constant bank 0. */
export interface PlacedParam extends ParamType {
  readonly offset: number;
}

/** The CUDA ABI's layout: each parameter at its natural alignment, in order, from `base`. */
export function layoutParams(params: readonly ParamType[], base: number): PlacedParam[] {
  let offset = base;
  return params.map((p) => {
    offset = Math.ceil(offset / p.align) * p.align;
    const placed = { ...p, offset };
    offset += p.bytes;
    return placed;
  });
}
