import { readFileSync } from "node:fs";
import { sassListing } from "../support/sass-listing.js";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../../src/index.js";
import { readSass } from "../../src/sass/read-sass.js";
import { planExecution } from "../../src/exec/run-from-args.js";
import { executableKernel, runWarp } from "../../src/exec/run-warp.js";
import { estimateL2Sharing } from "../../src/exec/l2-sharing.js";
import { SYNC_ARRIVE, SYNC_COPY, SYNC_INIT, SYNC_REG_DEALLOC, SYNC_WAIT } from "../../src/sm/async/sync-ops.js";
import { ACCESS_BYPASS_L1 } from "../../src/sm/warp-paths.js";

const FIXTURES = new URL("../../validation/async/", import.meta.url);
const LISTING = readFileSync(new URL("kernels.sass", FIXTURES), "utf8");

const listing = sassListing;

function run(sass: string, program: string, launch = "threadsPerBlock: 32, blocks: 1, registersPerThread: 32") {
  const yaml = ["arch: sm_90", `launch: { ${launch} }`, `program: ${program}`].join("\n");
  return simulate(parseScenario(yaml, "<test>", [], { readFile: () => ({ file: "k.sass", text: sass }) }), { maxCycles: 10_000_000 });
}

/** One warp: an mbarrier for `count` arrivals at shared 0x400, one arrival, a wait for phase 0 (its retry loop after the EXIT). */
function mbarrierKernel(count: number): string {
  // mbarrier.init writes (2^20 - count) << 1 in the low word (validation/async/kernels.sass).
  const word = ((0x100000 - count) << 1).toString(16);
  return listing([
    "S2UR UR4, SR_CgaCtaId",
    "UMOV UR5, 0x400",
    "ULEA UR4, UR4, UR5, 0x18",
    `UMOV UR6, 0x${word}`,
    "SYNCS.EXCH.64 URZ, [UR4], UR6",
    "SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR4], RZ",
    "IMAD.MOV.U32 R2, RZ, RZ, RZ",
    "SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR4], R2",
    "@!P0 BRA 0xa0",
    "EXIT",
    "SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR4], R2",
    "@!P0 BRA 0xa0",
    "BRA 0x90",
    "BRA 0xd0",
  ]);
}

describe("mbarriers from a listing run from its arguments", () => {
  it("a phase of one arrival completes with the warp's own arrive: the wait goes straight on (10 instructions, no retry)", () => {
    const r = run(mbarrierKernel(1), "{ sass: k.sass, kernel: k, args: '', grid: [1] }");
    expect(r.outcome.status).toBe("completed");
    expect(r.sm.instExecuted).toBe(10);
  });

  it("a phase of two arrivals that gets one never completes: a deadlock naming the mbarrier, its phase and its arrivals", () => {
    const r = run(mbarrierKernel(2), "{ sass: k.sass, kernel: k, args: '', grid: [1] }");
    expect(r.outcome.status).toBe("deadlock");
    const stuck = r.outcome.status === "deadlock" ? r.outcome.stuckWarps : [];
    expect(stuck).toHaveLength(1);
    expect(stuck[0].waitingFor).toBe("mbarrier at shared 0x400: phase 0, 1 of 2 arrivals, 0 transaction bytes outstanding");
    expect(stuck[0].state).toBe("long_scoreboard");
  });
});

