import { quoteToken, type ScenarioIssue } from "../errors.js";
import { decodeControl, type ControlCode } from "./control-code.js";
import { isResourceUsageLine } from "./resource-usage.js";

/** One instruction of a kernel as cuobjdump (or nvdisasm -hex) prints it. */
export interface SassInstruction {
  /** Byte address in the kernel (`/*01c0*\/`). */
  readonly address: number;
  /** Line in the file (1-based). */
  readonly line: number;
  /** Guard predicate as written (`@!P0`, `@UP1`), or undefined. */
  readonly guard?: string;
  /** Base opcode and modifiers: `LDG` and [`E`, `CONSTANT`] for `LDG.E.CONSTANT`. */
  readonly opcode: string;
  readonly modifiers: readonly string[];
  /** Operands split at top-level commas, as written. */
  readonly operands: readonly string[];
  /** The instruction text without address and encoding. */
  readonly text: string;
  readonly control: ControlCode;
  /** Branch target address (BRA, BSSY's reconvergence point), from `0x1d0` or a label. */
  readonly target?: number;
}

export interface SassKernel {
  readonly name: string;
  /** Line of the kernel's header in the file. */
  readonly line: number;
  readonly instructions: readonly SassInstruction[];
}

export type ReadSassResult = { readonly ok: true; readonly kernels: readonly SassKernel[] } | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

// `        /*01c0*/              @!P0 BRA 0xf0 ;      /* 0xfffffffc00c88947 */`
const INSTRUCTION = /^\s*\/\*([0-9a-fA-F]{4,})\*\/\s+(.*?)\s*;?\s*(?:\/\*\s*(0x[0-9a-fA-F]{16})\s*\*\/)?\s*$/;
// `                                                    /* 0x000fec000383ffff */`
const HIGH_WORD = /^\s*\/\*\s*(0x[0-9a-fA-F]{16})\s*\*\/\s*$/;
const CUOBJDUMP_FUNCTION = /^\s*Function\s*:\s*(\S+)\s*$/;
// nvdisasm: `.text.kernel_name:` section labels, and `.L_x_3:` branch labels.
const NVDISASM_SECTION = /^\s*\.text\.([A-Za-z_$][\w$.]*):\s*$/;
const LABEL = /^\s*(\.L[\w$.]*|[A-Za-z_$][\w$]*)\s*:\s*$/;
const BODY = /^(?:(@!?U?P(?:[0-6T]))\s+)?([A-Z][A-Z0-9_]*)((?:\.[A-Za-z0-9_]+)*)\s*(.*)$/;
/** Opcodes whose first operand is a code address. */
const TARGET_OPCODES = new Set(["BRA", "BSSY", "CALL", "JMP", "BREAK", "SSY", "PBK", "PCNT", "CAL", "JCAL"]);

/**
 * Reads the kernels of a `cuobjdump -sass` (or `nvdisasm -hex`) listing: each kernel's
 * instructions with their addresses, guards, operands and decoded control codes. Headers,
 * `.headerflags`, fatbin banners and the `.....` end markers are skipped; anything else that
 * is not an instruction is an error naming its line.
 */
export function readSass(text: string, file: string): ReadSassResult {
  // The same listing read again (validate's and sweep's configurations of one kernel, each
  // resolved on its own) is the result of the last read: results are never modified.
  if (last !== undefined && last.file === file && last.text === text) return last.result;
  const result = read(text, file);
  last = { text, file, result };
  return result;
}

let last: { readonly text: string; readonly file: string; readonly result: ReadSassResult } | undefined;

function read(text: string, file: string): ReadSassResult {
  // A cubin or an executable (ELF; a fatbinary holds NUL bytes too) instead of its listing.
  if (text.startsWith("\x7fELF") || text.slice(0, 4096).includes("\u0000")) {
    const what = text.startsWith("\x7fELF") ? "a cubin or an executable (an ELF file)" : "a binary file";
    return { ok: false, issues: [{ code: "bad_program", file, path: ["program", "sass"], line: 1, expected: `a SASS listing: run \`cuobjdump -sass ${file} > kernels.sass\` (or nvdisasm for a cubin) and pass its output`, found: what }] };
  }
  const reader = new ListingReader(text.split(/\r?\n/), file);
  for (let i = 0; i < reader.lines.length && reader.issues.length < 50; i++) reader.readLine(i);
  return reader.finish();
}

