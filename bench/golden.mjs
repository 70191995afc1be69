import { writeFileSync } from "node:fs";
import { loadScenario, simulate } from "../dist/index.js";
import { formatJson } from "../dist/report/json.js";
const out = process.argv[2];
// Regenerates test/golden (node bench/golden.mjs test/golden) after a deliberate model change.
const files = ["scenarios/single-warp-807.yaml", "scenarios/latency-hiding/ilp4-w8.yaml", "scenarios/fma-saturate.yaml", "test/scenarios/fixtures/barrier-waves.yaml", "test/scenarios/fixtures/mixed-pipes.yaml"];
for (const f of files) writeFileSync(`${out}/${f.split("/").pop().replace(".yaml", ".json")}`, formatJson(simulate(loadScenario(f))));
