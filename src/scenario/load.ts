import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, ScenarioError } from "../errors.js";
import { readInputFile } from "../input-file.js";
import { LIMITS } from "../limits.js";
import type { Scenario } from "./resolve.js";
import { parseScenario } from "./parse-scenario.js";

export { documentData, parseScenario } from "./parse-scenario.js";

/**
 * Loads a scenario from a file path or from YAML/JSON text, validates it and resolves it.
 * Throws ScenarioError listing every problem with its file, line or field, what was expected
 * and what was found.
 */
export function loadScenario(pathOrText: string, options: { anyPath?: boolean } = {}): Scenario {
  if (typeof pathOrText !== "string") throw new ConfigError(`loadScenario(): expected a file path or the scenario's text, found ${pathOrText === null ? "null" : typeof pathOrText}.`);
  const { file, text } = readScenarioSource(pathOrText);
  return parseScenario(text, file, [], { readFile: readerBeside(file, options.anyPath) });
}

/**
 * Reads the files a scenario names (program.sass) relative to the scenario's folder (the
 * working directory for inline text), refusing missing, oversized and special files with the
 * field named. A path that leads outside both the scenario's folder and the working directory
 * (`../../etc/hostname`) is refused unless `anyPath` (the CLI's --allow-any-path) or it is one
 * of warpsim's own files (a bundled scenario's listing): a scenario
 * from elsewhere reads nothing else of the user's. A path typed on the command line (--sass)
 * is the user's own choice and may be anywhere.
 */
export function readerBeside(scenarioFile: string, anyPath = false): (path: string) => { file: string; text: string } {
  const base = scenarioFile === "<inline>" || scenarioFile.startsWith("<") ? "." : dirname(scenarioFile);
  return (path) => {
    const file = isAbsolute(path) ? path : join(base, path);
    const refuse = (expected: string, found: string) => new ScenarioError([{ code: "invalid_field", file: scenarioFile, path: ["program", "sass"], expected, found }]);
    if (!anyPath && scenarioFile !== "<command line>" && !inside(file, base) && !inside(file, ".") && !inside(file, PACKAGE_ROOT)) {
      throw refuse("a listing inside the scenario's folder or the working directory (--allow-any-path reads any)", path);
    }
    const read = readInputFile(file, LIMITS.programBytes, "a SASS listing (cuobjdump -sass output; the path is relative to the scenario file)");
    if ("expected" in read) throw refuse(read.expected, read.found);
    return { file, text: read.text };
  };
}

/** warpsim's own folder (src/ or dist/'s parent): its bundled scenarios name its bundled listings (../validation/...). */
const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Whether `file` is `folder` or below it. */
function inside(file: string, folder: string): boolean {
  const rel = relative(resolve(folder), resolve(file));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** The text of a scenario given as a file path or as YAML/JSON text. */
export function readScenarioSource(pathOrText: string): { file: string; text: string } {
  const looksLikeText = pathOrText.includes("\n") || /^\s*[{]/.test(pathOrText);
  if (looksLikeText) return { file: "<inline>", text: pathOrText };
  const read = readInputFile(pathOrText, LIMITS.scenarioBytes, "a scenario file (YAML or JSON)");
  if ("expected" in read) throw new ScenarioError([{ code: "parse_error", file: pathOrText, path: [], expected: read.expected, found: read.found }]);
  return { file: pathOrText, text: read.text };
}
