import { describe, expect, it } from "vitest";

/**
 * Every number and figure in README.md and docs/ comes from a run of warpsim
 * (tools/docs/sync.mjs); a model change that moves one must regenerate it.
 */
describe("README and docs are generated from runs", () => {
  it("no generated block or figure is stale (node tools/docs/sync.mjs regenerates them)", async () => {
    // @ts-expect-error: a plain .mjs tool, without types
    const { sync } = await import("../tools/docs/sync.mjs");
    const stale: string[] = await sync({ check: true });
    expect(stale).toEqual([]);
    // About 3.5 minutes alone on a 2-core machine (every generated block reruns warpsim), more
    // beside the rest of the suite.
  }, 480_000);
});

describe("the gallery is generated from runs", () => {
  it("docs/gallery is what tools/gallery/build.mjs makes today", async () => {
    // @ts-expect-error: a plain .mjs tool, without types
    const { galleryStale } = await import("../tools/gallery/build.mjs");
    const { stale } = (await galleryStale()) as { stale: string[] };
    expect(stale).toEqual([]);
  }, 120_000);
});
