import type { Outcome } from "../stats/outcome.js";

/** Warps a message names before "and N more". */
const WARPS_SHOWN = 8;

/**
 * One paragraph for stderr: why a run stopped before every warp exited and what the warps still
 * on the SM were doing. Empty for a completed run.
 */
export function incompleteMessage(file: string, o: Outcome): string {
  if (o.status === "completed") return "";
  const why =
    o.status === "deadlock"
      ? `deadlock at cycle ${o.atCycle}: no warp can ever issue again`
      : o.status === "interrupted"
        ? `interrupted at cycle ${o.atCycle}; the report covers the cycles simulated so far`
        : `cycle limit reached at cycle ${o.atCycle} (raise it with --max-cycles); the report covers those cycles`;
  const shown = o.stuckWarps
    .slice(0, WARPS_SHOWN)
    .map((w) => `warp ${w.warpInBlock} of block ${w.block} (SMSP ${w.subpartition}) in ${w.state} at line ${w.line} "${w.instruction}"${w.waitingFor !== undefined ? ` waiting for the ${w.waitingFor}` : ""}`);
  const more = o.stuckWarps.length > shown.length ? `; and ${o.stuckWarps.length - shown.length} more` : "";
  const n = o.stuckWarps.length;
  const still = n === 1 ? "1 warp was still on the SM" : `${n} warps were still on the SM`;
  return `warpsim: ${file}: the simulation could not finish: ${why}. ${still}: ${shown.join("; ")}${more}.\n`;
}
