import { nearestNames } from "./nearest-names.js";
import type { ScenarioIssue } from "../errors.js";
import { LIMITS } from "../limits.js";
import { OPCODES, Reg } from "./opcodes.js";
import { ParsedProgram, ParsedProgramBuilder, type ParsedInstruction } from "./parsed-program.js";
import { stripComments } from "./source-line.js";

export { ParsedProgram, type ParsedInstruction } from "./parsed-program.js";

export interface ParseContext {
  readonly file: string;
  /** Field path of the program inside the scenario (for messages). */
  readonly path: readonly (string | number)[];
  /** File line of the program's first line, minus one (0 when the text is the whole file). */
  readonly lineOffset: number;
}

export type ParseResult =
  | { readonly ok: true; readonly program: ParsedProgram }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

const MAX_TRIPS = 2 ** 31 - 1;

/**
 * Parses warpsim's SASS-like assembly: one instruction per line (`FFMA R1, R2, R3, R4`), an
 * optional stall count (`[S4]`, the control code ptxas sets), an optional guard (`@P0`, `@!P0`),
 * `#` or `//` comments, and counted loops written as
 * `.loop N` ... `.endloop`, where `.endloop` becomes the loop's closing BRA. See
 * docs/scenario-format.md.
 */
export function parseAssembly(text: string, ctx: ParseContext): ParseResult {
  const issues: ScenarioIssue[] = [];
  const instructions = new ParsedProgramBuilder(text);
  const loops = new LoopDirectives(instructions);
  // Lines are read in place (offsets into `text`), so a program of a million lines does not
  // keep a million line strings alive.
  let next = 0;
  for (let i = 0; next <= text.length; i++) {
    const lineStart = next;
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    next = lineEnd + 1;
    const line = ctx.lineOffset + i + 1;
    const source = stripComments(text.slice(lineStart, lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd));
    if (source === "") continue;
    const fail = (code: ScenarioIssue["code"], expected: string, found: string) => issues.push({ code, file: ctx.file, path: ctx.path, line, expected, found });
    if (source.startsWith(".")) {
      if (!loops.directive(source, line, fail)) break;
      continue;
    }
    if (instructions.length >= LIMITS.programInstructions) {
      fail("out_of_range", `a program of at most ${LIMITS.programInstructions} instructions (use .loop for repetition)`, "more");
      break;
    }
    const parsed = parseInstruction(source, line);
    if (typeof parsed === "string") {
      const [code, expected, found] = parsed.split("\u0000") as [ScenarioIssue["code"], string, string];
      fail(code, expected, found);
    } else {
      instructions.push(parsed, lineStart, lineEnd);
    }
  }
  for (const line of loops.unclosed()) {
    issues.push({ code: "bad_program", file: ctx.file, path: ctx.path, line, expected: "`.endloop` closing this `.loop`", found: "the end of the program" });
  }
  if (issues.length === 0) checkEndsWithExit(instructions, ctx, issues);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, program: new ParsedProgram(instructions) };
}

type Fail = (code: ScenarioIssue["code"], expected: string, found: string) => void;

/**
 * `.loop N` ... `.endloop`: loops nest; each `.endloop` becomes the loop's closing branch, a BRA
 * back to the loop's first instruction taken N - 1 times, with a counter slot of its own.
 */
class LoopDirectives {
  private readonly open: { start: number; trips: number; line: number }[] = [];
  private slots = 0;

  constructor(private readonly instructions: ParsedProgramBuilder) {}

  /** Reads a directive line; false when parsing must stop (too many loops). */
  directive(source: string, line: number, fail: Fail): boolean {
    const [directive, arg, extra] = source.split(/\s+/);
    if (directive === ".loop") return this.loop(source, arg, extra, line, fail);
    if (directive === ".endloop") this.endloop(source, arg, line, fail);
    else fail("bad_program", "a directive `.loop N` or `.endloop`", `"${directive}"`);
    return true;
  }

  /** Lines of the loops left open at the end of the program. */
  unclosed(): number[] {
    return this.open.map((o) => o.line);
  }

  private loop(source: string, arg: string | undefined, extra: string | undefined, line: number, fail: Fail): boolean {
    const trips = arg === undefined ? NaN : Number(arg);
    if (!Number.isInteger(trips) || trips < 1 || trips > MAX_TRIPS || extra !== undefined) {
      fail("bad_program", "`.loop N` with a whole number of trips N >= 1", `"${source}"`);
    } else if (this.slots + this.open.length >= LIMITS.programLoops) {
      fail("out_of_range", `at most ${LIMITS.programLoops} loops in a program (each warp keeps a counter per loop)`, "more");
      return false;
    } else {
      this.open.push({ start: this.instructions.length, trips, line });
    }
    return true;
  }

