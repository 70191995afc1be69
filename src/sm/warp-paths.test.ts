import { describe, expect, it } from "vitest";
import { WarpPaths, type WarpPath } from "./warp-paths.js";

/** pc 0, 1, 2 (a branch back to 1), 1, 2 (falls through), 3 (EXIT): issues 0..5, a jump at issue 3 to pc 1. */
const loopTwice: WarpPath = { jumpAt: Float64Array.of(3), jumpTo: Int32Array.of(1), total: 6 };

describe("a warp's own path", () => {
  it("goes to the next pc unless the path jumps at that issue, and ends at its last issue", () => {
    const paths = new WarpPaths(4, { pathOf: () => loopTwice });
    paths.load(2, 0, 0);
    const pcs: number[] = [0];
    let pc = 0;
    let last = false;
    while (!last) {
      last = paths.advance(2, pc);
      pc = paths.nextPc[2];
      if (!last) pcs.push(pc);
    }
    expect(pcs).toEqual([0, 1, 2, 1, 2, 3]);
  });

  it("each warp slot follows the path of its own block and place", () => {
    const asked: [number, number][] = [];
    const paths = new WarpPaths(4, { pathOf: (b, w) => (asked.push([b, w]), loopTwice) });
    paths.load(0, 5, 1);
    paths.load(3, 6, 0);
    expect(asked).toEqual([
      [5, 1],
      [6, 0],
    ]);
  });
});
