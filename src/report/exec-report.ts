import type { KernelProfile } from "../exec/kernel-profile.js";
import { formatControl } from "../sass/control-code.js";
import { addressKey } from "../sass/control-flow.js";
import type { SassKernel } from "../sass/read-sass.js";

const fix1 = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const pct = (x: number) => `${(100 * x).toFixed(x > 0 && x < 0.01 ? 2 : 0)}%`;

/** A loop back-edge's trips per entry, and a forward branch's or guarded EXIT's taken share, from a profile. */
export interface FoundControl {
  readonly trips: ReadonlyMap<number, number>;
  readonly taken: ReadonlyMap<number, number>;
}

/**
 * What execution found for the declared-trips model: each backward branch's trips per entry
 * (its issues over the issues that did not go back), each forward branch's and guarded EXIT's
 * share of issues in which every running lane took it. Branches the warps split are left out
 * (their paths are not one loop or one direction); a loop the launch never enters gets 1.
 */
export function foundControl(kernel: SassKernel, p: KernelProfile): FoundControl {
  const trips = new Map<number, number>();
  const taken = new Map<number, number>();
  kernel.instructions.forEach((ins, i) => {
    const issues = p.executions[i];
    const loop = ins.opcode === "BRA" && ins.target !== undefined && ins.target < ins.address && ins.guard !== undefined;
    // A loop this launch never enters still needs a count in the declared model: any will do.
    if (loop && issues === 0 && ins.guard !== "@!PT") trips.set(ins.address, 1);
    if (issues === 0 || p.split[i] > 0) return;
    if (loop) {
      const exits = issues - p.taken[i];
      if (exits > 0) trips.set(ins.address, issues / exits);
    } else if ((ins.opcode === "BRA" && ins.target !== undefined && ins.target > ins.address && ins.guard !== undefined) || (ins.opcode === "EXIT" && ins.guard !== undefined)) {
      taken.set(ins.address, p.taken[i] / issues);
    }
  });
  return { trips, taken };
}

/**
 * One kernel run from its arguments: a summary (blocks, warps, instructions per warp), each
 * instruction with its issues per warp and, for branches, how the warps went, then the
 * --trip/--taken flags that give the declared-trips model the same control flow.
 */
export function formatExecutedKernel(kernel: SassKernel, p: KernelProfile, what: string): string {
  const perWarp = (x: number) => fix1(p.warps > 0 ? x / p.warps : 0);
  const blocks = p.blocks.length <= 6 ? p.blocks.join(", ") : `${p.blocks.slice(0, 5).join(", ")}, ... (${p.blocks.length})`;
  const { min, mean, max } = p.instructions;
  const lines = [
    `kernel ${kernel.name}, ${what}: blocks ${blocks}; ${p.warps} warps`,
    `warp-instructions per warp: ${fix1(mean)}${min === max ? "" : ` (${min} to ${max})`}`,
    "",
  ];
  kernel.instructions.forEach((ins, i) => {
    const issues = p.executions[i];
    if (issues === 0 && ins.opcode === "NOP") return; // the compiler's padding after the last EXIT
    let note = "";
    if (ins.opcode === "BRA" || ins.opcode === "EXIT") {
      if (issues > 0 && (ins.guard !== undefined || p.split[i] > 0)) {
        note = `taken ${pct(p.taken[i] / issues)}${p.split[i] > 0 ? `, split ${pct(p.split[i] / issues)}` : ""}`;
        const unknown = p.unknownBranches.get(ins.address);
        if (unknown !== undefined) note += `; guard unknown ${unknown} times (from loaded data): taken as false (give the buffer's contents: fill, iota, random)`;
      }
    }
    const count = issues === 0 ? "-" : perWarp(issues);
    lines.push(`  /*${addressKey(ins.address).slice(2)}*/ ${count.padStart(9)}  ${formatControl(ins.control)} ${ins.text.padEnd(44)}${note === "" ? "" : ` # ${note}`}`.trimEnd());
  });
  const found = foundControl(kernel, p);
  const flags = [...[...found.trips].map(([a, n]) => `--trip ${addressKey(a)}=${Math.max(1, Math.round(n))}`), ...[...found.taken].filter(([, s]) => s > 0).map(([a, s]) => `--taken ${addressKey(a)}=${Number(s.toFixed(4))}`)];
  lines.push("", "Issues per warp (mean over the warps run) beside each instruction.");
  if (flags.length > 0) lines.push(`The same control flow for warpsim run --sass: ${flags.join(" ")}`);
  if (p.runaways > 0) lines.push(`warning: ${p.runaways} warps did not finish within the instruction limit (a loop whose exit depends on loaded data?)`);
  return lines.join("\n") + "\n";
}
