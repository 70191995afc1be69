import { ScenarioError } from "../errors.js";

/** One field set to one value: ["launch", "blocks"] = 4. */
export interface Assignment {
  readonly path: readonly string[];
  readonly value: number | string;
}

/** A swept field and the values it takes. */
export interface SweepAxis {
  readonly path: readonly string[];
  readonly values: readonly (number | string)[];
}

const MAX_CONFIGURATIONS = 100_000;

/**
 * Values of a sweep axis: a list `1,2,4,8`, a range `1..16` (step 1) or `0..64:8`, or a mix
 * `1,2,4..8`. Numbers stay numbers; anything else is a string (e.g. `gto,lrr`).
 */
export function parseValues(text: string, where: string): (number | string)[] {
  const values: (number | string)[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    const range = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$/.exec(part);
    if (range) {
      const [from, to, step] = [Number(range[1]), Number(range[2]), range[3] === undefined ? 1 : Number(range[3])];
      if (step <= 0 || to < from) throw sweepError(where, "a range low..high[:step] with low <= high and step > 0", part);
      // Count before expanding: a range of a billion values must fail fast, not fill memory.
      const count = Math.floor((to - from) / step + 1e-9) + 1;
      if (values.length + count > MAX_CONFIGURATIONS) {
        throw sweepError(where, `at most ${MAX_CONFIGURATIONS} values (the most configurations a sweep may have)`, `${part}: ${count} values`);
      }
      for (let k = 0; k < count; k++) values.push(Number((from + k * step).toFixed(9)));
    } else if (part !== "") {
      values.push(/^-?\d+(\.\d+)?(e-?\d+)?$/i.test(part) ? Number(part) : part);
    }
  }
  if (values.length === 0) throw sweepError(where, "at least one value", `"${text}"`);
  return values;
}

/** `--vary launch.blocks=1..16` → an axis. */
export function parseVary(spec: string): SweepAxis {
  const eq = spec.indexOf("=");
  if (eq <= 0) throw sweepError("--vary", "FIELD=VALUES, e.g. launch.blocks=1..16 or program.ilp=1,2,4,8", `"${spec}"`);
  const field = spec.slice(0, eq).trim();
  return { path: fieldPath(field, `--vary ${field}`), values: parseValues(spec.slice(eq + 1), `--vary ${field}`) };
}

/** The `sweep:` section of a scenario: { "launch.blocks": [1, 2, 4], "program.ilp": "1..8" }. */
export function axesFromSection(section: unknown, file: string): SweepAxis[] {
  if (section === undefined) return [];
  if (section === null || typeof section !== "object" || Array.isArray(section)) {
    throw sweepError(`${file}, field sweep`, 'a mapping of field paths to values, e.g. { "launch.blocks": "1..16" }', JSON.stringify(section));
  }
  return Object.entries(section as Record<string, unknown>).map(([field, v]) => {
    const where = `${file}, field sweep.${field}`;
    const path = fieldPath(field, where);
    if (typeof v === "string") return { path, values: parseValues(v, where) };
    if (typeof v === "number") return { path, values: [v] };
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "number" || typeof x === "string")) {
      if (v.length > MAX_CONFIGURATIONS) throw sweepError(where, `at most ${MAX_CONFIGURATIONS} values`, `${v.length}`);
      return { path, values: v as (number | string)[] };
    }
    throw sweepError(where, "a list of values or a range such as 1..16", JSON.stringify(v));
  });
}

/**
 * A dotted field path such as launch.blocks. Names that reach into JavaScript's object machinery
 * (__proto__, constructor, prototype) are no scenario field, and setting them would change
 * every object in the process; they are refused.
 */
function fieldPath(field: string, where: string): string[] {
  const path = field.split(".");
  if (path.some((p) => p === "" || p === "__proto__" || p === "constructor" || p === "prototype")) {
    throw sweepError(where, "a field path of scenario field names, such as launch.blocks or program.ilp", `"${field}"`);
  }
  return path;
}

/** Every combination of the axes' values (the first axis varies slowest). */
export function expandSweep(axes: readonly SweepAxis[]): Assignment[][] {
  const total = axes.reduce((n, a) => n * a.values.length, 1);
  if (total > MAX_CONFIGURATIONS) {
    throw sweepError("the sweep", `at most ${MAX_CONFIGURATIONS} configurations`, `${total}`);
  }
  let configs: Assignment[][] = [[]];
  for (const axis of axes) {
    configs = configs.flatMap((c) => axis.values.map((value) => [...c, { path: axis.path, value }]));
  }
  return configs;
}

/** A copy of scenario data with the assignments applied (missing mappings are created). */
export function applyAssignments(data: unknown, assignments: readonly Assignment[]): unknown {
  if (assignments.length === 0) return data;
  const copy = structuredClone(data) as Record<string, unknown>;
  for (const { path, value } of assignments) {
    let node: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      const next = Object.hasOwn(node, key) ? node[key] : undefined;
      if (next === undefined || next === null || typeof next !== "object") node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1]] = value;
  }
  // The sweep section describes the sweep; a configuration is one point of it.
  delete copy.sweep;
  return copy;
}

export function describeAssignments(assignments: readonly Assignment[]): string {
  return assignments.map((a) => `${a.path.join(".")}=${a.value}`).join(", ");
}

function sweepError(where: string, expected: string, found: string): ScenarioError {
  return new ScenarioError([{ code: "invalid_field", file: where, path: [], expected, found }]);
}

/** One of N parts of a sweep (`--shard 2/8`): 1-based index and count. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** `I/N` with 1 <= I <= N → a shard. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(index >= 1 && index <= count && count <= MAX_CONFIGURATIONS)) {
    throw sweepError("--shard", "I/N with 1 <= I <= N, e.g. 3/8 (this process runs the third of eight parts)", `"${text}"`);
  }
  return { index, count };
}

/**
 * The configurations of shard I of N: every N-th, starting at the I-th, so each part gets a
 * share of the small and the large ones. Returns their indices in the whole sweep.
 */
export function shardIndices(total: number, shard: Shard): number[] {
  const out: number[] = [];
  for (let k = shard.index - 1; k < total; k += shard.count) out.push(k);
  return out;
}
