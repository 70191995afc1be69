import { parseScenario, simulate, WarpsimError, type SimulationResult } from "../../src/index.js";

/** What one fuzz input did. Only `ok` and `clean_error` are acceptable. */
export type FuzzClass = "ok" | "clean_error" | "crash" | "bad_metrics" | "slow";

/** Cycle cap for fuzzed runs, so each stays small; the run may stop at it (a valid outcome). */
export const FUZZ_MAX_CYCLES = 20_000;
/** A single input taking longer than this is a defect (a hang in the making). */
export const FUZZ_SLOW_MS = 2_000;

export interface FuzzOutcome {
  readonly kind: FuzzClass;
  readonly detail: string;
}

/** Loads and (if valid) simulates one scenario text; classifies what happened. */
export function classify(text: string): FuzzOutcome {
  const start = performance.now();
  let outcome: FuzzOutcome;
  try {
    const result = simulate(parseScenario(text, "fuzz.yaml"), { maxCycles: FUZZ_MAX_CYCLES });
    const problem = metricProblem(result);
    outcome = problem === undefined ? { kind: "ok", detail: "" } : { kind: "bad_metrics", detail: problem };
  } catch (e) {
    if (e instanceof WarpsimError) {
      // A clean error names where: a file and a line or field, and says what was expected.
      const clean = /fuzz\.yaml/.test(e.message) && /expected/.test(e.message) && e.message.length < 20_000;
      outcome = clean ? { kind: "clean_error", detail: "" } : { kind: "crash", detail: `unhelpful ${e.name}: ${e.message.slice(0, 300)}` };
    } else {
      outcome = { kind: "crash", detail: e instanceof Error ? `${e.name}: ${e.message}\n${e.stack?.split("\n").slice(1, 4).join("\n")}` : String(e) };
    }
  }
  if (performance.now() - start > FUZZ_SLOW_MS && outcome.kind !== "crash") outcome = { kind: "slow", detail: `${Math.round(performance.now() - start)} ms` };
  return outcome;
}

/** The invariants every result obeys, completed or stopped; a description of the first broken. */
function metricProblem(r: SimulationResult): string | undefined {
  for (const [i, sp] of [...r.subpartitions.entries(), [-1, r.sm] as const]) {
    const where = i < 0 ? "SM" : `SMSP ${i}`;
    if (sp.instExecuted > sp.activeCycles) return `${where}: ${sp.instExecuted} instructions in ${sp.activeCycles} active cycles`;
    if (sp.eligibleHistogram.some((c) => c < 0)) return `${where}: negative eligible histogram entry`;
    if (sp.eligibleHistogram.reduce((a, b) => a + b, 0) !== sp.activeCycles) return `${where}: histogram does not sum to active cycles`;
    if (Object.values(sp.stalls).some((s) => s.warpCycles < 0)) return `${where}: negative warp-cycles in a state`;
    if (sp.stalls.selected.warpCycles !== sp.instExecuted) return `${where}: selected warp-cycles differ from instructions`;
  }
  if (r.outcome.status !== "completed" && r.cycles > FUZZ_MAX_CYCLES) return `stopped at ${r.cycles} > ${FUZZ_MAX_CYCLES}`;
  return undefined;
}