  private endloop(source: string, arg: string | undefined, line: number, fail: Fail): void {
    // `.endloop @!P0`: the closing branch is guarded by (so waits for) a predicate.
    const guard = arg === undefined ? undefined : /^@!?(P[0-6])$/i.exec(arg);
    if (arg !== undefined && guard === null) {
      fail("bad_operand", "`.endloop` or `.endloop @P0` .. `@!P6` (the predicate the closing branch reads)", `"${source}"`);
      return;
    }
    const open = this.open.pop();
    if (open === undefined) {
      fail("bad_program", "`.endloop` to close an open `.loop`", "no open `.loop`");
    } else if (open.start === this.instructions.length) {
      fail("bad_program", "at least one instruction inside the loop", "an empty loop");
    } else {
      this.instructions.push({
        base: "BRA",
        modifiers: [],
        dsts: [],
        srcs: guard ? [Reg.P0 + Number(guard[1].slice(1))] : [],
        line,
        text: `BRA (loop of line ${open.line}, ${open.trips} trips)`,
        loop: { start: open.start, trips: open.trips, slot: this.slots++ },
      });
    }
  }
}

/** A program ends with EXIT (the warp must leave). */
function checkEndsWithExit(instructions: ParsedProgramBuilder, ctx: ParseContext, issues: ScenarioIssue[]): void {
  const last = instructions.length - 1;
  if (last >= 0 && instructions.base[last] === "EXIT") return;
  issues.push({
    code: "bad_program",
    file: ctx.file,
    path: ctx.path,
    line: last < 0 ? undefined : instructions.line.at(last),
    expected: "a program that ends with EXIT",
    found: last < 0 ? "an empty program" : `"${instructions.textAt(last)}" as the last instruction`,
  });
}


/** `R1, R2, 0x4` → ["R1", "R2", "0x4"], trimmed; [] for no operands. */
function splitOperands(text: string): string[] {
  const out: string[] = [];
  if (text === "") return out;
  let from = 0;
  for (;;) {
    const comma = text.indexOf(",", from);
    const part = text.slice(from, comma < 0 ? text.length : comma);
    out.push(part.charCodeAt(0) <= 32 || part.charCodeAt(part.length - 1) <= 32 ? part.trim() : part);
    if (comma < 0) return out;
    from = comma + 1;
  }
}

const OPCODE_NAMES = new Map(Object.keys(OPCODES).map((name) => [name, name]));

