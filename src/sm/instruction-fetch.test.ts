import { describe, expect, it } from "vitest";
import type { ArchSpec } from "../arch/arch-spec.js";
import { PRESETS } from "../arch/presets/index.js";
import { aheadLinesFor, InstructionFetch } from "./instruction-fetch.js";

/** sm_90 with its fetch model replaced (or removed). */
function arch(fetch: ArchSpec["instructionFetch"]): ArchSpec {
  const { instructionFetch: _, ...rest } = PRESETS.sm_90;
  return fetch === undefined ? rest : { ...rest, instructionFetch: fetch };
}

describe("the SM's instruction fetch (sm_90: 128-byte lines of 8 instructions, 18 cycles each, a miss 150)", () => {
  it("keeps ceil(150 / 18) = 9 lines requested ahead of the one in use", () => {
    expect(aheadLinesFor(150, 18)).toBe(9);
    expect(aheadLinesFor(0, 18)).toBe(0);
  });

  it("has the entry's lines streaming as the first warp arrives: line k at 18 k", () => {
    const fetch = new InstructionFetch(1000, PRESETS.sm_90);
    expect(fetch.instructionAt(0, 0)).toBe(0);
    expect(fetch.instructionAt(7, 0)).toBe(0); // pc 7: still line 0
    expect(fetch.instructionAt(8, 0)).toBe(18); // line 1
    expect(fetch.instructionAt(79, 5)).toBe(162); // line 9, the last requested at launch
    // Touching line 1 asked for line 10, one 18-cycle step after line 9.
    expect(fetch.instructionAt(80, 5)).toBe(180);
  });

  it("a jump to a line nobody streamed waits a whole miss after it is wanted", () => {
    const fetch = new InstructionFetch(1000, PRESETS.sm_90);
    expect(fetch.instructionAt(50 * 8, 1000)).toBe(1150);
    expect(fetch.instructionAt(50 * 8 + 3, 1100)).toBe(1150); // another warp on the same line waits for the same arrival
    expect(fetch.instructionAt(51 * 8, 1100)).toBe(1168); // the line after it streams behind it
  });

  it("evicts the least recently wanted line of a full set (4 lines, 2 ways: lines 0, 2, 4 share set 0)", () => {
    const fetch = new InstructionFetch(64, arch({ missCycles: 0, cyclesPerLine: 10, lineBytes: 128, instructionBytes: 16, cacheBytes: 512, associativity: 2 }));
    expect(fetch.instructionAt(0, 0)).toBe(0); // requested at launch
    expect(fetch.instructionAt(16, 5)).toBe(10); // line 2: the stream's next slot
    expect(fetch.instructionAt(32, 20)).toBe(20); // line 4 takes line 0's way (wanted at 0, line 2 at 5)
    expect(fetch.instructionAt(0, 30)).toBe(30); // line 0 again: a miss; line 2 (wanted at 5) goes
    expect(fetch.instructionAt(32, 31)).toBe(20); // line 4 stayed
    expect(fetch.instructionAt(16, 40)).toBe(40); // line 2 misses
  });

  it("where the program fits its sets no line is ever fetched twice, however long ago it was wanted", () => {
    // 4 lines, 2 sets of 2 ways: lines 0, 2 in set 0 and 1, 3 in set 1, nothing to evict.
    const fits = new InstructionFetch(32, arch({ missCycles: 0, cyclesPerLine: 10, lineBytes: 128, instructionBytes: 16, cacheBytes: 512, associativity: 2 }));
    expect(fits.instructionAt(16, 5)).toBe(10); // line 2, the stream's next slot after line 0
    expect(fits.instructionAt(24, 6)).toBe(20); // line 3
    expect(fits.instructionAt(0, 1000)).toBe(0); // line 0, wanted again 1,000 cycles later: still there
    expect(fits.instructionAt(16, 2000)).toBe(10);
  });

  it("without a fetch model every instruction is there from the start", () => {
    const fetch = new InstructionFetch(1000, arch(undefined));
    expect(fetch.instructionAt(0, 0)).toBe(0);
    expect(fetch.instructionAt(999, 7)).toBe(0);
  });
});
