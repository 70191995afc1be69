// Calls of the engine's scheduling, accounting and event methods per simulated warp-instruction,
// for one bench case at 1/8 of its loop trips, every cycle simulated. Usage:
//   node bench/experiments/call-counts.mjs CASE [list]     (list: the candidate list, not masks)
// Needs a build (npm run build). It wraps methods of dist/ classes: it counts calls, not time.
import { parseScenario, simulate } from "../../dist/index.js";
import { WheelEventQueue } from "../../dist/engine/wheel-event-queue.js";
import { CandidateMasks } from "../../dist/sm/candidate-masks.js";
import { Subpartition } from "../../dist/sm/subpartition.js";
import { StateAccounting } from "../../dist/stats/state-accounting.js";
import { CASES } from "../cases.mjs";

const counts = {};
function wrap(cls, name) {
  const label = `${cls.name}.${name}`;
  const original = cls.prototype[name];
  cls.prototype[name] = function (...args) {
    counts[label] = (counts[label] ?? 0) + 1;
    return original.apply(this, args);
  };
}
for (const m of ["look", "settle", "hold", "add", "remove", "detachIfAggregated"]) wrap(CandidateMasks, m);
for (const m of ["select", "addCandidate", "removeCandidate", "holdDispatch"]) wrap(Subpartition, m);
for (const m of ["enter", "resume", "absorb"]) wrap(StateAccounting, m);
wrap(WheelEventQueue, "push");

const make = CASES[process.argv[2]];
if (!make) {
  console.error(`usage: node bench/experiments/call-counts.mjs CASE [list]; cases: ${Object.keys(CASES).join(", ")}`);
  process.exit(1);
}
const eighth = (_, n) => String(Math.max(1, Math.round(n / 8)));
const text = make().replace(/(iterations: )(\d+)/g, (_, p, n) => p + eighth(_, n)).replace(/(\.loop )(\d+)/g, (_, p, n) => p + eighth(_, n));
const result = simulate(parseScenario(text, process.argv[2]), { fastForward: false, candidateMasks: process.argv[3] !== "list" });
const instructions = result.sm.instExecuted;
console.log(`${process.argv[2]}: ${instructions} warp-instructions; calls per warp-instruction:`);
for (const [name, n] of Object.entries(counts).sort()) console.log(`  ${name.padEnd(34)} ${(n / instructions).toFixed(3)}`);