/** Returns the instruction, or an error as "code\0expected\0found". */
function parseInstruction(source: string, line: number): ParsedInstruction | string {
  const err = (code: string, expected: string, found: string) => `${code}\u0000${expected}\u0000${found}`;
  let rest = source;
  const srcs: number[] = [];

  // `[S4] FFMA ...`: the control code's stall count, 1..15 as in SASS.
  let stall: number | undefined;
  const control = rest.charCodeAt(0) === 91 /* [ */ ? /^\[([^\]]*)\]\s*/.exec(rest) : null;
  if (control) {
    const m = /^S(\d+)$/i.exec(control[1].trim());
    stall = m === null ? NaN : Number(m[1]);
    if (!(stall >= 1 && stall <= 15)) return err("bad_operand", "a stall count [S1] .. [S15] before the instruction", `"[${control[1]}]"`);
    rest = rest.slice(control[0].length);
  }

  const guard = rest.charCodeAt(0) === 64 /* @ */ ? /^@(!?)(\S+)\s+/.exec(rest) : null;
  if (guard) {
    const p = parsePredicate(guard[2]);
    if (p === undefined) return err("bad_operand", "a guard predicate @P0..@P6 or @PT", `"@${guard[1]}${guard[2]}"`);
    if (p !== Reg.PT) srcs.push(p);
    rest = rest.slice(guard[0].length);
  }

  let space = rest.indexOf(" ");
  if (space < 0 || /\s/.test(rest.slice(0, space))) space = rest.search(/\s/);
  const opcode = space < 0 ? rest : rest.slice(0, space);
  const operandText = space < 0 ? "" : rest.slice(space + 1).trim();
  const [written, ...modifiers] = opcode.toUpperCase().split(".");
  const info = OPCODES[written];
  // The table's own key string, so a million instructions share a handful of opcode strings.
  const base = OPCODE_NAMES.get(written) ?? written;
  if (info === undefined) {
    const near = nearestNames(written, Object.keys(OPCODES));
    return err("unknown_opcode", near.length > 0 ? `an opcode such as ${near.join(" or ")} (docs/sass.md, "Opcodes", lists all ${Object.keys(OPCODES).length})` : `an opcode (docs/sass.md, "Opcodes", lists the ${Object.keys(OPCODES).length} warpsim times)`, `"${opcode}"`);
  }
  if (base === "BRA") {
    return err("bad_program", "a counted loop written as `.loop N` ... `.endloop` (BRA with a label is not supported)", `"${source}"`);
  }
  const operands = splitOperands(operandText);
  if (operands.length < info.minOperands || operands.length > info.maxOperands) {
    const range = info.minOperands === info.maxOperands ? `${info.minOperands}` : `${info.minOperands} to ${info.maxOperands}`;
    return err("bad_operand", `${range} operand${info.maxOperands === 1 ? "" : "s"} for ${base}`, `${operands.length} in "${source}"`);
  }
  if (base === "EXIT" && guard !== null && parsePredicate(guard[2]) !== Reg.PT) {
    // A guarded EXIT ends only the threads whose predicate is true; the assembly has no notion
    // of a fraction of threads, so ending the whole warp would be a silent misreading.
    return err("bad_program", "an unguarded EXIT (a guarded `@P0 EXIT` ends only some threads, which the assembly cannot express)", `"${source}"`);
  }

  if (base === "BAR") {
    // The compiler sets stall counts on BAR too (`[S5] BAR.SYNC 0x0`): the warp's next
    // instruction issues no sooner than that after the BAR, and no sooner than the release.
    const bar = parseBarrier(operands, modifiers, source, line, srcs, err);
    return typeof bar !== "string" && stall !== undefined ? { ...bar, stall } : bar;
  }

  const dstWidth = modifiers.includes("128") ? 4 : modifiers.includes("64") || modifiers.includes("WIDE") ? 2 : 1;
  const dsts: number[] = [];
  let destinations = info.destinations;
  for (let i = 0; i < operands.length; i++) {
    const regs = parseOperand(operands[i]);
    if (typeof regs === "string") return err("bad_operand", regs, `"${operands[i]}" in "${source}"`);
    // `LOP3.LUT P0, RZ, ...`: a predicate result first, then the register destination.
    if (info.predicateOut === true && i === 0 && operands.length > info.minOperands && isPredicate(regs)) destinations++;
    // `IADD3 R0, P0, ...` / `LEA R4, P1, ...`: a predicate after the destination is a carry-out.
    const carry = info.carryOut === true && i === destinations && i < operands.length - 1 && isPredicate(regs);
    if (carry) destinations++;
    if (i < destinations) {
      if (regs.length !== 1 || regs[0].memory) {
        return err("bad_operand", `a destination register as operand ${i + 1} of ${base}`, `"${operands[i]}"`);
      }
      const width = regs[0].reg < Reg.P0 ? Math.max(dstWidth, regs[0].width) : 1;
      if (width === 1) {
        dsts.push(regs[0].reg);
        continue;
      }
      const range = widen(regs[0].reg, width);
      if (typeof range === "string") return err("out_of_range", range, `"${operands[i]}" in "${source}"`);
      for (const r of range) dsts.push(r);
    } else {
      for (const r of regs) {
        if (r.width === 1) {
          srcs.push(r.reg);
          continue;
        }
        const range = widen(r.reg, r.width);
        if (typeof range === "string") return err("out_of_range", range, `"${operands[i]}" in "${source}"`);
        for (const x of range) srcs.push(x);
      }
    }
  }
  return { base, modifiers, dsts, srcs, line, text: source, stall };
}

function parseBarrier(
  operands: string[],
  modifiers: string[],
  source: string,
  line: number,
  srcs: number[],
  err: (code: string, expected: string, found: string) => string,
): ParsedInstruction | string {
  const id = operands.length > 0 ? parseImmediate(operands[0]) : 0;
  if (id === undefined || !Number.isInteger(id) || id < 0 || id > 15) {
    return err("out_of_range", "a barrier id 0..15", `"${operands[0]}" in "${source}"`);
  }
  let threads: number | undefined;
  if (operands.length > 1) {
    threads = parseImmediate(operands[1]);
    if (threads === undefined || !Number.isInteger(threads) || threads <= 0 || threads % 32 !== 0) {
      return err("out_of_range", "a barrier thread count that is a positive multiple of 32", `"${operands[1]}" in "${source}"`);
    }
  }
  return { base: "BAR", modifiers, dsts: [], srcs, line, text: source, barrier: { id, threads } };
}

function isPredicate(regs: readonly OperandReg[]): boolean {
  return regs.length === 1 && !regs[0].memory && regs[0].reg >= Reg.P0 && regs[0].reg <= Reg.PT;
}

