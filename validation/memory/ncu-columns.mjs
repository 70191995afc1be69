// The columns `warpsim validate` compares, from one launch of an ncu raw export (--page raw):
// the d_* ratios of validation/sass/merge.mjs (issue, warps active and eligible per active
// cycle, each stall reason per issue), active cycles, instructions, the given memory counters
// and the registers. Shared by validation/memory/merge.mjs and validation/async/merge.mjs.
export const REASONS = ["barrier", "branch_resolving", "dispatch_stall", "drain", "gmma", "imc_miss", "lg_throttle", "long_scoreboard", "math_pipe_throttle", "membar", "mio_throttle", "misc", "no_instruction", "not_selected", "selected", "short_scoreboard", "sleeping", "tex_throttle", "wait"];

export const num = (v) => Number(String(v ?? "").replace(/,/g, ""));

/** The columns after a row's launch fields, in the summary's order. */
export function ncuColumns(r, memory) {
  const cycles = num(r["smsp__cycles_active.sum"]);
  const issued = num(r["smsp__issue_active.sum"]);
  const row = {
    d_issue_active_per_active_cycle: issued / cycles,
    d_warps_active_per_active_cycle: num(r["smsp__warps_active.sum"]) / cycles,
    d_warps_eligible_per_active_cycle: num(r["smsp__warps_eligible.sum"]) / cycles,
  };
  for (const reason of REASONS) row[`d_stall_${reason}_per_issue`] = num(r[`smsp__warps_issue_stalled_${reason}.sum`]) / issued;
  row["sm__cycles_active.avg"] = num(r["sm__cycles_active.avg"]);
  row["smsp__inst_executed.sum"] = num(r["smsp__inst_executed.sum"]);
  for (const c of memory) row[c] = num(r[c]);
  row.launch__registers_per_thread = num(r.launch__registers_per_thread);
  return row;
}
