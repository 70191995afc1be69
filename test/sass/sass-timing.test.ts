import { describe, expect, it } from "vitest";
import { parseScenario, simulate, ScenarioError, type SimulationResult } from "../../src/index.js";
import type { SimulateOptions } from "../../src/run/simulate.js";

/**
 * Hand-derived timings of short SASS snippets: the control codes are the dependencies (stall
 * counts for fixed latency, dependency barriers for variable latency), guarded EXITs and
 * forward branches are taken their given share of the time. sm_90 with a result delay of 0
 * and every warp starting at cycle 0; LDC's latency is the preset's 23 cycles.
 */

interface Control {
  stall?: number;
  write?: number;
  read?: number;
  wait?: number[];
}

/** The high word of an instruction with this control code (bits 41..61, see control-code.ts). */
function highWord(c: Control): string {
  const bits =
    (c.stall ?? 1) |
    (1 << 4) |
    ((c.write ?? 7) << 5) |
    ((c.read ?? 7) << 8) |
    ((c.wait ?? []).reduce((m, b) => m | (1 << b), 0) << 11);
  return `0x${(BigInt(bits) << 41n).toString(16).padStart(16, "0")}`;
}

/** A cuobjdump-style listing of one kernel `k`, one instruction per 16 bytes. */
function listing(instructions: readonly [string, Control?][]): string {
  const lines = ["", "\tcode for sm_90", "\t\tFunction : k", '\t.headerflags\t@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"'];
  instructions.forEach(([text, control], i) => {
    const address = (i * 16).toString(16).padStart(4, "0");
    lines.push(`        /*${address}*/                   ${text} ;      /* 0x0000000000007918 */`);
    lines.push(`                                                  /* ${highWord(control ?? {})} */`);
  });
  lines.push("\t\t..........");
  return lines.join("\n");
}

/** The launch around a snippet: threads (a warp per scheduler by default) and memory fields. */
interface Setup {
  readonly threads?: number;
  readonly memory?: string;
}

function runSass(sass: string, program = "{ sass: k.sass }", options: SimulateOptions = {}, setup: Setup = {}): SimulationResult {
  const yaml = [
    // The constant cache is off here: these snippets time the dependency barriers alone.
    "arch: { preset: sm_90, warpLaunchIntervalCycles: 0, resultDelayCycles: 0, constantCache: null }",
    `launch: { threadsPerBlock: ${setup.threads ?? 128}, blocks: 1, registersPerThread: 32 }`,
    ...(setup.memory ? [`memory: ${setup.memory}`] : []),
    "scheduler: gto",
    `program: ${program}`,
  ].join("\n");
  return simulate(parseScenario(yaml, "<test>", [], { readFile: () => ({ file: "k.sass", text: sass }) }), options);
}

/** Cycles of the issues `keep` selects (by sub-partition, warp slot, pc), in issue order. */
function issuedAt(sass: string, keep: (sp: number, warp: number, pc: number) => boolean, program?: string, setup?: Setup): number[] {
  const cycles: number[] = [];
  runSass(sass, program, { hooks: { issue: [(cycle, sp, warp, pc) => keep(sp, warp, pc) && cycles.push(cycle)], stateChange: [] } }, setup);
  return cycles;
}

/** Issue cycles of scheduler 0's warp. */
function issueCycles(sass: string, program?: string): number[] {
  return issuedAt(sass, (sp) => sp === 0, program);
}

