import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { estimateL2Sharing } from "../../src/exec/l2-sharing.js";
import { hotLineFactors } from "../../src/sm/memory/hot-lines.js";
import { sm_90 } from "../../src/arch/presets/sm_90.js";
import { profileKernel } from "../../src/exec/kernel-profile.js";
import { planExecution } from "../../src/exec/run-from-args.js";
import { executableKernel } from "../../src/exec/run-warp.js";
import { readSass } from "../../src/sass/read-sass.js";
import { simulate } from "../../src/run/simulate.js";
import { parseScenario } from "../../src/scenario/parse-scenario.js";
import { readerBeside } from "../../src/scenario/load.js";
import { cli } from "../cli/cli-helper.js";

/**
 * validation/corpus: everyday kernels measured on an H100 (capture.sh), nothing fitted to them.
 * What the executor must get right from the listing and the arguments alone, each value derived
 * independently of warpsim: by a float32 model of the source, by hand from the launch.
 */
const LISTING = "validation/corpus/kernels.sass";
const listing = readSass(readFileSync(LISTING, "utf8"), LISTING);
const summary: Record<string, string>[] = parse(readFileSync("validation/corpus/data/summary.csv", "utf8"), { columns: true });
const kernel = (name: string) => {
  if (!listing.ok) throw new Error("kernels.sass did not read");
  return listing.kernels.find((k) => k.name === name)!;
};
const plan = (name: string, grid: number[], block: number[], args: string) => planExecution(kernel(name), { grid, block, args, sm: 0, arch: "sm_90" }, LISTING);

/**
 * The Mandelbrot loop as kernels.cu writes it and the listing orders it, in float32 (Math.fround
 * after each operation; the FFMA's product is exact in a double): the trips of pixel (px, py).
 */
function trips(px: number, py: number, w: number, h: number, maxIter: number): number {
  const f = Math.fround;
  const cx = f(f(f(2.5 * px) / w) - 2);
  const cy = f(f(f(2.5 * py) / h) - 1.25);
  let zx = 0;
  let zy = 0;
  let it = 0;
  for (;;) {
    const t = f(f(f(zx * zx) - f(zy * zy)) + cx);
    zy = f(f(zx + zx) * zy + cy);
    zx = t;
    it++;
    if (!(it < maxIter && f(f(zx * zx) + f(zy * zy)) < 4)) return it;
  }
}

describe("float arithmetic steers control flow: mandelbrot's loop (128 x 128 pixels, 64 iterations at most)", () => {
  const { launch } = plan("mandelbrot", [8, 16], [16, 8], "ptr:16MiB,i32:128,i32:128,i32:64");
  const exe = executableKernel(kernel("mandelbrot"));
  const p = profileKernel(exe, launch, Array.from({ length: 128 }, (_, b) => b));
  const at = (address: number) => exe.decoded.findIndex((d) => d.ins.address === address);

  it("each warp runs its loop as often as its slowest pixel needs (a float32 model of the source)", () => {
    let expected = 0;
    for (let by = 0; by < 16; by++)
      for (let bx = 0; bx < 8; bx++)
        for (let w = 0; w < 4; w++) {
          let most = 0;
          for (let l = 0; l < 32; l++) most = Math.max(most, trips(bx * 16 + (l % 16), by * 8 + 2 * w + (l >> 4), 128, 128, 64));
          expected += most;
        }
    // 0x3b0 opens the loop (FADD R0, R3, -R0); `@!P0 BRA P1, 0x3b0` closes it on both conditions.
    expect(p.executions[at(0x3b0)]).toBe(expected);
    expect(p.unknownBranches.size).toBe(0);
  });

  it("issues ncu's count, the division's slow path included (a CALL into the listing, and back)", () => {
    const measured = Number(summary.find((r) => r.kernel === "mandelbrot" && r.grid === "8,16")!["smsp__inst_executed.sum"]);
    // Lanes dividing 0 (pixels at x = 0, and y = 0) take FCHK's slow path: the 64 warps of the
    // blocks at x = 0 and the 8 first warps of the blocks at y = 0 call the subroutine at 0x4d0,
    // whose path for a zero dividend issues 29 instructions (counted by hand in the listing).
    const calls = p.executions[at(0x1f0)] + p.executions[at(0x310)];
    expect(calls).toBe(16 * 4 + 8);
    expect(p.executions[at(0x4d0)]).toBe(calls);
    expect(Math.abs(p.instructions.mean * p.warps - measured)).toBeLessThanOrEqual(0.0001 * measured);
  });
});

