import type { SassKernel } from "../sass/read-sass.js";
import { demangleKernel, UnreadableName } from "./kernel-params.js";

/**
 * The kernel a user names: by its name in the listing (mangled for C++), its demangled name
 * with template arguments (`sgemm_smem<16>`), or its short name (`sgemm_smem`) when only one
 * kernel has it.
 */
export function findKernel(kernels: readonly SassKernel[], name: string): SassKernel | undefined {
  const exact = kernels.find((k) => k.name === name);
  if (exact !== undefined) return exact;
  const readable = kernels.map((k) => ({ k, sig: signature(k.name) }));
  const full = readable.filter((r) => r.sig?.name === name);
  if (full.length === 1) return full[0].k;
  const short = readable.filter((r) => r.sig?.shortName === name);
  return short.length === 1 ? short[0].k : undefined;
}

function signature(name: string) {
  try {
    return demangleKernel(name);
  } catch (e) {
    if (e instanceof UnreadableName) return undefined;
    throw e;
  }
}
