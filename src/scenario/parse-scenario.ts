import { isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Document } from "yaml";
import type { z } from "zod";
import { ConfigError, quoteToken, ScenarioError, type ScenarioIssue } from "../errors.js";
import { LIMITS } from "../limits.js";
import { resolveScenario, type ResolveContext, type Scenario } from "./resolve.js";
import { scenarioSchema } from "./schema.js";
import { applyAssignments, describeAssignments, type Assignment } from "./sweep.js";

/*
 * Scenario text to a validated Scenario, with no file system: what a browser can run too.
 * Reading files is scenario/load.ts's.
 */

/**
 * Validates scenario text; `file` names it in messages. `assignments` replace fields before
 * validation (one configuration of a sweep).
 */
export function parseScenario(
  text: string,
  file = "<inline>",
  assignments: readonly Assignment[] = [],
  files: Pick<ResolveContext, "readFile"> = {},
): Scenario {
  if (typeof text !== "string") throw new ConfigError(`parseScenario(): expected the scenario's text (YAML or JSON), found ${text === null ? "null" : typeof text}.`);
  if (assignments.length > 0) file = `${file} [${describeAssignments(assignments)}]`;
  checkText(text, file);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new ScenarioError(
      doc.errors.map((e) => ({
        code: "parse_error",
        file,
        path: [],
        line: lineCounter.linePos(e.pos[0]).line,
        expected: "valid YAML or JSON",
        found: e.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, ""),
      })),
    );
  }
  const data: unknown = applyAssignments(documentData(doc, text, file), assignments);
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new ScenarioError([
      { code: "invalid_field", file, path: [], line: 1, expected: "a mapping of scenario fields (launch, program, ...)", found: typeof data === "string" ? `text beginning ${quoteToken(data)}` : describe(data) },
    ]);
  }
  const hostile = hostileKeyPath(data, []);
  if (hostile !== undefined) {
    throw new ScenarioError([
      { code: "unknown_field", file, path: hostile.slice(0, -1), line: lineOf(doc, lineCounter, hostile), expected: "a name that is no JavaScript object internal", found: `the key ${JSON.stringify(hostile[hostile.length - 1])}` },
    ]);
  }
  const checked = scenarioSchema.safeParse(data);
  if (!checked.success) {
    throw new ScenarioError(expandUnions(checked.error.issues, data).map((issue) => toScenarioIssue(issue, data, doc, lineCounter, file)));
  }
  const programNode = doc.get("program", true);
  const programLineOffset =
    isScalar(programNode) && (programNode.type === Scalar.BLOCK_LITERAL || programNode.type === Scalar.BLOCK_FOLDED)
      ? lineCounter.linePos(programNode.range![0]).line
      : lineOf(doc, lineCounter, ["program"]) !== undefined
        ? lineOf(doc, lineCounter, ["program"])! - 1
        : 0;
  const resolved = resolveScenario(checked.data, { file, programLineOffset, ...files });
  if (!resolved.ok) {
    throw new ScenarioError(resolved.issues.map((i) => (i.line === undefined ? { ...i, line: lineOf(doc, lineCounter, i.path) } : i)));
  }
  return resolved.scenario;
}

/**
 * The plain data of a parsed YAML document. The yaml package refuses documents whose aliases
 * expand without bound (a "billion laughs" bomb) by throwing a ReferenceError; that is bad
 * input, reported like any other, at the line of the first alias.
 */
export function documentData(doc: Document, text: string, file: string): unknown {
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    if (!(e instanceof Error) || !/alias/i.test(e.message)) throw e;
    const alias = /(^|[\s,[{:-])\*[^\s,\]}]+/m.exec(text);
    const line = alias === null ? undefined : text.slice(0, alias.index + alias[1].length).split("\n").length;
    throw new ScenarioError([
      {
        code: "parse_error",
        file,
        path: [],
        line,
        expected: "YAML whose aliases (*name) expand to a document of ordinary size",
        found: `aliases that expand too far (${e.message.replace(/\.$/, "")})`,
      },
    ]);
  }
}

/** A scenario is UTF-8 text of bounded size; binary data gets one error, not thousands. */
function checkText(text: string, file: string): void {
  if (text.length > LIMITS.scenarioBytes) {
    throw new ScenarioError([
      { code: "parse_error", file, path: [], expected: `a scenario of at most ${LIMITS.scenarioBytes} bytes`, found: `${text.length} characters` },
    ]);
  }
  const bad = /[\u0000\uFFFD]/.exec(text);
  if (bad !== null) {
    const line = text.slice(0, bad.index).split("\n").length;
    const what = bad[0] === "\u0000" ? "a NUL byte" : "bytes that are not UTF-8";
    throw new ScenarioError([
      { code: "parse_error", file, path: [], line, expected: "a text file (YAML or JSON, UTF-8)", found: `binary data (${what})` },
    ]);
  }
}