describe("the L2's sharing when a block alone is past the estimate's budget", () => {
  it("nbody: every block reads every body, so with 4 blocks 1 first read in 4 misses (compared on prefixes)", () => {
    // 4 blocks of 256 threads, 1,024 bodies: each block reads all 16 KiB of them, tile by tile.
    const { launch } = plan("nbody", [4], [256], "ptr:16KiB,ptr:16KiB,i32:1024");
    const k = kernel("nbody");
    // A budget of about 2 blocks: the estimate compares prefixes of the blocks (before, it ran no
    // other block at all, and every first read missed).
    const s = estimateL2Sharing(executableKernel(k), launch, 1, "1", 50_000);
    const at = (address: number) => k.instructions.findIndex((ins) => ins.address === address);
    // 0x1e0: the tile loop's load (tile[threadIdx.x] = pos[t + threadIdx.x]), read by every block.
    expect(s.missShare[at(0x1e0)]).toBeCloseTo(1 / 4, 3);
    // 0xe0, a block's own bodies (p = pos[i]): the others read them only in a later tile, past
    // the prefixes compared, so the estimate sees them unshared ([model] a prefix's limit).
    expect(s.missShare[at(0xe0)]).toBe(1);
  });

  it("sgemm_8x8: a grid the GPU runs in one wave shares its tiles among all its blocks, past the L2 or not", () => {
    // 16 x 16 blocks of 128 x 128 outputs, N = 2,048: a block reads a 128-row strip of A, which
    // the 16 blocks of its row read too, and a 128-column strip of B, read by its column's 16:
    // each first read misses with probability 1/16. With 2 blocks per SM, 264 run at once: all
    // 256 from the start, so no block's reads are gone from the L2 before another's (the window
    // of concurrent blocks, for grids of several waves, does not apply).
    const { launch } = plan("sgemm_8x8", [16, 16], [256], "ptr:16MiB,ptr:16MiB,ptr:16MiB,i32:2048");
    const k = kernel("sgemm_8x8");
    // The K loop's 8 loads (0x0cc0 on; those before it copy a remainder N = 2,048 does not have).
    const loads = k.instructions.flatMap((ins, i) => (ins.opcode === "LDG" && ins.address >= 0xcc0 ? [i] : []));
    expect(loads.length).toBe(8);
    const oneWave = estimateL2Sharing(executableKernel(k), launch, 136, "1", 1_500_000, { blocks: 264, l2Bytes: 50 * 2 ** 20 });
    expect(oneWave.footprintBytes).toBeGreaterThan(50 * 2 ** 20);
    for (const i of loads) expect(oneWave.missShare[i]).toBeCloseTo(1 / 16, 3);
    // Two waves of 128: a strip of B is read again after its wave has left, and misses more.
    const twoWaves = estimateL2Sharing(executableKernel(k), launch, 136, "1", 1_500_000, { blocks: 128, l2Bytes: 50 * 2 ** 20 });
    expect(Math.max(...loads.map((i) => twoWaves.missShare[i]))).toBeGreaterThan(1.5 / 16);
  });

  it("scatter_idx: a block's stores fall on a few of y's 2,048 lines, which the whole grid shares: hot lines (hot-lines.ts)", () => {
    // 4,096 blocks of 256 threads store y[idx[i]], idx random(0, 65535): 256 words at random over
    // 2,048 lines touch 2,048 (1 - e^(-256/2,048)) = 240.6 of them, spanning nearly all; the
    // grid's 1 M stores write each sector 128 times, so the pool is y's 2,048 lines: sm_90's store
    // factor there, 1.51 (the l2 footprint probe's 2,048-line row: 146.97 cycles a request for
    // 31.76 lines, against 3.065 a line on large tables).
    const { launch } = plan("scatter_idx", [4096], [256], "ptr:4MiB random(0, 65535),ptr:4MiB,ptr:256KiB,i32:1048576");
    const k = kernel("scatter_idx");
    const s = estimateL2Sharing(executableKernel(k), launch, 2048, "1", 1_500_000);
    const store = k.instructions.findIndex((ins) => ins.opcode === "STG");
    expect(Math.abs(s.blockLines[store] / 240.6 - 1)).toBeLessThan(0.05);
    expect(s.spanLines[store]).toBeGreaterThan(1900);
    expect(hotLineFactors(sm_90.memoryBandwidth.l2HotLines!, s, 4096, 132 * 8).store[store]).toBeCloseTo(146.97 / 31.76 / 3.065, 2);
    // What the grid stores is y's 256 KiB, not 4,096 blocks x 256 sectors (32 MiB, past the L2's
    // room for dirty lines: the H100 wrote back 969 bytes per SM, not the 44 KB that predicted).
    expect(s.storedBytes).toBeGreaterThan(256 * 1024 * 0.5);
    expect(s.storedBytes).toBeLessThan(256 * 1024 * 2);
  });

  it("spmv_block: a gather at random indices, rarely shared by any two blocks, often by the grid", () => {
    // 8,192 rows of 16 (rowptr iota(0, 16)), col random(0, 65535): each block reads x at 16
    // random elements, 16 of x's 8,192 sectors, and the grid's 131,072 reads fall 16 on each
    // sector. The probe's sector is read by about 16 other blocks (Poisson), so its first read
    // misses with probability E[1 / (1 + N)] = (1 - e^-16) / 16 = 0.0625. A block shares one of
    // its 16 sectors with another in 16 x 16 / 8,192 = 1 in 32: the sample's pairs count too.
    const { launch } = plan("spmv_block", [8192], [64], "ptr:262148 iota(0, 16),ptr:4MiB random(0, 65535),ptr:4MiB,ptr:256KiB,ptr:256KiB");
    const k = kernel("spmv_block");
    const s = estimateL2Sharing(executableKernel(k), launch, 4096, "1", 1_500_000);
    const gather = s.missShare[k.instructions.findIndex((ins) => ins.address === 0x1f0)];
    // Within a factor of 2 of 0.0625 (the sample's pairs find a few dozen shared sectors); with the
    // probe's samples alone, most seeds see no sharer in 16 (31/32 to the 16th: 60%) and say 1.
    expect(gather).toBeGreaterThan(0.0625 / 2);
    expect(gather).toBeLessThan(0.0625 * 2);
  });
});

