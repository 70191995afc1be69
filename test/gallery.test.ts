import { describe, expect, it } from "vitest";

/**
 * The gallery (docs/gallery) is made by tools/gallery/build.mjs from runs of warpsim; a model
 * change that moves a figure must rebuild it. A file of its own, so that it runs beside the
 * docs check (test/docs.test.ts) rather than after it.
 */
describe("the gallery is generated from runs", () => {
  // About 40 s alone (validate --family async is most of it), several times that beside the docs
  // check's threads and the other test files.
  it("docs/gallery is what tools/gallery/build.mjs makes today", async () => {
    // @ts-expect-error: a plain .mjs tool, without types
    const { galleryStale } = await import("../tools/gallery/build.mjs");
    const { stale } = (await galleryStale()) as { stale: string[] };
    expect(stale).toEqual([]);
  }, 600_000);
});
