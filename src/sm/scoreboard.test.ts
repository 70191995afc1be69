import { describe, expect, it } from "vitest";
import { programOf } from "../../test/sm-harness.js";
import { WarpState } from "../stats/warp-state.js";
import { Scoreboard } from "./scoreboard.js";

// FFMA R3 waits for R1 and R2 (sources) and R3 (its destination: a write after a write).
const program = programOf("FFMA R3, R1, R2, R4\nEXIT");
const ffma = 0;

describe("the scoreboard keeps absolute ready cycles per register", () => {
  it("an instruction waits for its latest operand, in that operand's state", () => {
    const sb = new Scoreboard(2);
    sb.write(0, 1, 410, WarpState.long_scoreboard); // a load into R1, ready at 410
    sb.write(0, 2, 24, WarpState.short_scoreboard); // an LDS into R2, ready at 24
    expect(sb.readyAtFor(0, program, ffma)).toBe(410);
    expect(sb.lastReason).toBe(WarpState.long_scoreboard);
  });

  it("nothing pending: ready from cycle 0, and a fixed latency's state (wait) by default", () => {
    const sb = new Scoreboard(1);
    expect(sb.readyAtFor(0, program, ffma)).toBe(0);
    expect(sb.lastReason).toBe(WarpState.wait);
  });

  it("waits for its own destination too (write after write)", () => {
    const sb = new Scoreboard(1);
    sb.write(0, 3, 9, WarpState.wait);
    expect(sb.readyAtFor(0, program, ffma)).toBe(9);
  });

  it("a write that lands earlier than one in flight does not shorten the wait (dependency barriers count every producer)", () => {
    const sb = new Scoreboard(1);
    sb.write(0, 1, 500, WarpState.long_scoreboard);
    sb.write(0, 1, 30, WarpState.short_scoreboard);
    expect(sb.readyAtFor(0, program, ffma)).toBe(500);
    expect(sb.lastReason).toBe(WarpState.long_scoreboard);
  });

  it("warps have their own registers, and a reset clears a slot for a new warp", () => {
    const sb = new Scoreboard(2);
    sb.write(1, 1, 77, WarpState.wait);
    expect(sb.readyAtFor(0, program, ffma)).toBe(0);
    expect(sb.readyAtFor(1, program, ffma)).toBe(77);
    sb.reset(1);
    expect(sb.readyAtFor(1, program, ffma)).toBe(0);
  });
});