describe("forms the second batch brought (each once refused or misread)", () => {
  const run = (name: string, grid: number[], block: number[], args: string) =>
    simulate(
      parseScenario(
        JSON.stringify({ launch: { threadsPerBlock: block.reduce((a, b) => a * b), registersPerThread: 32 }, program: { sass: "kernels.sass", kernel: name, args, grid, blockDim: block } }),
        "validation/corpus/test.json",
        [],
        { readFile: readerBeside(LISTING) },
      ),
    );

  it("a branch around a slow path, decided on unknown data, goes around it: dnorm issues the H100's count", () => {
    // `@!P0 BRA 0x270` (square root) and `@P0 BRA P2, 0x3e0` (division) skip their slow paths'
    // CALLs when the operands are ordinary; the guards come from the loaded x, unknown, so both
    // are taken, as they were for the H100's x (zeros). By hand: the loop body 0x0e0-0x410 runs
    // 23 + 17 + 4 = 44 instructions a trip, plus 8 before the bounds check, 6 before the loop and
    // the EXIT; 2,097,152 elements over 528 x 256 threads give threads below 69,632 16 trips, the
    // rest 15. SM 0's blocks 0, 132, 264 (16 trips) and 396 (15): 24 x 719 + 8 x 675 = 22,656.
    // Over the grid, 65,536 warp-trips x 44 + 4,224 warps x 15 = 2,946,944 = ncu's 22,325.3 per
    // SM x 132 (validation/corpus/data/summary.csv). DADD writes a register pair: before, its high
    // word stayed known and stale, and the square root's slow path ran on every element.
    const { launch } = plan("dnorm", [528], [256], "ptr:16MiB,ptr:16MiB,i32:2097152");
    const exe = executableKernel(kernel("dnorm"));
    const p = profileKernel(exe, launch, [0, 132, 264, 396]);
    expect(p.unknownBranches.has(0x240)).toBe(true);
    expect(p.unknownBranches.has(0x370)).toBe(true);
    for (const address of [0x260, 0x3b0, 0x430, 0x9e0]) expect(p.executions[exe.decoded.findIndex((d) => d.ins.address === address)]).toBe(0);
    expect(p.instructions.mean * p.warps).toBe(22656);
  });

  it("`BREAK B0` names a convergence barrier, not a branch target: the listing reads", () => {
    // Before, "B0" was taken for a label, and the whole listing was refused.
    const k = kernel("triangle_rows");
    const breaks = k.instructions.filter((i) => i.opcode === "BREAK");
    expect(breaks.length).toBeGreaterThan(0);
    for (const b of breaks) expect(b.target).toBeUndefined();
  });

  it("`__syncthreads_count` (BAR.RED.POPC, then B2R.RESULT) waits as BAR.SYNC does, and runs", () => {
    const r = run("vote_fence", [16384], [256], "ptr:16MiB random(0, 999),ptr:128KiB,i32:499");
    expect(r.outcome.status).toBe("completed");
  });

  it("a row's extent thread 0 shares through shared memory steers every warp's loop (spmv_block: the block's warps run together)", () => {
    // kernels.cu: thread 0 stores bounds = rowptr[b], rowptr[b + 1]; after __syncthreads every
    // thread runs k = bounds[0] + tid, ..., < bounds[1], step 64 (the block). With rows of 100
    // (rowptr iota(0, 100)) lane t of warp w runs k - 100b = 32w + t, then + 64 while < 100:
    // warp 0 twice (t + 64 < 100 for t < 36), warp 1 twice (its lanes 32..35): 4 trips a block;
    // with rows of 16, only warp 0's lanes 0..15 run, once.
    const exe = executableKernel(kernel("spmv_block"));
    const gather = exe.decoded.findIndex((d) => d.ins.address === 0x1a0);
    for (const [row, trips] of [
      [100, 4],
      [16, 1],
    ]) {
      const { launch } = plan("spmv_block", [8], [64], `ptr:4KiB iota(0, ${row}),ptr:4MiB random(0, 65535),ptr:4MiB,ptr:256KiB,ptr:256KiB`);
      const p = profileKernel(exe, launch, [0, 1, 2, 3]);
      expect(p.unknownBranches.size).toBe(0);
      expect(p.executions[gather]).toBe(4 * trips);
    }
  });

  it("`__match_any_sync` (MATCH.ANY) gives each lane its peers: one leader per key adds, as ncu counts", () => {
    // SM 0's 125 blocks of 8 warps: every warp runs the same 15 instructions but for its
    // leaders' branch, whose count comes from the keys (random(0, 999) & 63): the count is ncu's
    // per-SM mean within the SMs' shares (125 blocks where the mean is 124.1).
    const { launch } = plan("match_count", [16384], [256], "ptr:16MiB random(0, 999),ptr:4KiB,i32:4194304");
    const exe = executableKernel(kernel("match_count"));
    const p = profileKernel(exe, launch, Array.from({ length: 125 }, (_, i) => i * 132));
    expect(p.unknownBranches.size).toBe(0);
    const measured = Number(summary.find((r) => r.kernel === "match_count")!["smsp__inst_executed.sum"]) / 132;
    expect(Math.abs((p.instructions.mean * p.warps) / (measured * (125 / (16384 / 132))) - 1)).toBeLessThan(0.01);
  });
});

