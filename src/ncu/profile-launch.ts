import { unitScale, type NcuLaunch } from "./read-export.js";

/** A profiled launch's configuration, as ncu's Launch Statistics report it. */
export interface ProfileLaunch {
  /** Threads per block along x, y, z. */
  readonly block: readonly number[];
  /** Blocks along x, y, z. */
  readonly grid: readonly number[];
  readonly registersPerThread?: number;
  /** Bytes per block. */
  readonly staticSharedBytes?: number;
  readonly dynamicSharedBytes?: number;
}

/**
 * The launch a raw export (`ncu --csv --page raw`) records: launch__block_dim_*,
 * launch__grid_dim_*, launch__registers_per_thread and the static and dynamic shared memory
 * per block (in bytes whatever the column's K/M prefix). The details page gives block, grid and
 * registers ("Launch Statistics / Block Size", ...). Undefined when the export has no launch
 * statistics (a capture of chosen --metrics).
 */
export function profileLaunch(launch: NcuLaunch): ProfileLaunch | undefined {
  const v = (name: string) => launch.values.get(name);
  if (launch.page === "details") {
    const block = v("Launch Statistics / Block Size");
    const grid = v("Launch Statistics / Grid Size");
    if (block === undefined || grid === undefined) return undefined;
    return { block: [block], grid: [grid], registersPerThread: v("Launch Statistics / Registers Per Thread") };
  }
  const dims = (prefix: string) => ["x", "y", "z"].map((a) => v(`${prefix}_${a}`));
  const block = dims("launch__block_dim");
  const grid = dims("launch__grid_dim");
  if (block.some((d) => d === undefined) || grid.some((d) => d === undefined)) return undefined;
  const bytes = (name: string) => {
    const value = v(name);
    // The raw page's unit row says "byte/block" (or "Kbyte/block").
    const factor = unitScale((launch.units?.get(name) ?? "byte").replace(/\/block$/, ""), "byte");
    return value === undefined || factor === undefined ? undefined : value * factor;
  };
  return {
    block: trim(block as number[]),
    grid: trim(grid as number[]),
    registersPerThread: v("launch__registers_per_thread"),
    staticSharedBytes: bytes("launch__shared_mem_per_block_static"),
    dynamicSharedBytes: bytes("launch__shared_mem_per_block_dynamic"),
  };
}

/** [256, 1, 1] as [256], [16, 16, 1] as [16, 16]: the form --block and --grid take. */
function trim(dims: number[]): number[] {
  const out = [...dims];
  while (out.length > 1 && out[out.length - 1] === 1) out.pop();
  return out;
}

/** A launch as the user reads it: "256" or "16,16". */
export function dimsText(dims: readonly number[]): string {
  return dims.join(",");
}
