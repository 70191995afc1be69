import cliProgress from "cli-progress";
import type { CliIo } from "./io.js";

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/**
 * A progress bar on stderr when it is a terminal; nothing when output is piped. `stop` restores
 * the cursor (the bar hides it) and is safe to call more than once, also after Ctrl-C.
 */
export function progressBar(io: CliIo, label: string, counter = "{value}/{total} {eta_formatted} left"): Progress {
  if (!io.isTty) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] ${counter}`, stream: process.stderr, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  return {
    update: (done, total) => {
      if (!running) {
        bar.start(total, 0);
        running = true;
      }
      bar.update(done);
    },
    stop: () => {
      if (!running) return;
      running = false;
      bar.stop();
    },
  };
}
