import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * Every number and figure in README.md and docs/ comes from a run of warpsim
 * (tools/docs/sync.mjs); a model change that moves one must regenerate it.
 */
describe("README and docs are generated from runs", () => {
  // The check covers the gallery too (tools/gallery/build.mjs rebuilds it): one process, whose
  // worker threads share one memo of commands' outputs, runs each validate family once.
  it("no generated block, figure or gallery page is stale (node tools/docs/sync.mjs and tools/gallery/build.mjs regenerate them)", async () => {
    // In a process of its own, not in the test worker: it runs at Node's full speed there, its
    // commands spread over worker threads (sync.mjs --jobs: the cores, at most 4), beside the
    // other test files (vitest.config.ts: two workers).
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, ["tools/docs/sync.mjs", "--check"], { maxBuffer: 16 << 20 }, (error, _stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stderr }),
      );
    });
    expect(result.code, result.stderr).toBe(0);
    // 2.4 minutes alone on a 2-core machine with two threads (2026-11-27; 4.0 in one thread, 5.2 before the L2 estimate's speed-up), more beside the other test files: room for a slower runner.
  }, 900_000);
});