interface KernelBeingRead {
  readonly name: string;
  readonly line: number;
  readonly instructions: SassInstruction[];
  /** Label to -1 - the index of the instruction after it (resolved to addresses at the end). */
  readonly labels: Map<string, number>;
  readonly pending: PendingTarget[];
}

/**
 * Reads a listing line by line: a kernel header (`Function : NAME`, or nvdisasm's section
 * label) starts a kernel; an instruction line is followed by the high word of its encoding,
 * which holds the control code; labels name the next instruction. Branch targets given as
 * labels are resolved once the whole kernel is read.
 */
class ListingReader {
  readonly issues: ScenarioIssue[] = [];
  private readonly kernels: KernelBeingRead[] = [];
  private current: KernelBeingRead | undefined;
  /** An instruction read, waiting for its encoding's high word on the next line. */
  private waiting: { partial: Omit<SassInstruction, "control">; line: number } | undefined;

  constructor(
    readonly lines: readonly string[],
    private readonly file: string,
  ) {}

  private fail(line: number, expected: string, found: string): void {
    this.issues.push({ code: "bad_program", file: this.file, path: ["program", "sass"], line, expected, found });
  }

  readLine(i: number): void {
    const raw = this.lines[i];
    const line = i + 1;
    if (this.waiting !== undefined) {
      const high = HIGH_WORD.exec(raw);
      const { partial } = this.waiting;
      if (high) {
        this.current!.instructions.push({ ...partial, control: decodeControl(high[1]) });
        this.waiting = undefined;
        return;
      }
      this.fail(this.waiting.line, "each instruction followed by the line with the high word of its encoding (`/* 0x000fe20003f06270 */`): cuobjdump -sass, or nvdisasm -hex", "no encoding on the next line");
      this.waiting = undefined;
    }
    if (/^\s*Fatbin /.test(raw)) this.current = undefined; // a new fatbin member: kernels come under it
    const fn = CUOBJDUMP_FUNCTION.exec(raw) ?? NVDISASM_SECTION.exec(raw);
    if (fn) {
      this.kernels.push((this.current = { name: fn[1], line, instructions: [], labels: new Map(), pending: [] }));
      return;
    }
    const ins = INSTRUCTION.exec(raw);
    if (ins && this.current !== undefined) return this.instruction(ins, i);
    if (isResourceUsageLine(raw)) return; // pasted cuobjdump -res-usage (` Common:` would read as a label)
    const label = LABEL.exec(raw);
    if (label && this.current !== undefined) {
      // A label names the next instruction's address; resolved once the kernel is read.
      if (this.current.labels.has(label[1])) return this.fail(line, `each label defined once in kernel ${this.current.name}`, `${quoteToken(label[1])} defined again`);
      this.current.labels.set(label[1], -1 - this.current.instructions.length);
      return;
    }
    if (!isSkippable(raw)) {
      this.fail(line, this.current === undefined ? "a `Function : NAME` header before the first instruction (cuobjdump -sass output)" : "an instruction line `/*0070*/ OPCODE operands ; /* 0x... */`", quoteToken(raw));
    }
  }