describe("named barriers: BAR.ARV arrives without waiting (a producer signalling its consumers)", () => {
  // Warp 0 arrives at barrier 1 (64 threads) and leaves; warp 1 waits there for it.
  const kernel = (signal: string) =>
    listing(["S2R R0, SR_TID.X", "ISETP.GE.AND P0, PT, R0, 0x20, PT", "@P0 BRA 0x50", signal, "EXIT", "BAR.SYNC 0x1, 0x40", "EXIT", "BRA 0x70"]);
  const launch = "threadsPerBlock: 64, blocks: 1, registersPerThread: 32";

  it("the arrival releases the waiting warp; the arriving one never waits", () => {
    const r = run(kernel("BAR.ARV 0x1, 0x40"), "{ sass: k.sass, kernel: k, args: '', grid: [1] }", launch);
    expect(r.outcome.status).toBe("completed");
    expect(r.sm.instExecuted).toBe(5 + 5);
  });

  it("without it the barrier never completes: a deadlock at the BAR.SYNC", () => {
    const r = run(kernel("NOP"), "{ sass: k.sass, kernel: k, args: '', grid: [1] }", launch);
    expect(r.outcome.status).toBe("deadlock");
    const stuck = r.outcome.status === "deadlock" ? r.outcome.stuckWarps : [];
    expect(stuck.map((w) => [w.warpInBlock, w.state, w.instruction])).toEqual([[1, "barrier", "/*0050*/ BAR.SYNC 0x1, 0x40"]]);
  });
});

describe("setmaxnreg: registers move through the block's pool", () => {
  // Two warps launched at 64 registers: warp 0 keeps 24, which frees (64 - 24) x 32 = 1280;
  // warp 1 asks for `ask` (its retry loop after the EXIT, as the compiler writes it).
  const kernel = (ask: number) =>
    listing([
      "S2R R0, SR_TID.X",
      "ISETP.GE.AND P0, PT, R0, 0x20, PT",
      "@P0 BRA 0x50",
      "USETMAXREG.DEALLOC.CTAPOOL 0x18",
      "EXIT",
      `USETMAXREG.TRY_ALLOC.CTAPOOL UP0, 0x${ask.toString(16)}`,
      "PLOP3.LUT P0, PT, PT, PT, UP0, 0x80, 0x0",
      "@!P0 BRA 0x50",
      "EXIT",
      "BRA 0x90",
    ]);
  const launch = "threadsPerBlock: 64, blocks: 1, registersPerThread: 64";

  it("104 needs (104 - 64) x 32 = 1280: granted once warp 0 has given them back", () => {
    const r = run(kernel(104), "{ sass: k.sass, kernel: k, args: '', grid: [1] }", launch);
    expect(r.outcome.status).toBe("completed");
  });

  it("112 needs 1536: never granted, a deadlock that says what the warp waits for", () => {
    const r = run(kernel(112), "{ sass: k.sass, kernel: k, args: '', grid: [1] }", launch);
    expect(r.outcome.status).toBe("deadlock");
    const stuck = r.outcome.status === "deadlock" ? r.outcome.stuckWarps : [];
    expect(stuck.map((w) => w.waitingFor)).toEqual(["setmaxnreg: 112 registers per thread (it holds 64; its block's pool has 1280 free, 1536 needed)"]);
  });
});

describe("warpgroup MMA against the H100's probes (validation/async/data/probes.txt)", () => {
  // One warpgroup, 256 trips of fence, HGMMA, commit, wait: cycles per trip.
  const perTrip = (n: number, chain: number) =>
    run(LISTING, `{ sass: k.sass, kernel: "probe_hgmma<${n}, ${chain}>", args: "8KiB, 256", grid: [1] }`, "threadsPerBlock: 128, blocks: 1, registersPerThread: 168").cycles / 256;

  it("N = 256, one HGMMA per wait (not fitted; 196.7 measured): within 3%", () => {
    expect(Math.abs(perTrip(256, 1) / 196.7 - 1)).toBeLessThan(0.03);
  });

  it("N = 128, four HGMMAs per commit (312.4 measured: each holds the tensor core N / 2 cycles): within 3%", () => {
    expect(Math.abs(perTrip(128, 4) / 312.4 - 1)).toBeLessThan(0.03);
  });

  it("N = 16 and 32, four per commit (124.3 and 144.3 measured: each waits 16 + N / 4 cycles for its operands, not N / 2): within 3%", () => {
    expect(Math.abs(perTrip(16, 4) / 124.3 - 1)).toBeLessThan(0.03);
    expect(Math.abs(perTrip(32, 4) / 144.3 - 1)).toBeLessThan(0.03);
  });
});

