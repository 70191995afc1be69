import { sweepRow, type SweepOutcome, type SweepTask } from "./sweep-row.js";

/** Piscina worker: one sweep configuration per call. */
export default function run(task: SweepTask): SweepOutcome {
  return sweepRow(task);
}
