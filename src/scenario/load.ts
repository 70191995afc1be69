import { existsSync, readFileSync, statSync } from "node:fs";
import { ScenarioError } from "../errors.js";
import { LIMITS } from "../limits.js";
import type { Scenario } from "./resolve.js";
import { parseScenario } from "./parse-scenario.js";

export { documentData, parseScenario } from "./parse-scenario.js";

/**
 * Loads a scenario from a file path or from YAML/JSON text, validates it and resolves it.
 * Throws ScenarioError listing every problem with its file, line or field, what was expected
 * and what was found.
 */
export function loadScenario(pathOrText: string): Scenario {
  const { file, text } = readScenarioSource(pathOrText);
  return parseScenario(text, file);
}

/** The text of a scenario given as a file path or as YAML/JSON text. */
export function readScenarioSource(pathOrText: string): { file: string; text: string } {
  const looksLikeText = pathOrText.includes("\n") || /^\s*[{]/.test(pathOrText);
  if (looksLikeText) return { file: "<inline>", text: pathOrText };
  if (!existsSync(pathOrText)) {
    throw new ScenarioError([
      { code: "parse_error", file: pathOrText, path: [], expected: "a scenario file (YAML or JSON) that exists", found: "no such file" },
    ]);
  }
  try {
    const bytes = statSync(pathOrText).size;
    if (bytes > LIMITS.scenarioBytes) {
      throw new ScenarioError([
        { code: "parse_error", file: pathOrText, path: [], expected: `a scenario file of at most ${LIMITS.scenarioBytes} bytes`, found: `${bytes} bytes` },
      ]);
    }
    return { file: pathOrText, text: readFileSync(pathOrText, "utf8") };
  } catch (e) {
    if (e instanceof ScenarioError) throw e;
    throw new ScenarioError([
      { code: "parse_error", file: pathOrText, path: [], expected: "a readable scenario file", found: (e as Error).message },
    ]);
  }
}

