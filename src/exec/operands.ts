/**
 * A SASS instruction's operands as the executor reads them, decoded once per instruction from
 * the listing's text: registers (with -, |..| and ~), uniform registers, predicates, immediates,
 * constant-bank reads, special registers and memory addresses.
 */

/** RZ and URZ: the zero registers (index 255 and 63 in their files). */
export const RZ = 255;
export const URZ = 63;
/** PT and UPT: the true predicates. */
export const PT = 7;

export type Operand =
  | { readonly kind: "reg"; readonly index: number; readonly negate: boolean; readonly abs: boolean; readonly not: boolean }
  | { readonly kind: "ureg"; readonly index: number; readonly negate: boolean; readonly not: boolean }
  | { readonly kind: "pred"; readonly index: number; readonly not: boolean; readonly uniform: boolean }
  | { readonly kind: "imm"; readonly value: number; readonly float: boolean }
  | { readonly kind: "const"; readonly bank: number; readonly offset: number; readonly reg: number; readonly ureg: number; readonly negate: boolean }
  | { readonly kind: "special"; readonly name: string }
  | { readonly kind: "mem"; readonly reg: number; readonly wide: boolean; readonly ureg: number; readonly offset: number; readonly scale?: number }
  | { readonly kind: "barrier"; readonly index: number }
  | { readonly kind: "other"; readonly text: string };

const REG = /^(-)?(\|)?(~)?(R(\d+)|RZ)(?:\.(?:reuse|H0|H1|B\d|64|U32|F32|X|H0_H0|H1_H1))*\|?$/;
const UREG = /^(-)?(~)?(UR(\d+)|URZ)(?:\.\w+)*$/;
const PRED = /^(!)?(U)?(P(\d)|PT)$/;
const CONST = /^(-)?c\[(0x[0-9a-fA-F]+|\d+)\]\[(.+)\]$/;
const MEM = /^(?:desc\[(UR\d+|URZ)\])?\[(.*)\]$/;

/** Reads one operand as written (`-R3.reuse`, `c[0x0][0x210]`, `desc[UR4][R4.64+0x10]`, `SR_TID.X`). */
export function parseOperand(text: string): Operand {
  const t = text.trim();
  let m = REG.exec(t);
  if (m) return { kind: "reg", index: m[5] === undefined ? RZ : Number(m[5]), negate: m[1] === "-", abs: m[2] === "|", not: m[3] === "~" };
  m = UREG.exec(t);
  if (m) return { kind: "ureg", index: m[4] === undefined ? URZ : Number(m[4]), negate: m[1] === "-", not: m[2] === "~" };
  m = PRED.exec(t);
  if (m) return { kind: "pred", index: m[4] === undefined ? PT : Number(m[4]), not: m[1] === "!", uniform: m[2] === "U" };
  m = CONST.exec(t);
  if (m) return constOperand(m[1] === "-", Number(m[2]), m[3]);
  if (/^SR_\w+(\.\w+)*$/.test(t) || t === "SRZ") return { kind: "special", name: t };
  m = MEM.exec(t);
  if (m) return memOperand(m[1], m[2]);
  if (/^B\d+$/.test(t)) return { kind: "barrier", index: Number(t.slice(1)) };
  const imm = immediate(t);
  if (imm !== undefined) return imm;
  return { kind: "other", text: t };
}

/** An integer (hex or decimal, possibly negative) or a float immediate. */
function immediate(t: string): Operand | undefined {
  if (/^-?0x[0-9a-fA-F]+$/.test(t)) {
    const negative = t.startsWith("-");
    const v = parseInt(negative ? t.slice(3) : t.slice(2), 16);
    return { kind: "imm", value: (negative ? -v : v) | 0, float: false };
  }
  if (/^-?\d+$/.test(t)) return { kind: "imm", value: Number(t) | 0, float: false };
  if (/^-?(\d+\.\d*(e[+-]?\d+)?|\d+e[+-]?\d+|\+?INF|-INF|\+?QNAN)$/i.test(t)) {
    const v = /INF/i.test(t) ? (t.startsWith("-") ? -Infinity : Infinity) : /NAN/i.test(t) ? NaN : Number(t);
    return { kind: "imm", value: v, float: true };
  }
  return undefined;
}

/** `c[bank][offset]`, `c[bank][R2+0x10]`, `c[bank][UR4+0x10]`. */
function constOperand(negate: boolean, bank: number, inner: string): Operand {
  let reg = -1;
  let ureg = -1;
  let offset = 0;
  for (const part of inner.split("+").map((p) => p.trim())) {
    if (part === "RZ" || part === "URZ") continue; // c[0x4][RZ]: the zero register adds nothing
    if (/^R\d+$/.test(part)) reg = Number(part.slice(1));
    else if (/^UR\d+$/.test(part)) ureg = Number(part.slice(2));
    else offset += /^-?0x/.test(part) ? parseInt(part, 16) : Number(part);
  }
  return { kind: "const", bank, offset, reg, ureg, negate };
}

/**
 * `[R4.64+0x10]`, `[R2]`, `[UR4+0x8]`, `[R2+UR4]`, with an optional `desc[UR4]` (which adds
 * nothing to the address); `[R2.X4]` scales the register (`scale`, present only when not 1).
 */
function memOperand(_desc: string | undefined, inner: string): Operand {
  let reg = RZ;
  let wide = false;
  let ureg = URZ;
  let offset = 0;
  let scale = 1;
  for (const raw of inner.split(/(?=[+-])/).map((p) => p.trim())) {
    const part = raw.replace(/^\+/, "");
    const r = /^R(\d+|Z)(\.64|\.U32|\.X4|\.X8|\.X16)?$/.exec(part);
    const u = /^UR(\d+|Z)(\.64)?$/.exec(part);
    if (r) {
      reg = r[1] === "Z" ? RZ : Number(r[1]);
      wide = r[2] === ".64";
      if (r[2]?.startsWith(".X")) scale = Number(r[2].slice(2));
    } else if (u) {
      ureg = u[1] === "Z" ? URZ : Number(u[1]);
    } else if (part !== "") {
      offset += part.startsWith("-") ? -parseInt(part.slice(part.startsWith("-0x") ? 3 : 1), part.startsWith("-0x") ? 16 : 10) : /^0x/.test(part) ? parseInt(part, 16) : Number(part);
    }
  }
  return { kind: "mem", reg, wide, ureg, offset, ...(scale !== 1 ? { scale } : {}) };
}
