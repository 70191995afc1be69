import cliProgress from "cli-progress";
import type { CliIo } from "./io.js";

/** A progress bar on stderr when it is a terminal; nothing when output is piped. */
export function progressBar(io: CliIo, label: string): { update: (done: number, total: number) => void; stop: () => void } {
  if (!io.isTty) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} {eta_formatted} left`, stream: process.stderr, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update: (done, total) => {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}
