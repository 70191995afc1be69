import { describe, expect, it } from "vitest";
import { closeAt, ffmaFree, threeWarps, type Books, type MakeBooks } from "../../test/candidate-books.js";
import { WarpState } from "../stats/warp-state.js";
import { CandidateList } from "./candidate-list.js";
import { CandidateMasks } from "./candidate-masks.js";

const list: MakeBooks = (program, warps, accounting, policy) => new CandidateList(4, policy, warps, program, accounting, false);
const masks: MakeBooks = (program, _warps, accounting, policy) => new CandidateMasks(4, Array.from(program.throttleState), 0, accounting, policy);

/**
 * One random sequence of scheduler events (a warp waits, a warp is ready again, a decision with
 * the FFMA pipe free or busy, a dispatch hold), played on a book; returns its decisions and the
 * warp-cycles per state at the end.
 */
function play(b: Books, seed: number): { picks: number[]; states: ReturnType<typeof closeAt> } {
  let s = seed;
  const rand = (n: number) => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 8) % n;
  const waiting = new Set<number>();
  const picks: number[] = [];
  let heldUntil = 0;
  for (let now = 0; now < 200; now++) {
    const w = rand(3);
    const event = rand(4);
    if (event === 0 && !waiting.has(w)) {
      b.set.remove(w);
      b.accounting.enter(w, WarpState.wait, now);
      waiting.add(w);
    } else if (event === 1 && waiting.has(w)) {
      b.set.add(w, b.program.pipeClass[b.warps.pc[w]], b.program.throttleState[b.warps.pc[w]]);
      waiting.delete(w);
    }
    if (now < heldUntil) continue; // a dispatch hold: the scheduler decides nothing until it ends
    const free = rand(3) === 0 ? 0 : ffmaFree(b) | b.set.eligibleBits(b.program.pipeClass[1]);
    picks.push(b.set.decide(now, free));
    if (rand(10) === 0) {
      b.set.hold(now + 1);
      heldUntil = now + 2 + rand(3);
    }
  }
  return { picks, states: closeAt(b, 200) };
}

describe("the two books of a scheduler's candidates mean the same", () => {
  it("on 50 random sequences of waits, wake-ups, decisions and dispatch holds, they pick the same warps and account the same warp-cycles", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const a = play(threeWarps(list), seed);
      const b = play(threeWarps(masks), seed);
      expect(b.picks).toEqual(a.picks);
      expect(b.states).toEqual(a.states);
      // 3 warps over 200 cycles: every warp-cycle in exactly one state.
      expect(Object.values(a.states).reduce((x, y) => x + (y ?? 0), 0)).toBe(600);
    }
  });
});
