import { Command } from "commander";
import { SCHEDULER_NAMES } from "../../scenario/schema.js";
import { PRESETS } from "../../arch/presets/index.js";
import type { CliIo } from "../io.js";

export function archsCommand(io: CliIo): Command {
  return new Command("archs").description("list the architecture presets and their key limits").action(() => {
    const header = ["preset", "GPU", "CC", "SMs", "warps/SM", "blocks/SM", "regs/SM", "smem/SM", "smem/block opt-in", "reserved/block"];
    const rows = Object.values(PRESETS).map((a) => [
      a.name,
      a.displayName,
      a.computeCapability.join("."),
      String(a.smCount),
      String(a.maxWarpsPerSm),
      String(a.maxBlocksPerSm),
      String(a.registersPerSm),
      `${a.sharedMemPerSmBytes / 1024} KiB`,
      `${a.sharedMemPerBlockOptinBytes / 1024} KiB`,
      `${a.reservedSharedMemPerBlockBytes} B`,
    ]);
    const all = [header, ...rows];
    const widths = header.map((_, c) => Math.max(...all.map((r) => r[c].length)));
    io.stdout(all.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join("  ").trimEnd()).join("\n") + "\n");
    io.stdout(`\nOnly sm_90 is calibrated against hardware (H100 measurements: docs/validation.md); the others take their limits from NVIDIA's published specifications and the CUDA occupancy rules, and their timings are not checked against hardware.\n`);
    io.stdout(`Scheduling policies (scheduler: or --scheduler): ${SCHEDULER_NAMES.join(", ")} (docs/scheduling.md).\n`);
  });
}
