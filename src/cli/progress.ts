import cliProgress from "cli-progress";
import type { CliIo } from "./io.js";

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/** Seconds between progress lines when stderr is not a terminal (the first after as long). */
const LINE_EVERY_MS = 10_000;

/**
 * A progress bar on stderr when it is a terminal; when it is not (a pipe, a log file, CI), a
 * line every 10 s once a run has lasted that long, so a long job says it is alive and a short
 * one prints nothing. `stop` restores the cursor (the bar hides it) and is safe to call more
 * than once, also after Ctrl-C.
 */
export function progressBar(io: CliIo, label: string, counter = "{value}/{total} {eta_formatted} left"): Progress {
  if (!io.isTty) {
    const start = Date.now();
    let next = start + LINE_EVERY_MS;
    return {
      update: (done, total) => {
        const now = Date.now();
        if (now < next) return;
        next = now + LINE_EVERY_MS;
        io.stderr(`warpsim: ${label}: ${total > 0 ? Math.floor((100 * done) / total) : 0}% (${done} of ${total}) after ${Math.round((now - start) / 1000)} s\n`);
      },
      stop: () => {},
    };
  }
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