function toScenarioIssue(
  issue: z.core.$ZodIssue,
  data: object,
  doc: Document,
  lineCounter: LineCounter,
  file: string,
): ScenarioIssue {
  const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
  const found = describe(valueAt(data, path));
  const line = lineOf(doc, lineCounter, path);
  switch (issue.code) {
    case "unrecognized_keys": {
      const keys = issue.keys;
      return {
        code: "unknown_field",
        file,
        path,
        line: lineOf(doc, lineCounter, [...path, keys[0]]) ?? line,
        expected: `only known fields (${knownKeys(path).join(", ")})`,
        found: `unknown field${keys.length > 1 ? "s" : ""} ${keys.map((k) => JSON.stringify(k)).join(", ")}`,
      };
    }
    case "invalid_type":
      if (found === "nothing") return { code: "missing_field", file, path, line, expected: `a ${issue.expected} here (required)`, found };
      return { code: "invalid_field", file, path, line, expected: `a ${issue.expected}`, found };
    case "too_small":
      // positive() excludes its bound: "a value > 0", not ">= 0" (which 0 would satisfy).
      return { code: "out_of_range", file, path, line, expected: `${issue.origin === "array" ? "at least" : issue.inclusive === false ? "a value >" : "a value >="} ${issue.minimum}`, found };
    case "too_big":
      return { code: "out_of_range", file, path, line, expected: `${issue.inclusive === false ? "a value <" : "a value <="} ${issue.maximum}`, found };
    case "invalid_value":
      return { code: "invalid_field", file, path, line, expected: `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`, found };
    case "invalid_union":
      if (found === "nothing") return { code: "missing_field", file, path, line, expected: `${unionExpectation(path)} (required)`, found };
      return { code: "invalid_field", file, path, line, expected: unionExpectation(path), found };
    default:
      return { code: "invalid_field", file, path, line, expected: issue.message.replace(/^Invalid input: /, ""), found };
  }
}

/**
 * A union whose input has the shape of one branch (an object for the generator form of
 * `program`, a mapping for `arch`) reports that branch's own problems, which say what is wrong,
 * instead of "matches no form".
 */
function expandUnions(issues: readonly z.core.$ZodIssue[], data: object): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== "invalid_union" || issue.errors.length === 0) return [issue];
    const here = issue.path.filter((p): p is string | number => typeof p !== "symbol");
    const value = valueAt(data, here);
    const shaped = issue.errors.filter((branch) => branch.length > 0 && !(branch[0].code === "invalid_type" && branch[0].path.length === 0));
    if (value === undefined || typeof value !== "object" || shaped.length !== 1) return [issue];
    return expandUnions(
      shaped[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })),
      data,
    );
  });
}

function unionExpectation(path: readonly (string | number)[]): string {
  const last = path[path.length - 1];
  if (last === "kind") return "a latency kind: fixed, uniform, normal, exponential or mix";
  if (last === "program") return "assembly text, or a generator such as { generator: load-compute, ilp, computePerLoad, iterations }";
  if (last === "arch") return "a preset name such as sm_90, or { preset: sm_90, ...overrides }";
  if (last === "latency" || last === "storeLatency") return "a latency distribution: { kind: fixed | uniform | normal | mix, ... }";
  return "one of the accepted forms (docs/scenario-format.md)";
}

function knownKeys(path: readonly (string | number)[]): string[] {
  let schema: unknown = scenarioSchema;
  for (const part of path) {
    const shape = shapeOf(schema);
    if (shape === undefined || typeof part !== "string") return [];
    schema = shape[part];
  }
  return Object.keys(shapeOf(schema) ?? {});
}

function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  let s = schema as { shape?: Record<string, unknown>; def?: { innerType?: unknown; options?: unknown[] } } | undefined;
  for (let i = 0; i < 5 && s !== undefined; i++) {
    if (s.shape) return s.shape;
    if (s.def?.innerType) s = s.def.innerType as typeof s;
    else if (s.def?.options) s = s.def.options.find((o) => shapeOf(o) !== undefined) as typeof s;
    else return undefined;
  }
  return undefined;
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let v: unknown = data;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** 1-based line of the YAML node at `path`, or of its nearest existing parent. */
function lineOf(doc: Document, lineCounter: LineCounter, path: readonly (string | number)[]): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    if ((isScalar(node) || isMap(node) || isSeq(node)) && node.range) return lineCounter.linePos(node.range[0]).line;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "object") return "a mapping";
  return String(value);
}

/** Keys that name JavaScript's object internals: no scenario field, at any depth (opcode and trip tables included). */
const HOSTILE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** The path of the first such key under `value`, or undefined. */
function hostileKeyPath(value: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  for (const key of Object.keys(value)) {
    if (HOSTILE_KEYS.has(key)) return [...path, key];
    const found = hostileKeyPath((value as Record<string, unknown>)[key], [...path, Array.isArray(value) ? Number(key) : key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
