// Runs the engine off the page's thread: a scenario's YAML in, its result (or its error) out.
import { parseScenario } from "../src/scenario/parse-scenario.js";
import { simulate } from "../src/run/simulate.js";

self.onmessage = (e: MessageEvent<{ id: number; yaml: string }>) => {
  const { id, yaml } = e.data;
  try {
    const started = performance.now();
    const result = simulate(parseScenario(yaml, "playground.yaml"));
    self.postMessage({ id, result, milliseconds: performance.now() - started });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