describe("forms the seventh batch brought", () => {
  it("a module's __device__ variable (last_block_reduce's ticket, c[0x4][0x0]) is memory the kernel may reach, at one address", () => {
    // kernels.cu: thread 0 of every block does atomicInc(&g_ticket, ...) on a __device__ global;
    // the listing reads its address with LDC.64 R2, c[0x4][RZ]. Before, c[0x4] read bank 0 (the
    // block's shape) and the access was refused as outside every buffer.
    const { launch } = plan("last_block_reduce", [528], [256], "ptr:16MiB,ptr:4KiB,ptr:4KiB,i32:4194304");
    const exe = executableKernel(kernel("last_block_reduce"));
    const atom = exe.decoded.findIndex((d) => d.ins.opcode === "ATOMG");
    const p = profileKernel(exe, launch, [0, 132, 264, 396]);
    expect(p.outOfBounds).toBeUndefined();
    // One ATOMG per block, by its first warp's lane 0.
    expect(p.executions[atom]).toBe(4);
  });

  it("an in-place update stores the lines it reads: daxpy stores y (32 MiB) and only reads x (32 MiB)", () => {
    // kernels.cu: y[i] = a * x[i] + y[i], 4,194,304 doubles each. The write-back share needs the
    // grid's stored bytes (y) apart from those it only reads (x): sm/memory/l2-write-back.ts.
    const { launch } = plan("daxpy", [528], [256], "f64:2.0,ptr:32MiB,ptr:32MiB,i32:4194304");
    const s = estimateL2Sharing(executableKernel(kernel("daxpy")), launch, 264, "1", 1_000_000);
    const MiB = 1024 * 1024;
    // The probe block's bytes times the grid's blocks: within 1% (its grid-stride loop runs 31 or
    // 32 trips where the grid's average is 4,194,304 / 135,168 = 31.03).
    expect(Math.abs(s.storedBytes / MiB / 32 - 1)).toBeLessThan(0.01);
    expect(Math.abs(s.readOnlyBytes / MiB / 32 - 1)).toBeLessThan(0.01);
  });
});