describe("SASS control codes are the dependencies", () => {
  it("waits on a dependency barrier for a variable-latency result (LDC, 23 cycles)", () => {
    const sass = listing([
      ["LDC R2, c[0x0][0x0]", { write: 0 }], // issues at 0, sets SB0 until 0 + 23
      ["IADD3 R4, R5, 0x1, RZ", { stall: 2 }], // independent: 1; the next no sooner than 3
      ["IADD3 R3, R2, 0x1, RZ", { wait: [0], stall: 4 }], // waits for SB0: 23; the next at 27
      ["EXIT"],
    ]);
    expect(issueCycles(sass)).toEqual([0, 1, 23, 27]);
    // From cycle 3 to 23 each warp waits on the LDC's barrier: short_scoreboard, 20 cycles.
    expect(runSass(sass).sm.stalls.short_scoreboard.warpCycles).toBe(4 * 20);
  });

  it("ignores register names: without the wait the consumer of R2 issues at once", () => {
    const sass = listing([["LDC R2, c[0x0][0x0]", { write: 0 }], ["IADD3 R4, R5, 0x1, RZ", { stall: 2 }], ["IADD3 R3, R2, 0x1, RZ", { stall: 4 }], ["EXIT"]]);
    expect(issueCycles(sass)).toEqual([0, 1, 3, 7]);
  });

  it("waits for every producer of a barrier (two loads set SB2; the wait is for the later)", () => {
    const sass = listing([
      ["LDC R2, c[0x0][0x0]", { write: 2 }], // 0: SB2 until 23
      ["IADD3 R4, R5, 0x1, RZ", { stall: 5 }], // 1: the next no sooner than 6
      ["LDC R6, c[0x0][0x4]", { write: 2 }], // 6: SB2 until 29
      ["FADD R3, R2, R6", { wait: [2] }], // 29
      ["EXIT"],
    ]);
    expect(issueCycles(sass)).toEqual([0, 1, 6, 29, 30]);
  });

  it("releases a read barrier when the store has read its operands (the LSU takes it: 4 cycles)", () => {
    // sm_90's LSU has 8 lanes: a warp-instruction every 32 / 8 = 4 cycles (the preset).
    const sass = listing([["STG.E desc[UR4][R2.64], R5", { read: 1 }], ["IADD3 R5, R6, 0x1, RZ", { wait: [1] }], ["EXIT"]]);
    expect(issueCycles(sass).slice(0, 2)).toEqual([0, 4]);
  });
});

describe("SASS control flow", () => {
  const body = (guard: string): [string, Control?][] => [
    ["IADD3 R1, R1, 0x1, RZ"],
    [`${guard} EXIT`],
    ["IADD3 R2, R2, 0x1, RZ"],
    ["IADD3 R3, R3, 0x1, RZ"],
    ["EXIT"],
  ];

  it("runs past a guarded EXIT by default, and exits where it is taken", () => {
    // Four warps (one per scheduler) of five instructions, or of two when @P0 EXIT is taken.
    expect(runSass(listing(body("@P0"))).sm.instExecuted).toBe(4 * 5);
    expect(runSass(listing(body("@P0")), '{ sass: k.sass, taken: { "0x0010": 1 } }').sm.instExecuted).toBe(4 * 2);
  });

  it("takes a two-path branch its share of the time inside a loop", () => {
    const sass = listing([
      ["IADD3 R1, R1, 0x1, RZ"], // 0x00: loop head
      ["@P0 BRA 0x40"], // 0x10: skips the two below when taken
      ["IADD3 R2, R2, 0x1, RZ"], // 0x20
      ["IADD3 R3, R3, 0x1, RZ"], // 0x30
      ["@!P1 BRA 0x0"], // 0x40: closes the loop
      ["EXIT"], // 0x50
      ["BRA 0x60"], // 0x60: the compiler's trap after EXIT, unreached
    ]);
    // 8 trips of head, BRA and loop BRA (24), the two skippable IADD3s on the paths not taken,
    // and EXIT. Taken half the time: 24 + 4 x 2 + 1 = 33 per warp; a quarter: 24 + 6 x 2 + 1 = 37.
    const trips = '{ "0x0040": 8 }';
    expect(runSass(sass, `{ sass: k.sass, trips: ${trips}, taken: { "0x0010": 0.5 } }`).sm.instExecuted).toBe(4 * 33);
    expect(runSass(sass, `{ sass: k.sass, trips: ${trips}, taken: { "0x0010": 0.25 } }`).sm.instExecuted).toBe(4 * 37);
    // Never taken (the default) and always taken.
    expect(runSass(sass, `{ sass: k.sass, trips: ${trips} }`).sm.instExecuted).toBe(4 * (24 + 16 + 1));
    expect(runSass(sass, `{ sass: k.sass, trips: { "0x0000": 8 }, taken: { "0x0010": 1 } }`).sm.instExecuted).toBe(4 * 25);
  });

  it("waits out a taken branch's stall count when it outlasts the redirect, which then costs nothing more", () => {
    // One warp per scheduler: IADD3 (S1) then the loop's BRA, 4 trips. sm_90: a SASS BRA waits
    // its stall count S (at most 8 cycles) before resolving for 3 and refetching for 2. S5: back
    // 10 cycles after it issued, trips 11 apart; S11: 8 + 3 + 2 = 13, trips 14 apart; S15 is
    // longer than that redirect: back at 15, trips 16 apart.
    const trips = (stall: number) => {
      const sass = listing([["IADD3 R1, R1, 0x1, RZ"], ["@!P1 BRA 0x0", { stall }], ["EXIT"], ["BRA 0x30"]]);
      return issuedAt(sass, (sp, _w, pc) => sp === 0 && pc === 0, '{ sass: k.sass, trips: { "0x0010": 4 } }');
    };
    expect(trips(5)).toEqual([0, 11, 22, 33]);
    expect(trips(11)).toEqual([0, 14, 28, 42]);
    expect(trips(15)).toEqual([0, 16, 32, 48]);
  });

  it("refuses a loop without a trip count, naming its addresses, line and how to give one", () => {
    const sass = listing([["IADD3 R1, R1, 0x1, RZ"], ["@!P1 BRA 0x0"], ["EXIT"]]);
    expect(() => runSass(sass)).toThrow(ScenarioError);
    expect(() => runSass(sass)).toThrow(/k\.sass, line 7.*loop 0x0000\.\.0x0010.*--trip 0x0010=N.*none given/s);
    expect(runSass(sass, "{ sass: k.sass, defaultTrips: 3 }").sm.instExecuted).toBe(4 * 7);
  });

  it("refuses trip counts and shares for addresses that are not loops or branches", () => {
    const sass = listing([["IADD3 R1, R1, 0x1, RZ"], ["EXIT"]]);
    expect(() => runSass(sass, '{ sass: k.sass, trips: { "0x0000": 4 } }')).toThrow(/program\.trips\.0x0000.*backward branch/s);
    expect(() => runSass(sass, '{ sass: k.sass, taken: { "0x0010": 0.5 } }')).toThrow(/program\.taken\.0x0010.*guarded forward BRA/s);
  });

  it("names the line of an unknown opcode and of a branch to nowhere", () => {
    expect(() => runSass(listing([["FROB R1, R2"], ["EXIT"]]))).toThrow(/k\.sass, line 5.*"FROB"/s);
    expect(() => runSass(listing([["BRA 0x100"], ["EXIT"]]))).toThrow(/line 5.*no instruction at 0x0100/s);
  });

  it("lists the kernels when the one asked for is not in the file", () => {
    expect(() => runSass(listing([["EXIT"]]), "{ sass: k.sass, kernel: gemm }")).toThrow(/program\.kernel.*: k.*found gemm/s);
  });

  it("warns about unreached code other than the compiler's padding", () => {
    const sass = listing([["EXIT"], ["IADD3 R1, R1, 0x1, RZ"], ["EXIT"], ["BRA 0x30"], ["NOP"]]);
    const yaml = "launch: { threadsPerBlock: 32, registersPerThread: 32 }\nprogram: { sass: k.sass }";
    const scenario = parseScenario(yaml, "<test>", [], { readFile: () => ({ file: "k.sass", text: sass }) });
    expect(scenario.warnings.join("\n")).toMatch(/2 unreached instructions left out \(0x0010 line 7, 0x0020 line 9\)/);
  });
});