describe("TMA and bulk copies against the H100's probe (probes.txt: one copy in flight, then its mbarrier wait)", () => {
  const perTrip = (mode: number, bytes: number) =>
    run(LISTING, `{ sass: k.sass, kernel: probe_copy, args: "32MiB, ${bytes}, 200, ${mode}, tmap(f16, 4096x4096, box 64x64), 64B", grid: [1] }`, "threadsPerBlock: 32, blocks: 1, registersPerThread: 16, sharedMemPerBlock: 65536, staticSharedMemPerBlock: 1024").cycles / 200;

  it("a TMA copy of a 64 x 64 box of halves (8 KiB; not fitted: 462.3 measured) within 5%", () => {
    expect(Math.abs(perTrip(2, 8192) / 462.3 - 1)).toBeLessThan(0.05);
  });

  it("bulk copies of 4 and 16 KiB (not fitted: 418.6 and 536.8 measured) within 5%", () => {
    expect(Math.abs(perTrip(1, 4096) / 418.6 - 1)).toBeLessThan(0.05);
    expect(Math.abs(perTrip(1, 16384) / 536.8 - 1)).toBeLessThan(0.05);
  });
});

describe("the warp-specialized GEMM's warps, run functionally (gemm_ws<128, 4, 1>, K = 4096: 64 k-tiles of 64)", () => {
  const kernel = (() => {
    const read = readSass(LISTING, "kernels.sass");
    if (!read.ok) throw new Error("listing");
    return read.kernels.find((k) => k.name === "_Z7gemm_wsILi128ELi4ELi1EEv14CUtensorMap_stS0_Pfiii")!;
  })();
  const args = "tmap(f16, 4096x4096, box 64x64), tmap(f16, 4096x4096, box 64x128), 64MiB, 4096, 4096, 4096";
  const plan = planExecution(kernel, { grid: [2048], block: [256], args, sm: 0, arch: "sm_90" }, "kernels.sass");
  const exe = executableKernel(kernel);
  const warp = (block: number, w: number) => runWarp(exe, { launch: plan.launch, block, warpInBlock: w }, 256, 1e6, true).path!;

  it("the producer (warp 0): 8 mbarriers of one arrival, 64 arrivals expecting 24 KiB, 128 copies of 8 and 16 KiB, 60 waits for a free stage", () => {
    const s = warp(0, 0).syncs!;
    const of = (op: number) => Array.from(s.op).filter((o) => o === op).length;
    expect([of(SYNC_INIT), of(SYNC_ARRIVE), of(SYNC_COPY), of(SYNC_WAIT)]).toEqual([8, 64, 128, 60]);
    expect(Array.from(s.value.slice(0, 8))).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    // setmaxnreg.dec to 40; then (64 + 128) rows of 64 halves; A's box 64 x 64 x 2 B, B's 64 x 128 x 2 B.
    expect([s.op[8], ...Array.from(s.value.slice(8, 12))]).toEqual([SYNC_REG_DEALLOC, 40, 24576, 8192, 16384]);
  });

  it("a consumer (warp 4) waits on the full stages with parity (k / 4) & 1 and releases each stage once", () => {
    const s = warp(0, 4).syncs!;
    const waits = Array.from(s.op).flatMap((o, i) => (o === SYNC_WAIT ? [s.value[i]] : []));
    expect(waits).toEqual(Array.from({ length: 64 }, (_, k) => (k >> 2) & 1));
    expect(Array.from(s.op).filter((o) => o === SYNC_ARRIVE)).toHaveLength(64);
  });

  it("block 33's first copy of A reads rows 64..127 (m0 = 33 / 32 x 64: the uniform integer division): 64 rows of 4 sectors from A + 64 x 8192 bytes", () => {
    const a = warp(33, 0).accesses;
    const first = Array.from(a.kind).indexOf(ACCESS_BYPASS_L1);
    const from = a.start[first];
    expect(a.start[first + 1] - from).toBe(256);
    const aBase = plan.launch.buffers!.find((b) => b.param === 0)!.base;
    expect(a.sectors[from]).toBe((aBase + 64 * 8192) / 32);
  });

  it("its 64 MiB of matrices do not fit the L2: a tile is shared only by the blocks running at once (132), each for the share of the probe's life it overlaps", () => {
    // The probe, SM 0's middle block, is 1056 = tile row 33, column 0. Its row of A is read by
    // blocks 1057..1087 (d = 1..31): 1 + sum(1 - d / 132) = 28.2, a miss share of 0.035. Its
    // column of B by blocks d = +-32, +-64, +-96, +-128 away: 1 + 2 (0.76 + 0.52 + 0.27 + 0.03)
    // = 4.2, a miss share of 0.24. Sampled (128 of the window's 260 blocks): within 25%.
    const s = estimateL2Sharing(exe, plan.launch, 1056, "1", 1_500_000, { blocks: 132, l2Bytes: 50 * 2 ** 20 });
    const copies = exe.decoded.flatMap((d, i) => (d.ins.opcode === "UTMALDG" ? [i] : []));
    expect(s.missShare[copies[0]]).toBeGreaterThan(0.035 * 0.75);
    expect(s.missShare[copies[0]]).toBeLessThan(0.035 * 1.25);
    expect(s.missShare[copies[1]]).toBeGreaterThan(0.24 * 0.75);
    expect(s.missShare[copies[1]]).toBeLessThan(0.24 * 1.25);
  });
});