describe("forms the eighth batch brought", () => {
  it("a BAR whose guard is off for the whole warp neither arrives nor waits: named_barrier_pc's producers and consumers finish", async () => {
    // kernels.cu: warps 0-1 load tiles and `bar.arrive 1`, warps 2-3 `bar.sync 1` and `bar.arrive
    // 2`; the listing guards each warp's barriers (`@P0 BAR.SYNC 0x1, 0x80`, P0 = tid >= 64).
    // Before, a guarded-off BAR still arrived and waited, and the run deadlocked at cycle 1,197.
    const { launch } = plan("named_barrier_pc", [2048], [128], "ptr:16MiB,ptr:512KiB,i32:32");
    const exe = executableKernel(kernel("named_barrier_pc"));
    const p = profileKernel(exe, launch, [0]);
    // 32 tiles: every warp issues the loop's BARs, its own half guarded off.
    expect(p.runaways).toBe(0);
    const r = await cli("run", "--sass", LISTING, "--kernel", "named_barrier_pc", "--grid", "2048", "--block", "128", "--args", "ptr:16MiB,ptr:512KiB,i32:32", "--format", "json");
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { outcome: { status: string } }).outcome.status).toBe("completed");
  });

  it("`WARPSYNC.EXCLUSIVE R7` splits a warp by the masks its lanes name: cg_tile_reduce's 16-lane tiles reduce one after the other", () => {
    // cg::tiled_partition<16> then cg::reduce: R7 = 0xffff << (laneid & ~15), WARPSYNC.EXCLUSIVE
    // R7, REDUX.SUM, IMAD.U32, BSYNC. ncu: 42,698 instructions per SM over 992.97 warps, 43.0 per
    // warp: the 39 of one pass and those four again for the second tile.
    const { launch } = plan("cg_tile_reduce", [16384], [256], "ptr:16MiB random(0, 999),ptr:1MiB,i32:4194304");
    const p = profileKernel(executableKernel(kernel("cg_tile_reduce")), launch, [0, 132]);
    expect(p.instructions.mean).toBe(43);
  });

  it("a generic atomic on a buffer is done on global memory (half2_atomic): the fallback after `@P0 EXIT` is not run", () => {
    // `atomicAdd(__half2*)`: ATOM.E.ADD.F16x2 P0, RZ, [R4.64], R7 then @P0 EXIT, and a QSPC /
    // ATOMS compare-and-swap loop for a shared address. ncu: 19,859 instructions per SM over
    // 16,384 x 8 / 132 = 992.97 warps, 20.0 per warp: the 20 instructions up to `@P0 EXIT`.
    const { launch } = plan("half2_atomic", [16384], [256], "ptr:16MiB random(0, 999),ptr:4KiB,i32:4194304");
    const exe = executableKernel(kernel("half2_atomic"));
    const qspc = exe.decoded.findIndex((d) => d.ins.opcode === "QSPC");
    const p = profileKernel(exe, launch, [0, 132]);
    expect(p.unknownBranches.size).toBe(0);
    expect(p.executions[qspc]).toBe(0);
    expect(p.instructions.mean).toBe(20);
  });
});