describe("global atomics", () => {
  it("queue through the SM's atomic throughput; a RED's read barrier clears when it is taken", () => {
    // One warp per scheduler, each a RED at cycle 0. With 10 cycles per warp-level atomic the
    // SM takes them at 0, 10, 20, 30 (sub-partitions in order), and each read barrier clears
    // 4 cycles later (the LSU's issue interval): the waiting IADD3s issue at 4, 14, 24, 34.
    const sass = listing([["RED.E.ADD.STRONG.GPU desc[UR4][R2.64], R5", { read: 0 }], ["IADD3 R5, R6, 0x1, RZ", { wait: [0] }], ["EXIT"]]);
    const second = issuedAt(sass, (_sp, _w, pc) => pc === 1, undefined, { memory: "{ atomicCycles: 10 }" });
    expect(second.sort((a, b) => a - b)).toEqual([4, 14, 24, 34]);
  });
});

describe("shared-memory wavefronts", () => {
  /** Cycles at which the consumer (pc 1) of each sub-partition's LDS issues. */
  function consumers(lds: string, program = "{ sass: k.sass }"): number[] {
    const sass = listing([[lds, { write: 0 }], ["IADD3 R5, R4, 0x1, RZ", { wait: [0] }], ["EXIT"]]);
    return issuedAt(sass, (_sp, _w, pc) => pc === 1, program).sort((a, b) => a - b);
  }

  it("takes one 128-byte wavefront per cycle: LDS.128 is four, an n-way conflict n times as many", () => {
    // Four warps' LDS at cycle 0 share the SM's pipe; each result comes 23 cycles (LDS) after
    // the pipe starts on it. 32-bit words: starts 0, 1, 2, 3.
    expect(consumers("LDS R4, [R2]")).toEqual([23, 24, 25, 26]);
    // 16 bytes a thread, 512 a warp: four wavefronts each, starts 0, 4, 8, 12.
    expect(consumers("LDS.128 R4, [R2]")).toEqual([23, 27, 31, 35]);
    // A 2-way bank conflict on a 32-bit LDS: two wavefronts each.
    expect(consumers("LDS R4, [R2]", '{ sass: k.sass, conflicts: { "0x0000": 2 } }')).toEqual([23, 25, 27, 29]);
  });

  it("refuses a conflict factor on an instruction that is not a shared-memory access", () => {
    expect(() => consumers("LDC R4, c[0x0][0x0]", '{ sass: k.sass, conflicts: { "0x0000": 2 } }')).toThrow(/program\.conflicts\.0x0000.*shared-memory access/s);
  });
});