describe("Blackwell's constant bank (sm_100: shapes from 0x360, parameters from 0x380)", () => {
  const listing100 = readFileSync(new URL("../../validation/sass/robustness/sm_100.sass", import.meta.url), "utf8");
  const count = (n: number) =>
    simulate(
      parseScenario(["arch: sm_100", "launch: { threadsPerBlock: 128, blocks: 1, registersPerThread: 32 }", `program: { sass: k.sass, kernel: idivide, args: "ptr:4KiB, ptr:4KiB, ptr:4KiB, i32:${n}", grid: [1] }`].join("\n"), "<test>", [], { readFile: () => ({ file: "k.sass", text: listing100 }) }),
    ).sm.instExecuted;

  it("idivide's bounds check reads n at c[0x0][0x398] and blockDim.x at 0x360: with n = 0 every warp leaves at the guarded EXIT, its 8th instruction", () => {
    expect(count(0)).toBe(4 * 8);
  });

  it("with n = 64 warps 0 and 1 run the whole kernel (as every warp does with n = 128) and warps 2 and 3 leave after 8", () => {
    const whole = count(128) / 4;
    expect(whole).toBeGreaterThan(8);
    expect(count(64)).toBe(2 * whole + 2 * 8);
  });
});

describe("explain for a warp-specialized GEMM", () => {
  it("gemm_ws<128, 4, 2> is bound by the L2's rate for copies: 44.6 B/cycle over the bytes copied per issued instruction, per scheduler", async () => {
    const { explain } = await import("../../src/run/explain.js");
    const { resolveScenario } = await import("../../src/scenario/resolve.js");
    const { scenarioSchema } = await import("../../src/scenario/schema.js");
    const input = {
      arch: "sm_90",
      launch: { threadsPerBlock: 384, blocks: 1, registersPerThread: 168, sharedMemPerBlock: 132160 },
      program: { sass: "kernels.sass", kernel: "gemm_ws<128, 4, 2>", args: "tmap(f16, 4096x4096, box 64x128), tmap(f16, 4096x4096, box 64x128), 64MiB, 4096, 4096, 4096", grid: [1024] },
    };
    const resolved = resolveScenario(scenarioSchema.parse(input), { file: "<test>", readFile: () => ({ file: "kernels.sass", text: LISTING }) });
    if (!resolved.ok) throw new Error(JSON.stringify(resolved.issues));
    const e = explain(resolved.scenario);
    expect(e.limiter).toBe("copies");
    const base = simulate(resolved.scenario);
    const bytesPerInstruction = (base.memory!.copySectors * 32) / base.sm.instExecuted;
    expect(e.bounds.find((b) => b.term === "copies")!.issueActive).toBeCloseTo(44.6 / bytesPerInstruction / 4, 6);
    // Copies are not the LSU's loads (ncu's l1tex load counters read 0 for these kernels).
    expect([base.memory!.loadRequests, base.memory!.copyRequests]).toEqual([0, 1024]);
  });
});