describe("forms the ninth batch brought", () => {
  it("one float atomicAdd per warp into one word waits for the add before it: warp_atomic_sum within 5% of the H100", async () => {
    // kernels.cu: a warp shuffle-sums its 32 values and lane 0 adds the sum into *out, 131,072
    // adds into one word; the H100 takes 334,586 cycles (2.55 an add), the float rate of the
    // same-word probe (2.80 per add into one word). Before, a single-lane add was one round at
    // the L2's atomic unit, 1 cycle: 65% fast.
    const measured = Number(summary.find((r) => r.kernel === "warp_atomic_sum")!["sm__cycles_active.avg"]);
    const r = await cli("run", "--sass", LISTING, "--kernel", "warp_atomic_sum", "--grid", "16384", "--block", "256", "--args", "ptr:16MiB,ptr:4KiB,i32:4194304", "--format", "json");
    const run = JSON.parse(r.stdout) as { gpu: { meanSmActiveCycles: number } };
    expect(Math.abs(run.gpu.meanSmActiveCycles / measured - 1)).toBeLessThan(0.05);
  });

  it("a prefetch into the L2 (CCTL.E.PF2) brings the lines a later load reads: prefetch_l2 within 20% of the H100", async () => {
    // The eighth batch's prefetch_l2 (kernels.cu): a grid-stride sum that prefetches the element
    // 4 strides ahead. Timed as an
    // instruction with no memory effect, the loads went to DRAM: 54% slow.
    const measured = Number(summary.find((r) => r.kernel === "prefetch_l2")!["sm__cycles_active.avg"]);
    const r = await cli("run", "--sass", LISTING, "--kernel", "prefetch_l2", "--grid", "528", "--block", "256", "--args", "ptr:16MiB,ptr:528KiB,i32:4194304", "--format", "json");
    const run = JSON.parse(r.stdout) as { gpu?: { meanSmActiveCycles: number }; cycles: number };
    expect(Math.abs((run.gpu?.meanSmActiveCycles ?? run.cycles) / measured - 1)).toBeLessThan(0.2);
  });
});

describe("recursion: fib_rec's frames, saved and restored through local memory (local-memory.ts, barrier-moves.ts)", () => {
  const { launch } = plan("fib_rec", [128], [256], "ptr:128KiB random(8, 11),ptr:128KiB,i32:32768");
  const exe = executableKernel(kernel("fib_rec"));
  const p = profileKernel(exe, launch, [0, 1, 2, 3, 4, 5, 6, 7]);
  const at = (address: number) => exe.decoded.findIndex((d) => d.ins.address === address);

  it("every lane runs its whole call tree: nothing guessed, no lane left waiting", () => {
    // n comes back from [R1] after each call (LDL R2), and lanes with n < 2 wait at the
    // caller's BSYNC B6 while the others recurse (BMOV.32.CLEAR R16, B6 / BMOV.32 B6, R16).
    expect(p.unknownBranches.size).toBe(0);
    expect(p.runaways).toBe(0);
    // A warp's frames are at least those of its deepest lane: fib(11) makes 287 calls.
    expect(p.executions[at(0x130)] / p.warps).toBeGreaterThanOrEqual(287);
  });

  it("issues ncu's count per warp within 3% (the H100 drew each thread's n from 8..11 as well)", () => {
    const row = summary.find((r) => r.kernel === "fib_rec")!;
    const perWarp = Number(row["smsp__inst_executed.sum"]) / (128 * 8);
    expect(Math.abs(p.instructions.mean - perWarp)).toBeLessThanOrEqual(0.03 * perWarp);
  });
});
