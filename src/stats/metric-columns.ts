import { PIPE_REPORT_NAMES, type SchedulerMetrics } from "./metrics.js";
import { WARP_STATE_NAMES } from "./warp-state.js";

/** The scalar metrics of one scope, by name (what sweeps put in columns). */
export function schedulerColumns(m: SchedulerMetrics): Record<string, number> {
  const out: Record<string, number> = {
    cycles: m.cycles,
    active_cycles: m.activeCycles,
    inst_executed: m.instExecuted,
    ipc: m.ipc,
    issue_active: m.issueActive,
    warp_cycles_per_issue: m.warpCyclesPerIssue,
    warps_active: m.warpsActive,
    warps_eligible: m.warpsEligible,
    no_eligible: m.noEligible,
  };
  for (const name of WARP_STATE_NAMES) {
    const s = m.stalls[name];
    out[`stall_${name}_warp_cycles`] = s.warpCycles;
    out[`stall_${name}_share`] = s.share;
    out[`stall_${name}_per_issue`] = s.perIssue;
  }
  for (const name of PIPE_REPORT_NAMES) {
    out[`pipe_${name}_inst`] = m.pipes[name].instructions;
    out[`pipe_${name}_active`] = m.pipes[name].activeFraction;
  }
  return out;
}
