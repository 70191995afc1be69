import { readInputFile } from "../../input-file.js";
import { LIMITS } from "../../limits.js";
import { Command } from "commander";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { ConfigError } from "../../errors.js";
import { writeOutput, type CliIo } from "../io.js";

/**
 * `warpsim merge`: joins the CSVs of a sharded sweep (`warpsim sweep --shard i/n`) into the CSV
 * the unsharded sweep writes, byte for byte: rows in configuration order, without the
 * `configuration` label. Works for the rows and for `--histogram` files alike.
 */
export function mergeCommand(io: CliIo): Command {
  return new Command("merge")
    .description("join the CSV parts of a sharded sweep (sweep --shard i/n) into the CSV of the whole sweep")
    .argument("<files...>", "the parts, in any order (each written by warpsim sweep --shard)")
    .option("-o, --out <file>", "write the merged CSV to this file instead of standard output")
    .addHelpText(
      "after",
      `
Example (4 parts, e.g. a Slurm job array or GNU parallel; docs/sweeps.md):
  parallel warpsim sweep scenarios/sweep-ilp-warps.yaml --shard {}/4 --out part-{}.csv ::: 1 2 3 4
  warpsim merge part-*.csv --out sweep.csv`,
    )
    .action((files: string[], opts: { out?: string }) => {
      const text = mergeSweepCsv(files.map((f) => ({ file: f, text: readPart(f) })));
      if (opts.out) writeOutput(opts.out, text);
      else io.stdout(text);
    });
}

function readPart(file: string): string {
  const read = readInputFile(file, LIMITS.inputFileBytes, "a CSV part of a sharded sweep");
  if ("expected" in read) throw new ConfigError(`${file}: expected ${read.expected}, found ${read.found}.`);
  return read.text;
}

/** The merged CSV of sharded sweep parts; throws ConfigError naming a part that does not fit. */
export function mergeSweepCsv(parts: readonly { file: string; text: string }[]): string {
  let header: string[] | undefined;
  const rows: { index: number; order: number; cells: string[] }[] = [];
  for (const { file, text } of parts) {
    let records: string[][];
    try {
      records = parse(text, { relax_column_count: false }) as string[][];
    } catch (e) {
      const line = (e as { lines?: number }).lines;
      throw new ConfigError(`${file}${line ? `, line ${line}` : ""}: expected a CSV part of a sharded sweep, found ${(e as Error).message.replace(/\.$/, "")}.`);
    }
    if (records.length === 0) continue;
    const [head, ...body] = records;
    if (head[0] !== "configuration") {
      throw new ConfigError(`${file}, line 1: expected a sweep part whose first column is "configuration" (written with --shard), found "${head[0]}".`);
    }
    if (header === undefined) header = head;
    else if (head.join(",") !== header.join(",")) {
      throw new ConfigError(`${file}, line 1: expected the same columns as ${parts[0].file}, found different ones (parts of different sweeps?).`);
    }
    body.forEach((cells, i) => {
      const index = Number(cells[0]);
      if (!Number.isInteger(index) || index < 0) throw new ConfigError(`${file}, line ${i + 2}: expected a configuration index, found "${cells[0]}".`);
      rows.push({ index, order: rows.length, cells: cells.slice(1) });
    });
  }
  if (header === undefined) return "";
  // Histogram parts have several rows per configuration: keep their order within it.
  rows.sort((a, b) => a.index - b.index || a.order - b.order);
  return stringify(
    rows.map((r) => r.cells),
    { header: true, columns: header.slice(1) },
  );
}
