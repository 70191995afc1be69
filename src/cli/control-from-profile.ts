import { ConfigError, ScenarioError } from "../errors.js";
import { findKernel } from "../exec/find-kernel.js";
import { readInputFile } from "../input-file.js";
import { LIMITS } from "../limits.js";
import { readSourcePage } from "../ncu/read-source-page.js";
import { addressKey } from "../sass/control-flow.js";
import { controlFromCounts } from "../sass/control-from-counts.js";
import { readSass } from "../sass/read-sass.js";
import type { SassRunOptions } from "./sass-options.js";

/**
 * `--from-profile source.csv`: each loop's trips and each guarded branch's taken share from
 * the issue counts of ncu's Source page (src/sass/control-from-counts.ts), for control flow the
 * listing alone cannot give (data-dependent loops and branches). They act as --trip and --taken
 * would, and the ones given by hand win; a note says which values came from the profile.
 */
export function controlFromProfile(opts: SassRunOptions & { fromProfile: string }, text: string, note: (text: string) => void): SassRunOptions {
  const read = readInputFile(opts.fromProfile, LIMITS.inputFileBytes, "the CSV of Nsight Compute's Source page");
  if ("expected" in read) throw new ConfigError(`${opts.fromProfile}: expected ${read.expected}, found ${read.found}.`);
  const pages = readSourcePage(read.text, opts.fromProfile);
  const listing = readSass(text, opts.sass);
  if (!listing.ok) throw new ScenarioError(listing.issues);
  const name = opts.kernel ?? (listing.kernels.length === 1 ? listing.kernels[0].name : undefined);
  const kernel = name === undefined ? undefined : findKernel(listing.kernels, name);
  if (kernel === undefined) throw new ConfigError(`${opts.sass}: --from-profile needs the listing's kernel (--kernel NAME; the file holds ${listing.kernels.map((k) => k.name).join(", ")}).`);
  // ncu names the kernel as its signature demangled ("void sgemm<16>(float *, ...)"): its name part.
  const page = pages.find((p) => findKernel([kernel], p.kernel.replace(/^void\s+/, "").replace(/\s*\(.*$/, "")) !== undefined);
  if (page === undefined) throw new ConfigError(`${opts.fromProfile}: expected the Source page of kernel ${name}, found pages of ${pages.map((p) => p.kernel).join(", ")}.`);
  const counts = new Map(page.instructions.map((i) => [i.offset, i.executed]));
  const found = controlFromCounts(kernel.instructions, (address) => counts.get(address) ?? 0);
  const trip = { ...Object.fromEntries([...found.trips].map(([a, n]) => [addressKey(a), n])), ...opts.trip };
  const taken = { ...Object.fromEntries([...found.taken].map(([a, s]) => [addressKey(a), s])), ...opts.taken };
  const loops = [...found.trips].filter(([a]) => !Object.hasOwn(opts.trip, addressKey(a))).map(([a, n]) => `${addressKey(a)} ${n}`);
  const shares = [...found.taken].filter(([a]) => !Object.hasOwn(opts.taken, addressKey(a))).map(([a, s]) => `${addressKey(a)} ${Number(s.toFixed(4))}`);
  note(
    `from ${opts.fromProfile} (ncu's issue counts of ${page.kernel}): ${loops.length === 0 ? "no loop trips" : `trips ${loops.join(", ")}`}; ${shares.length === 0 ? "no taken shares" : `taken ${shares.join(", ")}`}` +
      (found.unresolved.length > 0 ? `; the counts leave ${found.unresolved.map(addressKey).join(", ")} undecided (--taken or --trip for them)` : ""),
  );
  return { ...opts, trip, taken };
}
