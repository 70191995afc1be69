/**
 * The state of an active warp in one cycle, named as Nsight Compute names its stall reasons
 * (`smsp__warps_issue_stalled_<name>`). Every active warp is in exactly one state per cycle.
 * Small integers so they index typed arrays; WARP_STATE_NAMES prints them.
 */
export const WarpState = {
  /** Issued an instruction this cycle. */
  selected: 0,
  /** Eligible, but the scheduler picked another warp. */
  not_selected: 1,
  /** Waiting on a result from L1TEX: global or local memory. */
  long_scoreboard: 2,
  /** Waiting on a result from MIO: shared memory, MUFU (SFU). */
  short_scoreboard: 3,
  /** Waiting on a fixed-latency dependency (FMA, ALU, ...), or the one-issue-per-cycle gap. */
  wait: 4,
  /** The instruction's math pipe is busy (initiation interval not elapsed). */
  math_pipe_throttle: 5,
  /** The local/global memory instruction queue into L1TEX is full. */
  lg_throttle: 6,
  /** The MIO instruction queue (shared memory, MUFU, branches) is full. */
  mio_throttle: 7,
  /** Waiting at a BAR for the other warps of its block. */
  barrier: 8,
  /** Exited; waiting for its outstanding stores to complete. */
  drain: 9,
  /** Waiting for a branch target to be computed. */
  branch_resolving: 10,
  /** Waiting for instructions to be fetched (after a taken branch). */
  no_instruction: 11,
  /** Ready, but an instruction that holds dispatch (ArchSpec opcodes' dispatchCycles) blocks the scheduler. */
  dispatch_stall: 12,
  /** Anything else. Reserved: not produced yet. */
  misc: 13,
  /** Waiting for a constant-bank operand (`c[0x0][0x210]`) the SM's constant cache does not hold yet. */
  imc_miss: 14,
  /** Waiting at a memory fence (MEMBAR.SC.GPU: `__threadfence()`) for its round trip and the warp's own stores. */
  membar: 15,
} as const;
export type WarpState = (typeof WarpState)[keyof typeof WarpState];
export type WarpStateName = keyof typeof WarpState;

/** The states by number, derived from WarpState (adding a state is one line there). */
export const WARP_STATE_NAMES: readonly WarpStateName[] = (Object.keys(WarpState) as WarpStateName[]).sort((a, b) => WarpState[a] - WarpState[b]);

export const WARP_STATE_COUNT = WARP_STATE_NAMES.length;
