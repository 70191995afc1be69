import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, scratchDir } from "../cli/cli-helper.js";
import { sassListing } from "../support/sass-listing.js";

/**
 * A loop whose trips each lane loads from a buffer (n = a[threadIdx.x]; while (n--) ...), run
 * from its arguments with the buffer's contents given. Instructions per warp, by hand: the
 * prologue S2R, LDC, IMAD.WIDE, LDG, ISETP and the guarded EXIT (6); 3 per loop trip while any
 * lane loops; one EXIT per group of lanes that leaves the loop.
 */
const listing = sassListing([
  "S2R R0, SR_TID.X",
  "LDC.64 R2, c[0x0][0x210]",
  "IMAD.WIDE R2, R0, 0x4, R2",
  "LDG.E R4, desc[UR4][R2.64]",
  "ISETP.GE.AND P0, PT, R4, 0x1, PT",
  "@!P0 EXIT",
  "IADD3 R4, R4, -0x1, RZ",
  "ISETP.NE.AND P0, PT, R4, RZ, PT",
  "@P0 BRA 0x60",
  "EXIT",
]);

describe("loads return the contents the arguments give (issue 28: buffer fills)", () => {
  const file = join(scratchDir(), "loop.sass");
  writeFileSync(file, listing);
  const perWarp = async (args: string) => {
    const r = await cli("sass", file, "--kernel", "k", "--grid", "1", "--block", "32", "--args", args);
    expect(r.code).toBe(0);
    return Number(/warp-instructions per warp: (\d+)/.exec(r.stdout)![1]);
  };
  it("fill(5): every lane loops 5 times: 6 + 5 x 3 + 1 = 22", async () => expect(await perWarp("ptr:4KiB fill(5)")).toBe(22));
  it("fill(0): every lane leaves at the guarded EXIT: 6", async () => expect(await perWarp("ptr:4KiB fill(0)")).toBe(6));
  it("iota(0, 1): lane l loops l times, lane 0 leaves at once: 6 + 31 x 3 + 31 EXITs (one per lane that drops out) = 130", async () =>
    expect(await perWarp("ptr:4KiB iota(0, 1)")).toBe(130));
  it("without contents the guard is unknown, the branch falls back, and the note says how to give them", async () => {
    const r = await cli("run", "--sass", file, "--kernel", "k", "--grid", "1", "--block", "32", "--args", "ptr:4KiB");
    expect(r.stderr).toContain("branches decided by loaded data (0x0050) are taken as not taken (around a slow path's call: taken); give the buffers' contents in program.args (ptr:4MiB fill(0)");
  });
  it("a bad contents form names the argument", async () => {
    const r = await cli("sass", file, "--kernel", "k", "--grid", "1", "--block", "32", "--args", "ptr:4KiB zeros()");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/argument 1: expected .*the size of the buffer|argument 1: expected contents/);
  });
});