  /** An instruction line (INSTRUCTION matched): its fields, its branch target, and the wait for its encoding. */
  private instruction(ins: RegExpExecArray, i: number): void {
    const current = this.current!;
    const line = i + 1;
    const address = parseInt(ins[1], 16);
    const body = BODY.exec(ins[2].replace(/\s*;\s*$/, ""));
    if (!body) return this.fail(line, "an instruction `[@guard] OPCODE[.MODIFIERS] operands`", `"${ins[2].trim()}"`);
    const [, guard, opcode, mods, rest] = body;
    const operands = splitOperands(rest);
    let target: number | undefined;
    // Volta's `BREAK B0` names a convergence barrier, not a target (Maxwell's BRK had one).
    if (TARGET_OPCODES.has(opcode) && !(opcode === "BREAK" && /^B\d+$/.test(operands[operands.length - 1] ?? ""))) {
      // The target is the last operand: `BSSY B0, 0x480`, `BRA.DIV UR4, 0x3b0`, `BRA 0xf0`.
      const operand = operands[operands.length - 1];
      const at = parseTarget(operand);
      const label = at === undefined ? /^`?\(?([^)`\s]+)\)?`?$/.exec(operand ?? "") : null;
      if (at !== undefined) target = at;
      else if (label) current.pending.push({ index: current.instructions.length, label: label[1], line, optional: opcode === "CALL" });
      // A call's target may be outside the listing (`CALL.ABS.NOINC 0x0` to vprintf): calls are not followed.
      else if (opcode !== "CALL") this.fail(line, `${opcode} with a target address (0x1d0) or label (\`(.L_x_3)\`)`, `"${ins[2].trim()}"`);
    }
    const partial = {
      address,
      line,
      ...(guard !== undefined ? { guard } : {}),
      opcode,
      modifiers: mods === "" ? [] : mods.slice(1).split("."),
      operands,
      text: ins[2].replace(/\s*;\s*$/, "").replace(/\s+/g, " ").trim(),
      ...(target !== undefined ? { target } : {}),
    };
    const next = this.lines[i + 1] ?? "";
    if (ins[3] !== undefined && HIGH_WORD.test(next)) this.waiting = { partial, line };
    else if (ins[3] !== undefined) this.fail(line, "the high word of the encoding on the line after the instruction (sm_70 and later print two 64-bit words)", `"${next.trim()}"`);
    else this.fail(line, "the instruction's encoding in a comment (`/* 0x... */`): cuobjdump -sass prints it; for nvdisasm add -hex", "no encoding");
  }

  /** The end of the listing: labels resolved, and at least one kernel with instructions. */
  finish(): ReadSassResult {
    if (this.waiting !== undefined) this.fail(this.waiting.line, "the line with the high word of the encoding after the last instruction", "end of file");
    for (const k of this.kernels) {
      for (const p of k.pending) {
        const at = k.labels.get(p.label);
        const ins = at === undefined ? undefined : k.instructions[-1 - at];
        if (ins === undefined && !p.optional) this.fail(p.line, `a label defined in kernel ${k.name}`, `"${p.label}"`);
        else if (ins !== undefined) k.instructions[p.index] = { ...k.instructions[p.index], target: ins.address };
      }
    }
    if (this.issues.length === 0 && this.kernels.every((k) => k.instructions.length === 0)) {
      this.fail(1, "cuobjdump -sass output with at least one kernel (`Function : NAME` and its instructions)", this.kernels.length === 0 ? "no kernel" : "kernels without instructions");
    }
    if (this.issues.length > 0) return { ok: false, issues: this.issues };
    return { ok: true, kernels: this.kernels.map((k) => ({ name: k.name, line: k.line, instructions: k.instructions })) };
  }
}

interface PendingTarget {
  readonly index: number;
  readonly label: string;
  readonly line: number;
  /** A call's: the label may name a function outside the kernel. */
  readonly optional?: boolean;
}

function parseTarget(operand: string | undefined): number | undefined {
  if (operand === undefined) return undefined;
  const m = /^`?\(?(0x[0-9a-fA-F]+)\)?`?$/.exec(operand.trim());
  return m ? parseInt(m[1], 16) : undefined;
}

/** Splits `R2, desc[UR6][R4.64], c[0x0][0x210]` at commas outside brackets. */
function splitOperands(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "[" || c === "(" || c === "{") depth++;
    else if (c === "]" || c === ")" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== "") out.push(last);
  return out;
}

/** Lines of a listing that carry no instruction: banners, headers, directives, end markers. */
function isSkippable(raw: string): boolean {
  const t = raw.trim();
  return (
    t === "" ||
    /^\.+$/.test(t) ||
    /^=+$/.test(t) ||
    t.startsWith(".") ||
    t.startsWith("//") ||
    /^(Fatbin|code for|Function|Disassembly|\[\d+\])/.test(t) ||
    /^[A-Za-z_][\w ]*=/.test(t) || // fatbin banner fields: `arch = sm_90`, `ptxasOptions = -v`
    t === "compressed" ||
    /^\/\*\s*0x[0-9a-fA-F]{16}\s*\*\/$/.test(t) ||
    /^\/\*[0-9a-fA-F]+\*\/\s*$/.test(t)
  );
}
