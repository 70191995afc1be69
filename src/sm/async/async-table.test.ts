import { describe, expect, it } from "vitest";
import { mmaWidth } from "./async-table.js";

describe("the asynchronous instructions' operands", () => {
  it("an HGMMA's N from its shape 64xNxK", () => {
    expect(mmaWidth("HGMMA.64x128x16.F32 R24, gdesc[UR16], R24, gsb0")).toBe(128);
    expect(mmaWidth("HGMMA.64x256x16.F32.BF16 R24, gdesc[UR4], R24")).toBe(256);
    expect(mmaWidth("HGMMA R24")).toBe(0);
  });
});
