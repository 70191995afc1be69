import { describe, expect, it } from "vitest";
import { controlFromCounts } from "./control-from-counts.js";
import { sassLines as listing } from "../../test/sass-lines.js";

describe("controlFromCounts", () => {
  // 100 warps; 20 leave at the bounds check; the rest run a loop 5 times; 20 of 80 skip a tail.
  const kernel = listing(["S2R R0, SR_TID.X", "ISETP.GE.AND P0, PT, R0, R1, PT", "@P0 EXIT", "MOV R2, RZ", "IADD3 R2, R2, 1, RZ", "ISETP.LT.AND P1, PT, R2, 5, PT", "@P1 BRA 0x40", "@P2 BRA 0x90", "IADD3 R3, R3, 1, RZ", "EXIT", "BRA 0xa0"]);
  const counts = [100, 100, 100, 80, 400, 400, 400, 80, 60, 80, 0];

  it("solves each branch's taken count from flow conservation, by hand", () => {
    const c = controlFromCounts(kernel, (a) => counts[a / 16]);
    // @P0 EXIT: 100 run, 80 fall through: 20 taken. @P1 BRA (back edge): 400 run, 80 exits: 5 trips.
    // @P2 BRA: 80 run, 60 fall through: 20 taken, a share of 0.25.
    expect(c.taken).toEqual(new Map([[0x20, 0.2], [0x70, 0.25]]));
    expect(c.trips).toEqual(new Map([[0x60, 5]]));
    expect(c.unresolved).toEqual([]);
  });

  it("rounds a loop's mean trips to whole trips and leaves what the counts cannot say", () => {
    // 296 back-edge executions for 100 exits: 2.96 trips, 3. A last branch to outside the kernel: no equation holds it.
    const loop = listing(["MOV R0, RZ", "IADD3 R0, R0, 1, RZ", "@P0 BRA 0x10", "EXIT"]);
    expect(controlFromCounts(loop, (a) => [100, 296, 296, 100][a / 16]).trips).toEqual(new Map([[0x20, 3]]));
    const away = listing(["MOV R0, RZ", "@P0 BRA 0x100"]);
    expect(controlFromCounts(away, () => 10).unresolved).toEqual([0x10]);
  });
});