interface OperandReg {
  readonly reg: number;
  readonly width: number;
  readonly memory: boolean;
}

/** Registers an operand reads or names; a string is the "expected" part of an error. */
function parseOperand(operand: string): readonly OperandReg[] | string {
  const plain = plainRegister(operand);
  if (plain >= 0) return PLAIN_REGISTERS[plain];
  const text = operand.replace(/^[-!~]+/, "").replace(/^\|(.*)\|$/, "$1");
  if (text.includes("[") || text.includes("]")) {
    // Memory or constant operand: desc[UR6][R4.64], [R2+0x10], c[0x0][0x210].
    if (!/^[A-Za-z_]*(\[[^[\]]*\])+$/.test(text)) return "a memory operand in closed brackets, such as [R2.64], [R2+0x10] or desc[UR4][R2.64]";
    if (/^c\[/i.test(text)) return [];
    const out: OperandReg[] = [];
    for (const group of text.matchAll(/\[([^\]]*)\]/g)) {
      for (const term of group[1].split("+")) {
        const t = term.trim();
        if (t === "" || parseImmediate(t) !== undefined) continue;
        const r = parseRegister(t);
        if (typeof r === "string") return r;
        out.push({ ...r, memory: true });
      }
    }
    return out;
  }
  if (parseImmediate(text) !== undefined) return [];
  const r = parseRegister(text);
  if (typeof r === "string") return r;
  return [{ ...r, memory: false }];
}

/** `R0` .. `R254` as operands, shared: the common case allocates nothing. */
const PLAIN_REGISTERS: readonly (readonly OperandReg[])[] = Array.from({ length: 255 }, (_, reg) => Object.freeze([Object.freeze({ reg, width: 1, memory: false })]));

/**
 * The common operand `R12` read without regular expressions (programs of a million lines spend
 * most of their parse here); -1 for anything else, which the general path then reads.
 */
function plainRegister(token: string): number {
  const n = token.length;
  if (n < 2 || n > 4 || token.charCodeAt(0) !== 82 /* R */) return -1;
  let value = 0;
  for (let i = 1; i < n; i++) {
    const d = token.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value <= 254 ? value : -1;
}

function parseRegister(token: string): { reg: number; width: number } | string {
  const m = /^(UR|R|P)(\d+|Z|T)((?:\.[A-Za-z0-9_]+)*)$/i.exec(token);
  if (!m) return "a register (R0..R254, RZ, P0..P6, PT, UR0..UR62, URZ), an immediate, or a memory operand [R2]";
  const kind = m[1].toUpperCase();
  const id = m[2].toUpperCase();
  const suffixes = m[3].toUpperCase().split(".");
  const width = suffixes.includes("128") ? 4 : suffixes.includes("64") ? 2 : 1;
  if (kind === "R") {
    if (id === "Z") return { reg: Reg.RZ, width: 1 };
    const n = Number(id);
    if (id === "T" || n > 254) return "a register R0..R254 or RZ";
    return { reg: n, width };
  }
  if (kind === "UR") {
    if (id === "Z") return { reg: Reg.URZ, width: 1 };
    const n = Number(id);
    if (id === "T" || n > 62) return "a uniform register UR0..UR62 or URZ";
    return { reg: Reg.UR0 + n, width };
  }
  const p = parsePredicate(`P${id}`);
  return p === undefined ? "a predicate P0..P6 or PT" : { reg: p, width: 1 };
}

function parsePredicate(token: string): number | undefined {
  const m = /^P(\d|T)$/i.exec(token);
  if (!m) return undefined;
  if (m[1].toUpperCase() === "T") return Reg.PT;
  const n = Number(m[1]);
  return n <= 6 ? Reg.P0 + n : undefined;
}

function parseImmediate(token: string): number | undefined {
  if (/^[-+]?0x[0-9a-f]+$/i.test(token)) return Number.parseInt(token, 16);
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?f?$/i.test(token)) return Number.parseFloat(token);
  if (/^[-+]?(inf|nan|qnan)$/i.test(token)) return 0;
  return undefined;
}

/** The registers a value of `width` occupies starting at `reg`, or an error. */
function widen(reg: number, width: number): number[] | string {
  if (width === 1 || reg === Reg.RZ || reg === Reg.URZ) return [reg];
  if (reg % width !== 0) return `an aligned ${width * 32}-bit register (R${width === 2 ? "2n" : "4n"})`;
  const limit = reg < Reg.P0 ? 254 : Reg.URZ - 1;
  if (reg + width - 1 > limit) return "a register range that ends at or below R254";
  return Array.from({ length: width }, (_, k) => reg + k);
}