describe("per-load latency", () => {
  it("gives a particular load its own distribution; the others keep the scenario's", () => {
    // Two independent loads set SB0 and SB1; the scenario's loads take 400 cycles, the one at
    // 0x0010 is given 100. The consumer of the second issues at 1 + 100, of the first at 400.
    const sass = listing([
      ["LDG.E R2, desc[UR4][R6.64]", { write: 0 }],
      ["LDG.E R3, desc[UR4][R8.64]", { write: 1 }],
      ["IADD3 R4, R3, 0x1, RZ", { wait: [1] }],
      ["IADD3 R5, R2, 0x1, RZ", { wait: [0] }],
      ["EXIT"],
    ]);
    const at = issuedAt(sass, (_sp, _w, pc) => pc === 2 || pc === 3, '{ sass: k.sass, loads: { "0x0010": { kind: fixed, cycles: 100 } } }', {
      threads: 32,
      memory: "{ latency: { kind: fixed, cycles: 400 } }",
    });
    // The LDG holds dispatch 4 cycles on sm_90, so the second load issues at 4: its data at 104.
    expect(at).toEqual([104, 400]);
  });

  it("refuses a per-load latency for an instruction that is not a global load", () => {
    const sass = listing([["IADD3 R1, R1, 0x1, RZ"], ["EXIT"]]);
    expect(() => runSass(sass, '{ sass: k.sass, loads: { "0x0000": { kind: fixed, cycles: 9 } } }')).toThrow(/program\.loads\.0x0000.*global or local load/s);
  });
});

describe("the constant cache (imc_miss)", () => {
  it("makes the first instruction that needs a constant line wait for it, once per line per SM", () => {
    // sm_90: a miss takes 150 cycles, lines of 64 bytes. c[0x0][0x210] and [0x214] share a line;
    // c[0x0][0x0] is another. One warp: 150 (first line), 152 (a hit; the ALU takes an IADD3
    // every 32 / 16 = 2 cycles), then the second line's miss from 153: 303, EXIT at 304; 300
    // cycles in imc_miss.
    const program = ["IADD3 R1, R2, c[0x0][0x210], RZ", "IADD3 R3, R4, c[0x0][0x214], RZ", "IADD3 R5, R6, c[0x0][0x0], RZ", "EXIT"];
    const cycles: number[] = [];
    const yaml = (threads: number) =>
      [
        "arch: { preset: sm_90, warpLaunchIntervalCycles: 0, resultDelayCycles: 0 }",
        `launch: { threadsPerBlock: ${threads}, blocks: 1, registersPerThread: 32 }`,
        "program: |",
        ...program.map((l) => `  ${l}`),
      ].join("\n");
    const one = simulate(parseScenario(yaml(32), "<test>"), { hooks: { issue: [(cycle) => void cycles.push(cycle)], stateChange: [] } });
    expect(cycles).toEqual([150, 152, 303, 304]);
    expect(one.sm.stalls.imc_miss.warpCycles).toBe(300);
    // Four warps arriving together all wait for the same two fetches.
    expect(simulate(parseScenario(yaml(128), "<test>")).sm.stalls.imc_miss.warpCycles).toBe(4 * 300);
  });

  it("lets an LDC issue at once through a path of its own: its consumer waits, and operands still miss", () => {
    // LDC at 0 (no imc_miss); its line on LDC's path arrives at 150, after its 23-cycle latency:
    // the IADD3 that reads R1 waits in short_scoreboard and issues at 150. The next IADD3's
    // c[0x0][0x0] is the same line, but the operands' cache has not seen it: its fetch starts
    // when the warp wants to issue it, at 151, and arrives at 301; EXIT at 302. 150 cycles in
    // imc_miss, the LDC's 149 (1..149) in short_scoreboard.
    const program = ["LDC R1, c[0x0][0x28]", "IADD3 R2, R1, 0x1, RZ", "IADD3 R3, R4, c[0x0][0x0], RZ", "EXIT"];
    const cycles: number[] = [];
    const yaml = [
      "arch: { preset: sm_90, warpLaunchIntervalCycles: 0, resultDelayCycles: 0 }",
      "launch: { threadsPerBlock: 32, blocks: 1, registersPerThread: 32 }",
      "program: |",
      ...program.map((l) => `  ${l}`),
    ].join("\n");
    const r = simulate(parseScenario(yaml, "<test>"), { hooks: { issue: [(cycle) => void cycles.push(cycle)], stateChange: [] } });
    expect(cycles).toEqual([0, 150, 301, 302]);
    expect(r.sm.stalls.imc_miss.warpCycles).toBe(150);
    expect(r.sm.stalls.short_scoreboard.warpCycles).toBe(149);
  });
});

