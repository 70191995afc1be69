import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
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
  return parseScenario(text, file, [], { readFile: readerBeside(file) });
}

/**
 * Reads the files a scenario names (program.sass) relative to the scenario's folder (the
 * working directory for inline text), refusing missing and oversized ones with the field named.
 */
export function readerBeside(scenarioFile: string): (path: string) => { file: string; text: string } {
  const base = scenarioFile === "<inline>" || scenarioFile.startsWith("<") ? "." : dirname(scenarioFile);
  return (path) => {
    const file = isAbsolute(path) ? path : join(base, path);
    const refuse = (expected: string, found: string) => new ScenarioError([{ code: "invalid_field", file: scenarioFile, path: ["program", "sass"], expected, found }]);
    if (!existsSync(file)) throw refuse("a SASS listing that exists (cuobjdump -sass output; the path is relative to the scenario file)", `no such file: ${file}`);
    const bytes = statSync(file).size;
    if (bytes > LIMITS.programBytes) throw refuse(`a listing of at most ${LIMITS.programBytes} bytes`, `${bytes} bytes`);
    return { file, text: readFileSync(file, "utf8") };
  };
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

