import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * Every number and figure in README.md and docs/ comes from a run of warpsim
 * (tools/docs/sync.mjs); a model change that moves one must regenerate it.
 */
describe("README and docs are generated from runs", () => {
  it("no generated block or figure is stale (node tools/docs/sync.mjs regenerates them)", async () => {
    // In a process of its own, not in the test worker: it runs at Node's full speed there (about
    // 3.3 minutes on a 2-core machine against 5.3 in a worker), and beside the other test files
    // (vitest.config.ts: two workers).
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, ["tools/docs/sync.mjs", "--check"], { maxBuffer: 16 << 20 }, (error, _stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stderr }),
      );
    });
    expect(result.code, result.stderr).toBe(0);
    // About 3.5 minutes alone on a 2-core machine (2026-11-27, after the L2 estimate's speed-up; 5.2 before), more beside the other test files: room for a slower runner.
  }, 900_000);
});

describe("the gallery is generated from runs", () => {
  it("docs/gallery is what tools/gallery/build.mjs makes today", async () => {
    // @ts-expect-error: a plain .mjs tool, without types
    const { galleryStale } = await import("../tools/gallery/build.mjs");
    const { stale } = (await galleryStale()) as { stale: string[] };
    expect(stale).toEqual([]);
  }, 120_000);
});
