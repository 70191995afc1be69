import fc from "fast-check";
import { POLICY_NAMES } from "../../src/sm/schedulers/index.js";

/**
 * Generators of hostile scenarios and programs for the fuzz tests: mostly bad input (which must
 * get a clean error) and some odd but valid input (which must simulate with sane metrics).
 */

const OPCODES = ["FFMA", "FADD", "IMAD", "IMAD.WIDE", "IADD3", "LOP3.LUT", "ISETP.GE.AND", "MOV", "DFMA", "MUFU.RSQ", "LDS", "LDG.E", "STG.E", "STS", "BAR.SYNC", "BAR.SYNC.DEFER_BLOCKING", "EXIT", "NOP", "HMMA.16816.F32", "BRA", "S2R", "UIADD3", "LEA"];
const OPERANDS = ["R0", "R1", "R2", "R3", "R200", "R254", "R255", "RZ", "P0", "P6", "P7", "PT", "!PT", "UR4", "URZ", "[R2.64]", "[R2", "R2]", "[R2+0x10]", "desc[UR4][R2.64]", "c[0x0][0x160]", "0x10", "-1", "1e300", "R2.64", "R3.64", "R4.128", "|R1|", "-R1", "", "@P0", "junk", "R-1", "R1e3"];

const instruction = fc
  .tuple(
    fc.option(fc.constantFrom("[S1]", "[S4]", "[S15]", "[S0]", "[S16]", "[x]"), { nil: undefined }),
    fc.option(fc.constantFrom("@P0", "@!P1", "@PT", "@P9", "@UP0"), { nil: undefined }),
    fc.constantFrom(...OPCODES),
    fc.array(fc.constantFrom(...OPERANDS), { maxLength: 9 }),
  )
  .map(([stall, guard, op, operands]) => [stall, guard, op, operands.join(", ")].filter((x) => x !== undefined && x !== "").join(" "));

const directive = fc.constantFrom(".loop 3", ".loop 0", ".loop 1e9", ".loop 2147483647", ".loop -1", ".loop", ".endloop", ".endloop @P0", ".endloop @X", ".foo");

/** Assembly text: instructions, loops (balanced or not), comments and junk lines. */
export const program = fc
  .array(fc.oneof({ weight: 8, arbitrary: instruction }, { weight: 2, arbitrary: directive }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) }), {
    maxLength: 40,
  })
  .map((lines) => [...lines, "EXIT"].join("\n"));

/** Numbers that break naive code: huge, negative, fractional, not finite as text. */
const oddNumber = fc.oneof(
  fc.integer({ min: -5, max: 70 }),
  fc.constantFrom(0, 1, 2, 3, 31, 32, 33, 64, 255, 256, 1024, 1025, 2 ** 31, 2 ** 53, 1e9, 1e12, 1e300, -1, 0.5, 1.5),
  fc.double({ noNaN: true }),
);
const oddValue = fc.oneof(oddNumber, fc.string({ maxLength: 12 }), fc.constantFrom(null, true, [], {}, "48K", "1M", "sm_90", "gto", "fixed"));

