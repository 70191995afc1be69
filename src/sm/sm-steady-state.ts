import { SteadyStateRegistry } from "../engine/steady-state-registry.js";
import type { WheelEventQueue } from "../engine/wheel-event-queue.js";
import type { StateAccounting } from "../stats/state-accounting.js";
import type { Scoreboard } from "./scoreboard.js";
import type { SmConfig } from "./sm-config.js";
import { SteadyState } from "./steady-state.js";
import type { BarrierUnit, Subpartition } from "./subpartition.js";
import type { WarpTable } from "./warp-table.js";

/** The SM's parts the fast-forward compares (src/sm/steady-state.ts). */
export interface SteadyStateParts {
  readonly warps: WarpTable;
  readonly scoreboard: Scoreboard;
  readonly accounting: StateAccounting;
  readonly subpartitions: readonly Subpartition[];
  readonly events: WheelEventQueue;
  readonly barrierUnit: BarrierUnit;
  /** Units that register their own fields (block table, admission, caches, counters). */
  readonly units: readonly { registerSteadyState(reg: SteadyStateRegistry): void }[];
}

/**
 * The steady-state fast-forward for a run, with every part of the SM registered, or undefined
 * when the run cannot use it: turned off, a reference scan, warps that follow their own paths,
 * hooks that observe every cycle (traces), or a policy the fast-forward cannot follow (random).
 */
export function createSteadyState(config: SmConfig, parts: SteadyStateParts, unsampled?: string): SteadyState | undefined {
  const refuse = (why: string) => {
    if (config.sample !== undefined) config.sample.refused = why;
    return undefined;
  };
  const { hooks } = config;
  if (config.sample !== undefined && unsampled !== undefined) config.sample.refused = unsampled;
  const sample = unsampled === undefined ? config.sample : undefined;
  if (config.fastForward === false && sample === undefined) return undefined;
  if (config.referenceScan === true) return refuse("the reference scan simulates every cycle");
  // A warp following its own path is at a new place in it every trip: nothing repeats.
  if (config.paths !== undefined) return refuse("warps that follow their own executed paths do not repeat trips");
  if (hooks.issue.length > 0 || hooks.stateChange.length > 0 || (hooks.schedule?.length ?? 0) > 0) return refuse("observers of every cycle (a trace, --per-instruction) are attached");
  if (!parts.subpartitions.every((sp) => sp.followsSteadyState)) return refuse("the scheduling policy cannot be skipped ahead (random)");
  const { subpartitions } = parts;
  const issued = () => subpartitions.reduce((n, sp) => n + sp.counters.instructions, 0);
  return new SteadyState(registerAll(config, parts), sample, issued, (now) => parts.accounting.settle(now), config.fastForward !== false);
}

function registerAll(config: SmConfig, parts: SteadyStateParts): SteadyStateRegistry {
  const { warps, subpartitions, barrierUnit } = parts;
  const { program } = config;
  const reg = new SteadyStateRegistry();
  warps.registerSteadyState(reg);
  parts.scoreboard.registerSteadyState(reg, program.usedRegisters());
  parts.accounting.registerSteadyState(reg, (w) => subpartitions[warps.subpartition[w]].candidates.aggregated(w));
  for (const sp of subpartitions) sp.registerSteadyState(reg);
  for (const unit of parts.units) unit.registerSteadyState(reg);
  reg.custom(parts.events.steadyState());
  reg.readyAtScalar(() => barrierUnit.freeAt, (v) => (barrierUnit.freeAt = v));
  // Loop counters grow by whole trips; a jump's counter (a taken share) must not move.
  const slotTrips = new Float64Array(Math.max(1, program.loopSlots));
  for (let pc = 0; pc < program.length; pc++) if (program.loopTrips[pc] > 0) slotTrips[program.loopSlot[pc]] = program.loopTrips[pc];
  const slots = warps.loopSlots;
  reg.trips(warps.loopCount, warps.loopExits, (i) => (slots > 0 ? slotTrips[i % slots] : 0), slots);
  return reg;
}
