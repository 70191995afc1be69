import { parse } from "csv-parse/sync";
import { ConfigError } from "../errors.js";

/** One SASS instruction of Nsight Compute's Source page. */
export interface SourceInstruction {
  /** Bytes from the kernel's first instruction (the page gives run-time addresses). */
  readonly offset: number;
  /** The instruction as the page prints it (`@P0 EXIT`), trimmed. */
  readonly text: string;
  /** Warp-level instructions executed, over the whole grid (ncu's inst_executed for this line). */
  readonly executed: number;
  /**
   * Warp-state samples charged to the instruction, by warpsim's state names (src/stats/
   * warp-state.ts: `no_instruction`, `wait`, ...; all samples, the issued ones as `selected`).
   */
  readonly samples: Readonly<Record<string, number>>;
}

/** The Source page of one kernel: its instructions in address order. */
export interface SourcePage {
  readonly kernel: string;
  readonly instructions: readonly SourceInstruction[];
}

/**
 * The page's sampled-state columns (`stall_no_inst`, ...) and warpsim's names for them. The
 * page's "(Not Issued)" columns leave out the samples taken while the warp issued; warpsim
 * counts those as `selected`, so the all-samples columns are the ones read.
 */
const STALL_COLUMNS: Readonly<Record<string, string | undefined>> = {
  stall_barrier: "barrier",
  stall_branch_resolving: "branch_resolving",
  stall_dispatch: "dispatch_stall",
  stall_drain: "drain",
  stall_imc: "imc_miss",
  stall_lg: "lg_throttle",
  stall_long_sb: "long_scoreboard",
  stall_math: "math_pipe_throttle",
  stall_membar: "membar",
  stall_mio: "mio_throttle",
  stall_misc: "misc",
  stall_no_inst: "no_instruction",
  stall_not_selected: "not_selected",
  stall_selected: "selected",
  stall_short_sb: "short_scoreboard",
  stall_wait: "wait",
};

const HOW = "ncu -i REPORT.ncu-rep --page source --csv --print-source sass, from a profile with --section SourceCounters --section WarpStateStats";

/**
 * Reads what `ncu --page source --csv --print-source sass` writes: for each kernel a line
 * `"Kernel Name","NAME"`, a header ("Address","Source",...,"Instructions Executed",...,
 * "stall_no_inst",...) and a row per SASS instruction. ncu may print a kernel's table twice
 * (the same numbers): the first is read. States the page samples that warpsim does not produce
 * (sleeping, tex_throttle, ...) are dropped.
 */
export function readSourcePage(text: string, file: string): SourcePage[] {
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (e) {
    throw new ConfigError(`${file}: expected the CSV of Nsight Compute's Source page (${HOW}), found ${(e as Error).message.replace(/\.$/, "")}.`);
  }
  const pages: SourcePage[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (rows[i][0] !== "Kernel Name") continue;
    const kernel = (rows[i][1] ?? "").trim();
    const header = rows[i + 1] ?? [];
    let end = i + 2;
    while (end < rows.length && rows[end][0] !== "Kernel Name") end++;
    if (!pages.some((p) => p.kernel === kernel)) pages.push(page(kernel, header, rows.slice(i + 2, end), file, i + 2));
    i = end - 1;
  }
  if (pages.length === 0) throw new ConfigError(`${file}: expected the CSV of Nsight Compute's Source page, a "Kernel Name" line and a table per kernel (${HOW}), found none.`);
  return pages;
}

function page(kernel: string, header: readonly string[], body: readonly string[][], file: string, headerLine: number): SourcePage {
  const column = (name: string): number => {
    const at = header.indexOf(name);
    if (at < 0) throw new ConfigError(`${file}: line ${headerLine}, kernel ${kernel}: expected a "${name}" column in the Source page's header (${HOW}), found ${header.slice(0, 4).map((h) => `"${h}"`).join(", ")}${header.length > 4 ? ", ..." : ""}.`);
    return at;
  };
  const addressAt = column("Address");
  const sourceAt = column("Source");
  const executedAt = column("Instructions Executed");
  const stalls = header.map((h, i) => [Object.hasOwn(STALL_COLUMNS, h) ? STALL_COLUMNS[h] : undefined, i] as const).filter((s): s is readonly [string, number] => s[0] !== undefined);
  if (stalls.length === 0) throw new ConfigError(`${file}: line ${headerLine}, kernel ${kernel}: expected the warp-state sample columns (stall_wait, stall_no_inst, ...) in the Source page's header; the profile needs --section WarpStateStats and --section SourceCounters.`);
  let first: number | undefined;
  const instructions = body.map((r, k): SourceInstruction => {
    const address = Number(r[addressAt]);
    if (!Number.isFinite(address)) throw new ConfigError(`${file}: line ${headerLine + 1 + k}, kernel ${kernel}: expected an address such as "0x7f589b7af800" in the Address column, found ${JSON.stringify(r[addressAt] ?? "")}.`);
    first ??= address;
    const samples: Record<string, number> = {};
    for (const [state, at] of stalls) samples[state] = count(r[at]);
    return { offset: address - first, text: (r[sourceAt] ?? "").trim().replace(/\s+/g, " "), executed: count(r[executedAt]), samples };
  });
  return { kernel, instructions };
}

/** A count as the page prints it: "1,827" is 1827; "-" or "" is 0. */
function count(cell: string | undefined): number {
  const v = Number((cell ?? "").replace(/,/g, ""));
  return Number.isFinite(v) ? v : 0;
}