/** A valid base scenario with fields replaced by odd values. */
export const scenarioObject = fc
  .record({
    arch: fc.oneof(
      fc.constantFrom("sm_90", "sm_80", "sm_70", "sm_120", "sm_1000"),
      fc.record(
        { preset: fc.constantFrom("sm_90", "sm_86"), maxWarpsPerSm: oddNumber, maxBlocksPerSm: oddNumber, subpartitionsPerSm: oddNumber, resultDelayCycles: oddNumber, warpLaunchIntervalCycles: oddNumber },
        { requiredKeys: ["preset"] },
      ),
    ),
    launch: fc.record(
      { threadsPerBlock: oddNumber, blocks: oddNumber, registersPerThread: oddNumber, sharedMemPerBlock: oddValue, residentBlocks: oddNumber },
      { requiredKeys: ["threadsPerBlock"] },
    ),
    memory: fc.record(
      {
        latency: fc.oneof(
          fc.record({ kind: fc.constant("fixed"), cycles: oddNumber }),
          fc.record({ kind: fc.constant("uniform"), min: oddNumber, max: oddNumber }),
          fc.record({ kind: fc.constant("normal"), mean: oddNumber, stddev: oddNumber, min: oddNumber, max: oddNumber }, { requiredKeys: ["mean", "stddev"] }),
          fc.record({ kind: fc.constant("exponential"), min: oddNumber, mean: oddNumber }),
          fc.record({ kind: oddValue }),
        ),
        maxLoadsInFlight: oddNumber,
        bytesPerCycle: oddNumber,
      },
      { requiredKeys: [] },
    ),
    // Every registered policy, and a name that is none (an error to report).
    scheduler: fc.constantFrom(...POLICY_NAMES, "fifo"),
    seed: oddNumber,
    program: fc.oneof(
      program,
      fc.record({ generator: fc.constant("load-compute"), ilp: oddNumber, computePerLoad: oddNumber, iterations: oddNumber }),
      oddValue,
    ),
  }, { requiredKeys: ["launch", "program"] });

/** YAML documents whose aliases expand geometrically (billion laughs). */
export const aliasBomb = fc.integer({ min: 2, max: 12 }).chain((levels) =>
  fc.integer({ min: 2, max: 12 }).map((fanout) => {
    const lines = [`a0: &a0 [x, x, x]`];
    for (let i = 1; i < levels; i++) lines.push(`a${i}: &a${i} [${Array(fanout).fill(`*a${i - 1}`).join(", ")}]`);
    return `${lines.join("\n")}\nlaunch: {threadsPerBlock: 32}\nprogram: "EXIT"\n`;
  }),
);

/** Random bytes, decoded as a file would be. */
export const binaryJunk = fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes).toString("utf8"));

const reg = fc.integer({ min: 0, max: 60 }).map((n) => `R${n}`);
const validInstruction = fc.oneof(
  fc.tuple(reg, reg, reg, reg).map(([d, a, b, c]) => `FFMA ${d}, ${a}, ${b}, ${c}`),
  fc.tuple(reg, reg, reg).map(([d, a, b]) => `IADD3 ${d}, ${a}, ${b}, RZ`),
  fc.tuple(reg, reg).map(([d, a]) => `MUFU.RSQ ${d}, ${a}`),
  fc.tuple(fc.integer({ min: 0, max: 29 }), reg).map(([d, a]) => `LDG.E R${2 * d}, [${a}.64]`.replace(/\[R(\d+)\.64\]/, (_, n) => `[R${Number(n) & ~1}.64]`)),
  reg.map((a) => `STG.E [R2.64], ${a}`),
  fc.tuple(reg, reg).map(([d, a]) => `LDS ${d}, [${a}]`),
  fc.tuple(reg, reg, reg, reg).map(([d, a, b, c]) => `[S${(Number(d.slice(1)) % 15) + 1}] FFMA ${d}, ${a}, ${b}, ${c}`),
  // Every warp reaches every BAR of a straight program, so these always complete.
  fc.constantFrom("BAR.SYNC 0", "BAR.SYNC.DEFER_BLOCKING 0"),
);

/** Straight-line programs that are valid: `length` instructions, then EXIT. */
export const straightProgram = fc.array(validInstruction, { minLength: 0, maxLength: 30 });

/** A valid launch and machine around a program, in moderate ranges. */
export const validSetup = fc.record({
  threadsPerBlock: fc.integer({ min: 1, max: 1024 }),
  blocks: fc.integer({ min: 1, max: 6 }),
  scheduler: fc.constantFrom(...POLICY_NAMES),
  latency: fc.integer({ min: 1, max: 900 }),
  seed: fc.integer({ min: 0, max: 1000 }),
});
