import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readValidationData, validate } from "../src/run/validate.js";
import { readSassFixtures } from "../src/run/sass-fixtures.js";
import { scratchDir } from "./cli/cli-helper.js";
import { sassListing } from "./support/sass-listing.js";

/**
 * A validation row whose simulation cannot finish has no prediction: the family stops, naming
 * the row and its stuck warps (the eighth corpus batch's named_barrier_pc deadlocked, and the
 * deadlocked run's counters were compared with the H100's without a word).
 */
describe("validate and runs that cannot finish", () => {
  it("a row whose kernel deadlocks stops the family with the row, the cycle and the warp", () => {
    const dir = scratchDir();
    // One warp of 32 threads waits at a barrier for 64 threads.
    writeFileSync(join(dir, "k.sass"), sassListing(["BAR.SYNC 0x0, 0x40", "EXIT"]));
    writeFileSync(join(dir, "kernels.json"), JSON.stringify({ listing: "k.sass", kernels: { k: { trips: {} } } }));
    // A row of the SASS family's own capture, as kernel k in blocks of 32 threads.
    const [header, row] = readFileSync("validation/sass/data-warm/summary.csv", "utf8").split("\n");
    const cols = header.split(",");
    const cells = row.split(",");
    cells[cols.indexOf("kernel")] = "k";
    cells[cols.indexOf("threads_per_block")] = "32";
    writeFileSync(join(dir, "summary.csv"), `${header}\n${cells.join(",")}\n`);
    const rows = readValidationData(join(dir, "summary.csv"));
    expect(() => validate(rows, "deadlock", undefined, readSassFixtures(join(dir, "kernels.json")))).toThrow(
      /deadlock line 2 \(k\): the simulation could not finish \(deadlock at cycle \d+; warp 0 of block 0 in barrier at "\/\*0000\*\/ BAR\.SYNC 0x0, 0x40"\), so the row has no prediction to compare/,
    );
  });
});
