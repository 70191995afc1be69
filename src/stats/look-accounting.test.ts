import { describe, expect, it } from "vitest";
import { noHooks } from "./hooks.js";
import { LookAccounting } from "./look-accounting.js";
import { StateAccounting } from "./state-accounting.js";
import { WARP_STATE_COUNT, WarpState } from "./warp-state.js";

/** Four warps on sub-partition 1 (bits 0-3), warp 3 throttled in mio_throttle, the others in math_pipe_throttle. */
function books() {
  const accounting = new StateAccounting(8, 4, noHooks());
  for (let w = 0; w < 4; w++) accounting.start(w, 1, WarpState.not_selected, 0);
  const throttleBits = new Int32Array(WARP_STATE_COUNT);
  throttleBits[WarpState.math_pipe_throttle] = 0b0111;
  throttleBits[WarpState.mio_throttle] = 0b1000;
  const look = new LookAccounting(1, accounting, Uint8Array.from([WarpState.math_pipe_throttle, WarpState.mio_throttle]), throttleBits);
  const cycles = (s: WarpState) => accounting.warpCycles[1 * WARP_STATE_COUNT + s];
  return { accounting, look, cycles };
}

describe("warp states accounted per look", () => {
  it("adds each state's population times the cycles since the look", () => {
    const b = books();
    // At 0: warps 0-3 joined (their own states end); 0 and 1 eligible, 0 selected; 2 and 3 throttled.
    b.look.look(0, 0b1111, 0b0011, 0b0001, 0b1111, Int32Array.from([0, 1, 2, 3]));
    b.look.settle(10);
    expect([b.cycles(WarpState.selected), b.cycles(WarpState.not_selected), b.cycles(WarpState.math_pipe_throttle), b.cycles(WarpState.mio_throttle)]).toEqual([10, 10, 10, 10]);
    b.look.settle(15);
    expect(b.cycles(WarpState.math_pipe_throttle)).toBe(15);
  });

  it("under a dispatch hold the eligible warps not selected count as dispatch_stall", () => {
    const b = books();
    b.look.look(0, 0b0111, 0b0111, 0b0001, 0, Int32Array.from([0, 1, 2, 3]));
    b.look.hold(4);
    b.look.settle(10);
    expect([b.cycles(WarpState.not_selected), b.cycles(WarpState.dispatch_stall), b.cycles(WarpState.selected)]).toEqual([8, 12, 10]);
  });

  it("a detached warp gets back the state the look gave it, from the look's cycle", () => {
    const b = books();
    b.look.look(5, 0b1111, 0b0011, 0b0001, 0, Int32Array.from([0, 1, 2, 3]));
    b.look.detach(3, 0b1000, WarpState.mio_throttle);
    expect([b.accounting.state[3], b.accounting.since[3]]).toEqual([WarpState.mio_throttle, 5]);
    b.look.detach(0, 0b0001, WarpState.math_pipe_throttle);
    expect(b.accounting.state[0]).toBe(WarpState.selected);
    // Neither is counted by the look any more.
    b.look.settle(15);
    expect([b.cycles(WarpState.selected), b.cycles(WarpState.mio_throttle)]).toEqual([0, 0]);
  });

  it("knows when a look changes nothing", () => {
    const b = books();
    b.look.look(0, 0b0111, 0b0011, 0b0001, 0, Int32Array.from([0, 1, 2, 3]));
    expect(b.look.unchanged(0b0111, 0b0011, 0b0001)).toBe(true);
    expect(b.look.unchanged(0b0111, 0b0011, 0b0010)).toBe(false);
    b.look.hold(1);
    expect(b.look.unchanged(0b0111, 0b0011, 0b0001)).toBe(false);
  });
});
