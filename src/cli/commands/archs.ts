import { Command } from "commander";
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
  });
}
