import { describe, expect, it } from "vitest";
import { scenarioOf, smOf } from "../../test/sm-harness.js";
import { WARP_STATE_COUNT, WarpState } from "../stats/warp-state.js";

/** Warp-cycles in `state` over the SM's four sub-partitions. */
function warpCycles(sm: ReturnType<typeof smOf>, state: WarpState): number {
  let sum = 0;
  for (let s = 0; s < 4; s++) sum += sm.accounting.warpCycles[s * WARP_STATE_COUNT + state];
  return sum;
}

describe("block barriers (sm_90: one warp's BAR every 2 cycles, release 13 cycles after the cycle after the last)", () => {
  // One block of 4 warps, one per sub-partition, all launched at cycle 0.
  const sm = smOf(scenarioOf("BAR.SYNC 0\nEXIT", { warpsPerScheduler: 1 }));
  const end = sm.run(1000);

  it("the barrier unit takes the four BARs at 0, 2, 4, 6; the release comes at 6 + 1 + 13 = 20; EXIT at 20 leaves at 21", () => {
    expect(end.outcome.status).toBe("completed");
    expect(end.cycle).toBe(21);
  });

  it("each warp waits in barrier from the cycle after its BAR to the release: 19 + 17 + 15 + 13", () => {
    expect(warpCycles(sm, WarpState.barrier)).toBe(64);
  });

  it("a BAR waiting for the barrier unit is throttled (mio_throttle): 2 + 4 + 6", () => {
    expect(warpCycles(sm, WarpState.mio_throttle)).toBe(12);
  });

  it("every warp-cycle is in one state: 4 warps x 21 cycles", () => {
    let all = 0;
    for (const v of sm.accounting.warpCycles) all += v;
    expect(all).toBe(84);
  });
});

describe("a barrier that can never complete", () => {
  it("is a deadlock, not a hang: BAR.SYNC 1, 64 waits for two warps but the block has one", () => {
    const sm = smOf(scenarioOf("BAR.SYNC 1, 64\nEXIT", { warpsPerScheduler: 1 }), { threadsPerBlock: 32 });
    const end = sm.run(1000);
    expect(end.outcome.status).toBe("deadlock");
  });
});