describe("calls and newer forms", () => {
  it("issues a CALL as one instruction without following it, warns, and reads BRA.DIV's target", () => {
    const sass = listing([
      ["BRA.DIV UR4, 0x30"], // 0x00: target is the last operand
      ["CALL.REL.NOINC 0x50"], // 0x10
      ["IADD3 R1, R1, 0x1, RZ"], // 0x20
      ["EXIT"], // 0x30
      ["BRA 0x40"], // 0x40: trap
      ["IADD3 R2, R2, 0x1, RZ"], // 0x50: the called function, not simulated
      ["RET.REL.NODEC R20 0x0"], // 0x60
    ]);
    const yaml = "launch: { threadsPerBlock: 32, registersPerThread: 32 }\nprogram: { sass: k.sass }";
    const scenario = parseScenario(yaml, "<test>", [], { readFile: () => ({ file: "k.sass", text: sass }) });
    expect(scenario.warnings.join("\n")).toMatch(/1 CALL \(0x0010 line 7\) issue as one instruction each; the functions they call are not simulated/);
    expect(scenario.warnings.join("\n")).toMatch(/2 unreached instructions left out \(0x0050/);
    // BRA.DIV is taken only by a diverged warp (never here): BRA.DIV, CALL, IADD3, EXIT.
    expect(simulate(scenario).sm.instExecuted).toBe(4);
  });
});

describe("registers of a SASS kernel", () => {
  it("warns when the listing names registers beyond launch.registersPerThread", () => {
    const sass = listing([["IADD3 R40, R41, 0x1, RZ"], ["EXIT"]]);
    const scenario = (regs: number) =>
      parseScenario(`launch: { threadsPerBlock: 32, registersPerThread: ${regs} }\nprogram: { sass: k.sass }`, "<test>", [], { readFile: () => ({ file: "k.sass", text: sass }) });
    expect(scenario(32).warnings.join("\n")).toMatch(/names R41, but launch\.registersPerThread is 32; ptxas allocated about 44/);
    expect(scenario(48).warnings.join("\n")).not.toMatch(/names R/);
  });
});

describe("asynchronous copies (cp.async)", () => {
  it("LDGDEPBAR's barrier clears when the warp's copies so far have landed; DEPBAR waits for it", () => {
    // Two LDGSTS at 0 and 4 (the LSU takes one every 4 cycles) land at 400 and 404 (loads take
    // 400 here); LDGDEPBAR at 5 sets SB0 until 404; DEPBAR.LE SB0 issues at 404, EXIT at 405.
    const sass = listing([
      ["LDGSTS.E.BYPASS.128 [R4], desc[UR4][R2.64]"],
      ["LDGSTS.E.BYPASS.128 [R5], desc[UR4][R6.64]"],
      ["LDGDEPBAR", { write: 0 }],
      ["DEPBAR.LE SB0, 0x0"],
      ["EXIT"],
    ]);
    const at = issuedAt(sass, () => true, undefined, { threads: 32, memory: "{ latency: { kind: fixed, cycles: 400 } }" });
    expect(at).toEqual([0, 4, 5, 404, 405]);
  });
});
