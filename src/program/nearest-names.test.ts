import { describe, expect, it } from "vitest";
import { editDistance, nearestNames } from "./nearest-names.js";

describe("nearestNames", () => {
  it("counts edits as Levenshtein does", () => {
    expect(editDistance("FFMAA", "FFMA")).toBe(1); // one deletion
    expect(editDistance("IMDA", "IMAD")).toBe(2); // two substitutions
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "BRA")).toBe(3);
  });

  it("suggests the closest names within a third of the word's length, closest first", () => {
    const names = ["FFMA", "FADD", "FMUL", "IMAD", "EXIT", "LDG", "LDS", "LDC"];
    expect(nearestNames("FFMAA", names)).toEqual(["FFMA"]);
    expect(nearestNames("ldx", names)).toEqual(["LDC", "LDG", "LDS"]);
    expect(nearestNames("QWERTY", names)).toEqual([]);
  });
});
