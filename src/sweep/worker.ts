import { sweepRow, type SweepRow, type SweepTask } from "./sweep-row.js";

/** Piscina worker: one sweep configuration per call. */
export default function run(task: SweepTask): SweepRow {
  return sweepRow(task);
}
