/** A warp still on the SM when a run stops early, for the report. */
export interface StuckWarp {
  readonly warpSlot: number;
  readonly block: number;
  readonly warpInBlock: number;
  readonly subpartition: number;
  readonly pc: number;
  readonly line: number;
  readonly instruction: string;
  readonly state: string;
  /** What it waits for when that is an object the report can name (an mbarrier's phase). */
  readonly waitingFor?: string;
}

/** Why a run ended before every warp exited. */
export type StopReason = "deadlock" | "cycle_limit" | "interrupted";

/** How a run ended: every warp exited, or it stopped with warps still on the SM. */
export type Outcome =
  | { readonly status: "completed" }
  | { readonly status: StopReason; readonly atCycle: number; readonly stuckWarps: readonly StuckWarp[] };
