import { parse } from "csv-parse/sync";
import { ConfigError } from "../errors.js";

/** One kernel launch of an Nsight Compute CSV export: its name and metric values by name. */
export interface NcuLaunch {
  readonly id: string;
  readonly kernel: string;
  /** Raw page: metric name → value; details page: "Section / Metric Name" → value. */
  readonly values: ReadonlyMap<string, number>;
  readonly page: "raw" | "details";
  /** Raw page: each metric's unit from the row under the header ("%", "cycle", "byte", "Kbyte"). */
  readonly units?: ReadonlyMap<string, string>;
}

/**
 * Reads what `ncu --csv --page raw` or `--page details` writes: the raw page has a header of
 * metric names, a row of units under it and a row per launch; the details page a row per
 * (launch, section, metric). Numbers may carry thousands separators ("1,625"); both are read
 * as plain numbers, and anything that is not a number (names, "n/a") is left out.
 */
export function readNcuExport(text: string, file: string): NcuLaunch[] {
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (e) {
    throw new ConfigError(`${file}: expected a CSV export of Nsight Compute (ncu --csv --page raw), found ${(e as Error).message.replace(/\.$/, "")}.`);
  }
  // ncu prints "==PROF==" and warnings before the CSV when run with --csv directly.
  const start = rows.findIndex((r) => r[0] === "ID");
  if (start < 0) throw new ConfigError(`${file}: expected a CSV export of Nsight Compute whose header starts with "ID" (ncu --csv --page raw or --page details), found none.`);
  const header = rows[start];
  const body = rows.slice(start + 1);
  return header.includes("Metric Name") ? detailsPage(header, body) : rawPage(header, body, file);
}

function rawPage(header: string[], body: string[][], file: string): NcuLaunch[] {
  const kernelAt = header.indexOf("Kernel Name");
  if (kernelAt < 0) throw new ConfigError(`${file}: expected a "Kernel Name" column in the header (ncu --csv --page raw writes one), found none.`);
  // The row of units comes right under the header: no ID of its own.
  const unitRow = body[0];
  if (unitRow === undefined || /^\d+$/.test(unitRow[0] ?? "")) {
    throw new ConfigError(`${file}: expected the row of units under the header (ncu --csv --page raw writes one: "", ..., "cycle", "%"), found ${unitRow === undefined ? "nothing" : `a launch (ID ${unitRow[0]})`}.`);
  }
  const units = new Map<string, string>();
  header.forEach((name, i) => units.set(name, (unitRow[i] ?? "").trim()));
  const launches = body.filter((r) => /^\d+$/.test(r[0] ?? ""));
  if (launches.length === 0) throw new ConfigError(`${file}: expected at least one launch (a row with an ID) under the header and units, found none.`);
  return launches.map((r) => {
    const kernel = (r[kernelAt] ?? "").trim();
    if (kernel === "") throw new ConfigError(`${file}: launch ID ${r[0]}: expected the kernel's name in the "Kernel Name" column, found it empty.`);
    const values = new Map<string, number>();
    header.forEach((name, i) => {
      const v = number(r[i]);
      if (v !== undefined && name.includes("__")) values.set(name, v);
    });
    return { id: r[0], kernel, values, page: "raw" as const, units };
  });
}

/**
 * The factor that turns a value in `unit` into `base` units: 1 for the base itself, 1e3, 1e6
 * and 1e9 for ncu's K, M and G prefixes (it scales columns unless run with --print-units base);
 * undefined for anything else (another quantity altogether).
 */
export function unitScale(unit: string, base: string): number | undefined {
  if (unit === base) return 1;
  const prefix = { K: 1e3, M: 1e6, G: 1e9, T: 1e12 }[unit.slice(0, 1)];
  return prefix !== undefined && unit.slice(1) === base ? prefix : undefined;
}

function detailsPage(header: string[], body: string[][]): NcuLaunch[] {
  const col = (name: string) => header.indexOf(name);
  const [id, kernel, section, metric, value] = [col("ID"), col("Kernel Name"), col("Section Name"), col("Metric Name"), col("Metric Value")];
  const byId = new Map<string, { kernel: string; values: Map<string, number> }>();
  for (const r of body) {
    if (!/^\d+$/.test(r[id] ?? "")) continue;
    let launch = byId.get(r[id]);
    if (launch === undefined) byId.set(r[id], (launch = { kernel: r[kernel] ?? "", values: new Map() }));
    const v = number(r[value]);
    if (v !== undefined && r[metric]) launch.values.set(`${r[section]} / ${r[metric]}`, v);
  }
  return [...byId].map(([launchId, l]) => ({ id: launchId, kernel: l.kernel, values: l.values, page: "details" as const }));
}

/** "1,625", "91.74", "3.85" → a number; "", "n/a", "(512, 1, 1)" → undefined. */
function number(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().replace(/[,\u202f\u00a0]/g, "");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}

/** The launch the user means: by kernel name (a substring) and index among those that match. */
export function pickLaunch(launches: readonly NcuLaunch[], file: string, kernel?: string, index?: number): NcuLaunch {
  const matching = kernel === undefined ? launches : launches.filter((l) => l.kernel.includes(kernel));
  const list = () => launches.map((l) => `ID ${l.id} ${l.kernel}`).join("; ");
  if (matching.length === 0) throw new ConfigError(`${file}: expected a launch of a kernel named like "${kernel}", found only: ${list()}.`);
  if (index !== undefined) {
    if (index >= matching.length) throw new ConfigError(`${file}: expected --launch below ${matching.length} (launches matching), found ${index}.`);
    return matching[index];
  }
  if (matching.length > 1) throw new ConfigError(`${file}: ${matching.length} launches match; pick one with --kernel NAME and/or --launch N (0-based): ${list()}.`);
  return matching[0];
}
