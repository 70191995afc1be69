import { sharedWavefronts } from "../sass/bank-conflicts.js";
import { formatControl } from "../sass/control-code.js";
import type { SassKernel } from "../sass/read-sass.js";
import { accessWords } from "../program/program.js";
import { addressKey } from "../sass/control-flow.js";

/** The kernels of a listing, one line each: what `warpsim sass FILE` prints first. */
export function formatKernelList(file: string, kernels: readonly SassKernel[]): string {
  const lines = [`${file}: ${kernels.length} kernel${kernels.length === 1 ? "" : "s"}`];
  for (const k of kernels) {
    const loops = k.instructions.filter((i) => isLoopBranch(i)).length;
    lines.push(`  ${k.name.padEnd(24)} ${String(k.instructions.length).padStart(5)} instructions, ${loops} loop${loops === 1 ? "" : "s"}`);
  }
  return lines.join("\n") + "\n";
}

/**
 * One kernel as warpsim reads it: each instruction with its decoded control code
 * (`[B0-----:R-:W1:Y:S04]`: waits on SB0, sets SB1 for its result, yields, stalls 4 cycles),
 * beside each branch what warpsim needs to know about it (the flags to give), and beside each
 * shared-memory access the wavefronts its lanes' addresses take in a block of shape `blockDim`
 * (docs/sass.md, "Bank conflicts").
 */
export function formatKernel(kernel: SassKernel, blockDim: readonly [number, number, number] = [128, 1, 1]): string {
  const lines = [`kernel ${kernel.name}: ${kernel.instructions.length} instructions`, ""];
  const wavefronts = sharedWavefronts(kernel.instructions, { blockDim });
  for (const ins of kernel.instructions) {
    let note = "";
    const w = wavefronts.get(ins.address);
    if (isLoopBranch(ins)) note = `loop ${addressKey(ins.target!)}..${addressKey(ins.address)}: --trip ${addressKey(ins.address)}=N`;
    else if (w !== undefined) note = w > accessWords(ins.modifiers) ? `${w} wavefronts: bank conflicts (conflict-free ${accessWords(ins.modifiers)})` : `${w} wavefront${w === 1 ? "" : "s"}`;
    else if (ins.opcode === "BRA" && ins.target !== undefined && ins.target > ins.address)
      note = guarded(ins) ? `forward branch: taken share --taken ${addressKey(ins.address)}=F (default 0)` : "jump (always taken)";
    else if (ins.opcode === "EXIT" && guarded(ins)) note = `guarded exit: --taken ${addressKey(ins.address)}=F (default 0)`;
    lines.push(`  /*${addressKey(ins.address).slice(2)}*/ ${formatControl(ins.control)} ${ins.text.padEnd(44)}${note === "" ? "" : ` # ${note}`}`.trimEnd());
  }
  return lines.join("\n") + "\n";
}

function guarded(ins: SassKernel["instructions"][number]): boolean {
  return ins.guard !== undefined && ins.guard !== "@PT" && ins.guard !== "@UPT";
}

function isLoopBranch(ins: SassKernel["instructions"][number]): boolean {
  return ins.opcode === "BRA" && ins.target !== undefined && ins.target < ins.address && ins.guard !== "@!PT";
}
