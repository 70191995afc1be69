import { mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readInputFile } from "./input-file.js";

describe("readInputFile", () => {
  it("reads a file again once it has changed, even at the same size and mtime", () => {
    const file = join(mkdtempSync(join(tmpdir(), "warpsim-input-")), "k.sass");
    const when = new Date(1_700_000_000_000);
    writeFileSync(file, "first");
    utimesSync(file, when, when);
    expect(readInputFile(file, 100, "a listing")).toEqual({ text: "first" });
    expect(readInputFile(file, 100, "a listing")).toEqual({ text: "first" });
    writeFileSync(file, "other");
    // Same size, mtime set back to the first's: the change time (ctime) still moves.
    utimesSync(file, when, when);
    expect(readInputFile(file, 100, "a listing")).toEqual({ text: "other" });
  });

  it("refuses a file over the limit, and a directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "warpsim-input-"));
    const file = join(dir, "big.sass");
    writeFileSync(file, "x".repeat(200));
    expect(readInputFile(file, 100, "a listing")).toEqual({ expected: "a listing of at most 100 bytes", found: "200 bytes" });
    expect(readInputFile(dir, 100, "a listing")).toEqual({ expected: "a listing (a regular file)", found: `${dir} is a directory` });
  });
});
