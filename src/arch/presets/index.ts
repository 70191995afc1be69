import type { ArchSpec } from "../arch-spec.js";
import { sm_70 } from "./sm_70.js";
import { sm_75 } from "./sm_75.js";
import { sm_80 } from "./sm_80.js";
import { sm_86 } from "./sm_86.js";
import { sm_89 } from "./sm_89.js";
import { sm_90 } from "./sm_90.js";
import { sm_100 } from "./sm_100.js";
import { sm_120 } from "./sm_120.js";

/**
 * Every built-in architecture preset, by name, oldest first. Frozen all the way down: a library
 * caller that changed one would change every later scenario of the process.
 */
export const PRESETS: Readonly<Record<string, ArchSpec>> = deepFreeze({ sm_70, sm_75, sm_80, sm_86, sm_89, sm_90, sm_100, sm_120 });

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
