import { readFileSync } from "node:fs";

/**
 * How many sweep workers fit an address-space limit (`ulimit -v`, common on clusters). Each
 * Node worker thread reserves virtual memory up front (its code range and heap), and one that
 * cannot aborts the whole process ("Failed to reserve virtual memory for CodeRange", exit 133)
 * before warpsim can say anything. Measured on this project's machine (Node 20, Linux x64):
 * `sweep --jobs N` under `ulimit -v` of 2, 3, 4 and 6 GiB runs at most 1 (in-thread), 3, 5 and 8
 * workers: the main thread takes about 1.5 GiB of address space, each worker about 0.5 GiB.
 * 0.6 GiB a worker is counted, a margin for other builds of Node (2 workers at 3 GiB, 4 at 4,
 * 7 at 6: each within what ran).
 */
export const MAIN_THREAD_BYTES = 1.5 * 2 ** 30;
export const WORKER_BYTES = 0.6 * 2 ** 30;

/** Workers that fit `limitBytes` of address space, at most `wanted`; 1 (the sweep runs in this thread) when none does. */
export function workersWithin(limitBytes: number, wanted: number): number {
  if (!Number.isFinite(limitBytes)) return wanted;
  return Math.max(1, Math.min(wanted, Math.floor((limitBytes - MAIN_THREAD_BYTES) / WORKER_BYTES)));
}

/** The process's soft address-space limit in bytes (Linux: /proc/self/limits), Infinity when there is none or it cannot be read. */
export function addressSpaceLimit(limitsText?: string): number {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync("/proc/self/limits", "utf8");
    } catch {
      return Infinity;
    }
  }
  const m = /^Max address space\s+(\S+)/m.exec(text);
  return m === null || m[1] === "unlimited" ? Infinity : Number(m[1]);
}
