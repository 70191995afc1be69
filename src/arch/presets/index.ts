import type { ArchSpec } from "../arch-spec.js";
import { sm_90 } from "./sm_90.js";

/** Every built-in architecture preset, by name. */
export const PRESETS: Readonly<Record<string, ArchSpec>> = { sm_90 };

export const DEFAULT_ARCH = "sm_90";
