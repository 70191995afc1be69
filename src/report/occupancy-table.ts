import type { ArchSpec } from "../arch/arch-spec.js";
import type { OccupancyImpact, ImpactRange } from "../arch/occupancy-impact.js";
import type { LaunchResources, OccupancyResult } from "../arch/occupancy.js";

/** The Occupancy section as Nsight Compute shows it, plus the three "impact of varying" tables. */
export function formatOccupancyTable(arch: ArchSpec, launch: LaunchResources, r: OccupancyResult, impact: OccupancyImpact): string {
  const out: string[] = [];
  const lim = (x: number | null) => (x === null ? "-" : String(x));
  out.push(`occupancy on ${arch.name} (${arch.displayName})`);
  out.push(
    `launch: ${launch.threadsPerBlock} threads/block, ${launch.registersPerThread} registers/thread, ` +
      `${launch.dynamicSharedMemBytes ?? 0} B dynamic + ${launch.staticSharedMemBytes ?? 0} B static shared memory/block` +
      (launch.carveoutPercent !== undefined && launch.carveoutPercent >= 0 ? `, carveout ${launch.carveoutPercent}%` : ""),
  );
  out.push("");
  const rows: [string, string][] = [
    ["Block Limit Registers", lim(r.limits.registers)],
    ["Block Limit Shared Mem", lim(r.limits.shared_memory)],
    ["Block Limit Warps", lim(r.limits.warps)],
    ["Block Limit SM", lim(r.limits.blocks)],
    ["Block Limit Barriers", lim(r.limits.barriers)],
    ["Registers Per Block (allocated)", String(r.registersPerBlock)],
    ["Shared Memory Per Block (allocated, B)", String(r.sharedMemPerBlockBytes)],
    ["Shared Memory Configuration Size (B)", String(r.sharedMemPerSmBytes)],
    ["Theoretical Active Blocks per SM", String(r.blocksPerSm)],
    ["Theoretical Active Warps per SM", String(r.warpsPerSm)],
    ["Theoretical Occupancy", `${(100 * r.occupancy).toFixed(2)}%`],
    ["Limited by", r.limiters.join(", ") || "-"],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) out.push(`  ${k.padEnd(width)}  ${v.padStart(8)}`);
  out.push("");
  out.push(...impactTable("impact of varying block size (threads)", impact.blockSize, arch));
  out.push(...impactTable("impact of varying registers per thread", impact.registersPerThread, arch));
  out.push(...impactTable("impact of varying shared memory per block (bytes, dynamic)", impact.sharedMemPerBlock, arch));
  return out.join("\n") + "\n";
}

function impactTable(title: string, ranges: readonly ImpactRange[], arch: ArchSpec): string[] {
  const out = [title];
  const label = (r: ImpactRange) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`);
  const w = Math.max(...ranges.map((r) => label(r).length), 5);
  for (const r of ranges) {
    const bar = "█".repeat(Math.round((20 * r.warpsPerSm) / arch.maxWarpsPerSm));
    out.push(
      `  ${label(r).padStart(w)}  ${String(r.blocksPerSm).padStart(3)} blocks  ${String(r.warpsPerSm).padStart(3)} warps  ` +
        `${(100 * r.occupancy).toFixed(1).padStart(5)}% ${bar.padEnd(20)}${r.current ? "  ◀ current" : ""}`.trimEnd(),
    );
  }
  out.push("");
  return out;
}