describe("instructions from the listing against ncu's smsp__inst_executed.sum (validation/async/data/summary.csv)", () => {
  const rows = parse(readFileSync(new URL("data/summary.csv", FIXTURES), "utf8"), { columns: true }) as Record<string, string>[];
  const measured = (kernel: string) => Number(rows.find((r) => r.kernel === kernel)!["smsp__inst_executed.sum"]);
  const issued = (kernel: string, grid: number, block: number, regs: number, smem: number, args: string) => {
    const r = run(LISTING, `{ sass: k.sass, kernel: "${kernel}", args: "${args}", grid: [${grid}] }`, `threadsPerBlock: ${block}, blocks: 1, registersPerThread: ${regs}, sharedMemPerBlock: ${smem}`);
    return (r.sm.instExecuted / r.scenario.blocks) * grid;
  };

  it("gemm_ws<128, 4, 1>: 42,211,328, exactly (no warp of it retries a wait)", () => {
    expect(measured("gemm_ws<128, 4, 1>")).toBe(42211328);
    expect(issued("gemm_ws<128, 4, 1>", 2048, 256, 160, 99392, "tmap(f16, 4096x4096, box 64x64), tmap(f16, 4096x4096, box 64x128), 64MiB, 4096, 4096, 4096")).toBe(42211328);
  });

  it("stream_sum<4, 4096>: 7,230,168, exactly", () => {
    expect(measured("stream_sum<4, 4096>")).toBe(7230168);
    expect(issued("stream_sum<4, 4096>", 264, 32, 35, 16384, "256MiB, 1016800, 33KiB")).toBe(7230168);
  });
});

describe("the run reports the setmaxnreg split its kernel makes", () => {
  it("gemm_ws<128, 4, 2>: warpgroups 40, 232, 232 of 168 x 384 registers, exactly", () => {
    const r = run(LISTING, `{ sass: k.sass, kernel: "gemm_ws<128, 4, 2>", args: "tmap(f16, 4096x4096, box 64x128), tmap(f16, 4096x4096, box 64x128), 64MiB, 4096, 4096, 4096", grid: [1024] }`, "threadsPerBlock: 384, blocks: 1, registersPerThread: 168, sharedMemPerBlock: 132160");
    expect(r.occupancy.setmaxnreg).toMatchObject({ perWarpgroup: [40, 232, 232], pool: 64512, used: 64512, verdict: "fits" });
  });
});

describe("a run from the arguments does not warn about declared loops", () => {
  it("gemm_ws's retry loops after EXIT reach the trap statically, but each warp takes its own path: no trap or loop-overlap warning", async () => {
    const { resolveScenario } = await import("../../src/scenario/resolve.js");
    const { scenarioSchema } = await import("../../src/scenario/schema.js");
    const program = { sass: "kernels.sass", kernel: "gemm_ws<128, 4, 2>" };
    const launch = { threadsPerBlock: 384, blocks: 1, registersPerThread: 168, sharedMemPerBlock: 132160 };
    const resolve = (p: object) => resolveScenario(scenarioSchema.parse({ arch: "sm_90", launch, program: p }), { file: "<test>", readFile: () => ({ file: "kernels.sass", text: LISTING }) });
    const executed = resolve({ ...program, args: "tmap(f16, 4096x4096, box 64x128), tmap(f16, 4096x4096, box 64x128), 64MiB, 4096, 4096, 4096", grid: [1024] });
    if (!executed.ok) throw new Error(JSON.stringify(executed.issues));
    expect(executed.scenario.warnings.filter((w) => /end-of-kernel trap|overlap without nesting/.test(w))).toEqual([]);
  });
});
