// Runs the engine off the page's thread. A run: a scenario's YAML (and the SASS listing its
// program names, if any) in; its result, or its error, out, with the state changes of
// sub-partition 0 for the timeline. A sweep: the playground's scenario at each (ILP, warps),
// one message per point as it finishes.
import { parseScenario } from "../src/scenario/parse-scenario.js";
import { simulate } from "../src/run/simulate.js";
import { scenarioYaml, type PlaygroundParams } from "./scenario.js";

/** State changes kept for the timeline (about 4 MB of typed arrays). */
const TIMELINE_CAP = 400_000;

export type Request =
  | { kind: "run"; id: number; yaml: string; sass?: string; timeline?: boolean; loneYaml?: string }
  | { kind: "sweep"; id: number; params: PlaygroundParams; ilps: number[]; warps: number[] };

self.onmessage = (e: MessageEvent<Request>) => {
  const msg = e.data;
  try {
    if (msg.kind === "run") run(msg);
    else sweep(msg);
  } catch (err) {
    self.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
};

function run(msg: Extract<Request, { kind: "run" }>): void {
  const started = performance.now();
  // A pasted listing stands for whatever file `program.sass` names.
  const readFile = msg.sass !== undefined ? (path: string) => ({ file: path, text: msg.sass! }) : undefined;
  const scenario = parseScenario(msg.yaml, "playground.yaml", [], readFile ? { readFile } : {});
  const cycle = new Float64Array(TIMELINE_CAP);
  const warp = new Int32Array(TIMELINE_CAP);
  const state = new Int8Array(TIMELINE_CAP);
  let count = 0;
  let truncated = false;
  const result = simulate(scenario, {
    hooks: {
      issue: [],
      stateChange: msg.timeline === false ? [] : [
        (c, sp, w, s) => {
          if (sp !== 0) return;
          if (count === TIMELINE_CAP) {
            truncated = true;
            return;
          }
          cycle[count] = c;
          warp[count] = w;
          state[count++] = s;
        },
      ],
    },
  });
  const milliseconds = performance.now() - started;
  const timeline = { cycle, warp, state, count, cycles: result.cycles, truncated };
  // Little's law's r1: the same program as one warp alone (src/stats/little.ts).
  const lone = msg.loneYaml === undefined ? undefined : simulate(parseScenario(msg.loneYaml, "playground-lone.yaml"));
  const loneIssueRate = lone === undefined || lone.outcome.status !== "completed" ? undefined : 1 / lone.sm.warpCyclesPerIssue;
  self.postMessage({ id: msg.id, result, milliseconds, timeline, loneIssueRate }, { transfer: [cycle.buffer, warp.buffer, state.buffer] });
}

function sweep(msg: Extract<Request, { kind: "sweep" }>): void {
  for (const ilp of msg.ilps) {
    for (const warps of msg.warps) {
      const result = simulate(parseScenario(scenarioYaml({ ...msg.params, ilp, warps }), "playground.yaml"));
      self.postMessage({ id: msg.id, point: { ilp, warps, issueActive: result.sm.issueActive } });
    }
  }
  self.postMessage({ id: msg.id, done: true });
}
