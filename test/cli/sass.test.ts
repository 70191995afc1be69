import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, scratchDir } from "./cli-helper.js";

const LISTING = "validation/sass/kernels.sass";

describe("warpsim run --sass and warpsim sass", () => {
  it("runs a fixture kernel from the command line with the instruction count ncu measured", async () => {
    // ldg_imad at 8 warps: ncu counted smsp__inst_executed.sum = 3,802,656 over 132 SMs = 28,808.
    const r = await cli("run", "--sass", LISTING, "--kernel", "ldg_imad", "--trip", "0x01c0=256", "--threads", "256", "--memory", "l2", "--format", "json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).sm.instExecuted).toBe(28808);
    expect(r.stderr).toMatch(/registers per thread: 14 \(R11 is the highest/);
  });

  it("exits 1 with the loop's address and line when a trip count is missing", async () => {
    const r = await cli("run", "--sass", LISTING, "--kernel", "ldg_imad");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/kernels\.sass, line 83.*loop 0x00f0\.\.0x01c0.*--trip 0x01c0=N/s);
  });

  it("refuses a malformed --trip, a scenario together with --sass, and neither", async () => {
    expect((await cli("run", "--sass", LISTING, "--trip", "0x1c0")).stderr).toMatch(/ADDRESS=TRIPS/);
    expect((await cli("run", "scenarios/single-warp-807.yaml", "--sass", LISTING)).code).toBe(1);
    expect((await cli("run")).stderr).toMatch(/needs a scenario file or --sass/);
  });

  it("lists the kernels of a listing, and decodes one with the flags its branches need", async () => {
    const list = await cli("sass", LISTING);
    expect(list.stdout).toMatch(/9 kernels/);
    expect(list.stdout).toMatch(/grid_stride_sum\s+88 instructions, 2 loops/);
    const one = await cli("sass", LISTING, "--kernel", "ldg_imad");
    expect(one.stdout).toMatch(/\/\*0070\*\/ \[B0-----:R-:W-:Y:S01\] ISETP\.GE\.AND P0, PT, R10, 0x1, PT/);
    expect(one.stdout).toMatch(/@!P0 BRA 0xf0 +# loop 0x00f0\.\.0x01c0: --trip 0x01c0=N/);
    expect((await cli("sass", LISTING, "--kernel", "nope")).stderr).toMatch(/no kernel nope; its kernels: ldg_imad/);
  });
});

describe("bank conflicts derived from a listing", () => {
  const HELDOUT = "validation/sass/heldout/heldout.sass";
  const gemm = ["run", "--sass", HELDOUT, "--kernel", "gemm_tc", "--trip", "0x0600=2", "--trip", "0x0a00=2", "--taken", "0x00c0=1", "--memory", "l2", "--format", "json"];

  it("says which accesses conflict, and --conflicts ADDRESS=1 overrides one", async () => {
    const derived = await cli(...gemm);
    expect(derived.code).toBe(0);
    // Hand-derived (test/sass/bank-conflicts.test.ts): A tiles' LDSM 4-way, B tiles' 8-way.
    expect(derived.stderr).toMatch(/0x07b0 LDSM 16 \(conflict-free 4\), 0x07c0 LDSM 32 \(conflict-free 4\)/);
    const free = ["0x07b0", "0x07c0", "0x07d0", "0x0840", "0x0900", "0x0910", "0x0920", "0x0980"].flatMap((a) => ["--conflicts", `${a}=1`]);
    const overridden = await cli(...gemm, ...free);
    expect(overridden.stderr).not.toMatch(/bank conflicts derived/);
    expect(JSON.parse(overridden.stdout).sm.cycles).toBeLessThan(JSON.parse(derived.stdout).sm.cycles);
  });

  it("warpsim sass annotates each shared-memory access with its wavefronts", async () => {
    const gemm = await cli("sass", HELDOUT, "--kernel", "gemm_tc");
    expect(gemm.stdout).toMatch(/\/\*07b0\*\/.*LDSM\.16\.M88\.4 R24, \[R24\] +# 16 wavefronts: bank conflicts \(conflict-free 4\)/);
    // The stencil's 16x16 block: rows of 18 floats, 2-way; read as 256 threads along x, conflict-free.
    expect((await cli("sass", HELDOUT, "--kernel", "stencil2d", "--block-dim", "16,16")).stdout).toMatch(/LDS R4, \[R19\+0x4\] +# 2 wavefronts: bank conflicts/);
    expect((await cli("sass", HELDOUT, "--kernel", "stencil2d", "--block-dim", "256")).stdout).toMatch(/LDS R4, \[R19\+0x4\] +# 1 wavefront$/m);
  });

  it("refuses a malformed --block-dim, and one that is not --threads threads", async () => {
    expect((await cli("run", "--sass", HELDOUT, "--kernel", "stencil2d", "--block-dim", "16x0")).stderr).toMatch(/X\[,Y\[,Z\]\].*found "16x0"/);
    const r = await cli("run", "--sass", HELDOUT, "--kernel", "stencil2d", "--threads", "256", "--block-dim", "16,8");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/program\.blockDim: expected a block shape of launch\.threadsPerBlock = 256 threads \(x \* y \* z\), found \[16, 8\]: 128 threads/);
  });
});

describe("what-if on a real kernel", () => {
  it("sweeps launch shapes over one SASS listing (occupancy on a real kernel)", async () => {
    const { scratchDir, writeScenario } = await import("./cli-helper.js");
    const { resolve } = await import("node:path");
    const dir = scratchDir();
    const file = writeScenario(
      dir,
      "sweep.yaml",
      [
        "launch: { threadsPerBlock: 128, blocks: 1, registersPerThread: 16 }",
        "memory: { level: l2 }",
        `program: { sass: ${JSON.stringify(resolve(LISTING))}, kernel: ldg_imad, trips: { "0x01c0": 16 } }`,
        'sweep: { launch.threadsPerBlock: [128, 512] }',
      ].join("\n"),
    );
    const r = await cli("sweep", file, "--jobs", "1");
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split("\n").slice(1);
    // 1 and 4 warps per scheduler; each warp issues the same instructions (16 trips).
    expect(rows.map((row) => row.split(",")[3])).toEqual(["1", "4"]);
    const inst = rows.map((row) => Number(row.split(",")[7]));
    expect(inst[1]).toBe(4 * inst[0]);
  });
});

describe("the listing's architecture", () => {
  it("runs a listing on the preset it was compiled for unless --arch says otherwise", async () => {
    const args = ["run", "--sass", "validation/sass/robustness/sm_80.sass", "--kernel", "nested", "--default-trips", "4", "--registers", "32"];
    expect((await cli(...args)).stdout).toMatch(/\(sm_80, /);
    expect((await cli(...args, "--arch", "sm_90")).stdout).toMatch(/\(sm_90, /);
  });
});

describe("warpsim sass --grid --block --args: the kernel's own arithmetic decides its control flow", () => {
  it("grid_stride_sum on SM 0 (4 warps, n = 132 x 128 x 64): 320 issues per warp as ncu counted, the unrolled loop 16 trips", async () => {
    // ncu: smsp__inst_executed.sum 168,960 over 132 x 4 warps = 320 (validation/sass/data/summary.csv).
    const r = await cli("sass", LISTING, "--kernel", "grid_stride_sum", "--grid", "132", "--block", "128", "--args", "ptr:32MiB, ptr:32MiB, i32:1081344");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/blocks 0; 4 warps/);
    expect(r.stdout).toMatch(/warp-instructions per warp: 320\n/);
    expect(r.stdout).toMatch(/--trip 0x0460=16 --taken 0x0280=1/);
  });

  it("--cache warm: data that fits the L2 is there at launch; cold (the default, ncu's flush) it is read from DRAM", async () => {
    // grid_stride_sum reads each of its 1,081,344 floats (4.1 MiB) once: cold, every sector's
    // first read misses; warm, all of it is in the 50 MB L2.
    const run = async (...cache: string[]) => JSON.parse((await cli("run", "--sass", LISTING, "--kernel", "grid_stride_sum", "--grid", "132", "--block", "128", "--args", "ptr:32MiB, ptr:32MiB, i32:1081344", ...cache, "--format", "json")).stdout).memory;
    expect((await run()).l2ReadHitRate).toBe(0);
    expect((await run("--cache", "warm")).l2ReadHitRate).toBe(1);
    expect((await cli("run", "--sass", LISTING, "--cache", "hot")).stderr).toMatch(/cold, warm/);
  });

  it("an out-of-range bound check: every warp leaves at the first branch's target", async () => {
    const r = await cli("sass", LISTING, "--kernel", "grid_stride_sum", "--grid", "132", "--block", "128", "--args", "ptr:32MiB, ptr:32MiB, i32:0");
    expect(r.stdout).toMatch(/warp-instructions per warp: 18\n/);
  });

  it("bad input names the argument or the parameter bytes left unfilled, and exits 1", async () => {
    const short = await cli("sass", LISTING, "--kernel", "grid_stride_sum", "--grid", "132", "--block", "128", "--args", "ptr:32MiB, i32:5");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/reads c\[0x0\]\[0x220\] \(parameter bytes 16\.\.19\), past the 12 bytes its 2 arguments fill/);
    const typeless = await cli("sass", LISTING, "--kernel", "grid_stride_sum", "--grid", "132", "--block", "128", "--args", "32MiB, 32MiB, 5");
    expect(typeless.stderr).toMatch(/argument 1: expected a type before the value/);
    const noBlock = await cli("sass", LISTING, "--kernel", "grid_stride_sum", "--grid", "132");
    expect(noBlock.stderr).toMatch(/needs both --grid X\[,Y,Z\] and --block/);
    const noKernel = await cli("sass", LISTING, "--grid", "132");
    expect(noKernel.stderr).toMatch(/--grid and --args need --kernel NAME/);
  });
});

describe("warpsim run --sass with a launch and arguments: no trip count given", () => {
  it("ldg_imad at 8 warps issues what ncu counted (28,808 on the SM), as with --trip 0x01c0=256", async () => {
    const r = await cli("run", "--sass", LISTING, "--kernel", "ldg_imad", "--grid", "132", "--block", "256", "--args", "ptr:256MiB,ptr:256MiB,i32:256,i32:1048575", "--memory", "l2", "--format", "json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).sm.instExecuted).toBe(28808);
    expect(r.stderr).toMatch(/each warp follows its own path, from running the kernel's arithmetic on the blocks of SM 0, or of a typical SM/);
  });

  it("grid_stride_sum's unrolled loop and its skipped remainder come from n: 320 per warp, 1,280 for 4 warps", async () => {
    const r = await cli("run", "--sass", LISTING, "--kernel", "grid_stride_sum", "--grid", "132", "--block", "128", "--args", "ptr:32MiB,ptr:32MiB,i32:1081344", "--format", "json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).sm.instExecuted).toBe(1280);
  });

  it("a trip given by hand wins over what execution found (the declared model then runs, filled in by execution)", async () => {
    const r = await cli("run", "--sass", LISTING, "--kernel", "ldg_imad", "--grid", "132", "--block", "256", "--args", "ptr:256MiB,ptr:256MiB,i32:256,i32:1048575", "--trip", "0x01c0=10", "--format", "json");
    expect(JSON.parse(r.stdout).sm.instExecuted).toBeLessThan(28808 / 10);
    expect(r.stderr).toMatch(/--trip\/--taken given: .*\(3601\.0 instructions per warp; trips 0x01c0 256\)/);
  });

  it("a scenario runs the kernel from program.args and program.grid, its blocks from the grid", async () => {
    const dir = scratchDir();
    const file = join(dir, "ldg.yaml");
    writeFileSync(file, `arch: sm_90\nlaunch: { threadsPerBlock: 256, registersPerThread: 14 }\nmemory: { level: l2 }\nprogram:\n  sass: ${join(process.cwd(), LISTING)}\n  kernel: ldg_imad\n  args: "ptr:256MiB, ptr:256MiB, i32:256, i32:1048575"\n  grid: [264]\n`);
    const r = await cli("run", file, "--format", "json");
    expect(r.code).toBe(0);
    // 264 blocks: SM 0 runs blocks 0 and 132, 8 warps each of 3,601 instructions.
    expect(JSON.parse(r.stdout).sm.instExecuted).toBe(2 * 28808);
  });

  it("a scenario that gives both declared trips and args is refused, naming the field", async () => {
    const dir = scratchDir();
    const file = join(dir, "both.yaml");
    writeFileSync(file, `launch: { threadsPerBlock: 256 }\nprogram:\n  sass: ${join(process.cwd(), LISTING)}\n  kernel: ldg_imad\n  args: "ptr:1MiB, ptr:1MiB, i32:256, i32:7"\n  grid: [132]\n  trips: { "0x01c0": 4 }\n`);
    const r = await cli("run", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/field program\.trips: expected either declared trips and shares, or args and grid/);
  });
});

describe("sweeping a kernel's arguments and grid", () => {
  it("varies one argument of a list and the grid: the trips follow the argument, the SM's blocks the grid", async () => {
    const dir = scratchDir();
    const file = join(dir, "ldg.yaml");
    writeFileSync(file, `launch: { threadsPerBlock: 256, registersPerThread: 14 }\nmemory: { level: l2 }\nprogram:\n  sass: ${join(process.cwd(), LISTING)}\n  kernel: ldg_imad\n  args: [ptr:256MiB, ptr:256MiB, i32:64, i32:1048575]\n  grid: [132]\n`);
    const r = await cli("sweep", file, "--vary", "program.args.2=i32:16,i32:32", "--vary", "program.grid.0=132,264", "--jobs", "1");
    expect(r.code).toBe(0);
    const rows: Record<string, string>[] = parse(r.stdout, { columns: true });
    const [a, b, c, d] = rows.map((row) => Number(row.inst_executed));
    // ldg_imad's loop (0x00f0..0x01c0) is 14 instructions a trip: iters 16 -> 32 adds 16 trips
    // to each of the block's 8 warps; 264 blocks give SM 0 two blocks (0 and 132) instead of one.
    expect(c - a).toBe(8 * 16 * 14);
    expect(b).toBe(2 * a);
    expect(d).toBe(2 * c);
  });
});

describe("an access outside every buffer the arguments give", () => {
  it("is an error naming the lane, warp, block, instruction, address and the buffers, not a silent run", async () => {
    // stream_saxpy walks x over 132 x 128 x 64 floats (4.3 MB): a 1 MiB buffer is too small.
    const args = ["--kernel", "stream_saxpy", "--grid", "132", "--block", "128", "--args", "ptr:1MiB,ptr:32MiB,f32:1.5,i32:1081344"];
    for (const command of ["sass", "run"]) {
      const r = await cli(command, ...(command === "run" ? ["--sass"] : []), LISTING, ...args);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/lane 0 of warp 0 of block 0 accesses 0x7f0000108000 at \/\*0100\*\/ LDG\.E\.CONSTANT R6, desc\[UR4\]\[R4\.64\] \(line 1075\), outside every buffer the arguments give \(argument 1: 0x7f0000000000\.\.0x7f0000100000/);
    }
  });
});

describe("explain and report take --sass with the same flags as run", () => {
  const flags = ["--sass", LISTING, "--kernel", "ldg_imad", "--grid", "132", "--block", "256", "--args", "ptr:256MiB,ptr:256MiB,i32:256,i32:1048575", "--memory", "l2"];

  it("explain reads a kernel run from its arguments: the lone warp's rate bounds the run it explains", async () => {
    const r = await cli("explain", ...flags, "--format", "json");
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    // 8 warps of one block, about 2 per scheduler: latency-bound, the prediction is the warps
    // the run provides times the lone warp's rate (Little's law).
    expect(e.limiter).toBe("latency");
    expect(e.predicted).toBeCloseTo(e.simulated.warpsPerScheduler * e.loneWarp.issueRate, 10);
  });

  it("report writes its page from --sass, showing the scenario the flags made", async () => {
    const out = join(scratchDir(), "r.html");
    const r = await cli("report", ...flags, "--html", out);
    expect(r.code).toBe(0);
    const html = readFileSync(out, "utf8");
    expect(html).toMatch(/ldg_imad/);
    expect(html).toMatch(/1048575/);
  });

  it("neither a scenario nor --sass, or both, is refused", async () => {
    expect((await cli("explain")).stderr).toMatch(/warpsim explain needs a scenario file or --sass FILE/);
    expect((await cli("report", "scenarios/single-warp-807.yaml", "--sass", LISTING, "--html", "/dev/null")).stderr).toMatch(/give a scenario file or --sass, not both/);
  });
});

describe("registers and static shared memory: flags, pasted cuobjdump -res-usage lines, defaults", () => {
  // smem_tile declares `__shared__ float tile[1024]` (4,096 bytes); ptxas -v (CUDA 12, sm_90) says
  // "Used 31 registers, used 1 barriers, 4096 bytes smem". Launch: 128 threads, 32 blocks.
  const RUN = ["--kernel", "smem_tile", "--default-trips", "2", "--threads", "128", "--blocks", "32", "--format", "json"];
  const occupancy = (stdout: string) => JSON.parse(stdout).occupancy.theoretical;

  it("takes REG and SHARED from -res-usage lines pasted above the SASS, and says so", async () => {
    // Synthetic usage, to move both limits: 40 registers x 32 lanes x 4 warps = 5,120 per block,
    // 65,536 / 5,120 -> 12 blocks; 100,000 + 1,024 reserved bytes, rounded up to 128 = 101,120 per
    // block, 233,472 / 101,120 -> 2 blocks (sm_90: 228 KiB per SM, 1 KiB reserved per block).
    const dir = scratchDir();
    const file = join(dir, "with-usage.sass");
    const usage = "Resource usage:\n Common:\n  GLOBAL:0\n Function smem_tile:\n  REG:40 STACK:0 SHARED:100000 LOCAL:0 CONSTANT[0]:552 TEXTURE:0 SURFACE:0 SAMPLER:0\n";
    writeFileSync(file, usage + readFileSync(LISTING, "utf8"));
    const r = await cli("run", "--sass", file, ...RUN);
    expect(r.code).toBe(0);
    const occ = occupancy(r.stdout);
    expect(occ.limits.registers).toBe(12);
    expect(occ.limits.shared_memory).toBe(2);
    expect(occ.blocksPerSm).toBe(2);
    expect(r.stderr).toMatch(/registers per thread: 40 \(REG of the listing's cuobjdump -res-usage lines\)/);
    expect(r.stderr).toMatch(/static shared memory: 100000 bytes per block/);
  });

  it("--static-shared gives the __shared__ bytes; without it or -res-usage lines a note says 0 was assumed", async () => {
    const given = await cli("run", "--sass", LISTING, ...RUN, "--static-shared", "4096");
    expect(given.code).toBe(0);
    // 4,096 + 1,024 reserved = 5,120 bytes per block; 233,472 / 5,120 -> 45 blocks.
    expect(occupancy(given.stdout).sharedMemPerBlockBytes).toBe(5120);
    expect(occupancy(given.stdout).limits.shared_memory).toBe(45);
    expect(given.stderr).not.toMatch(/0 bytes of static shared memory assumed/);
    const assumed = await cli("run", "--sass", LISTING, ...RUN);
    expect(occupancy(assumed.stdout).sharedMemPerBlockBytes).toBe(1024);
    expect(assumed.stderr).toMatch(/accesses shared memory.*0 bytes of static shared memory assumed.*--static-shared BYTES/);
  });
});

describe("warpsim sweep --sass", () => {
  it("varies one argument of a kernel run from its listing: tail_stride's trips follow n", async () => {
    // tail_stride at grid 264 x 256: stride 67,584; SM 0 runs blocks 0 and 132 (16 warps). n = 67,584
    // gives every thread 1 trip, n = 200,003 gives 3 (i + 2 x 67,584 < 200,003 for every i of both
    // blocks). Per warp: 40 instructions to the loop (0x0000-0x0270), 9 per trip of the remainder
    // loop (0x0280-0x0300; the 4-way unrolled loop is skipped below 4 trips), then BSYNC and EXIT:
    // 51 and 69, x 16 warps = 816 and 1,104.
    const r = await cli(
      "sweep", "--sass", "validation/exec/kernels.sass", "--kernel", "tail_stride", "--grid", "264", "--block", "256",
      "--args", "ptr:4MiB, i32:200003", "--vary", "program.args.1=i32:67584,i32:200003", "--format", "json",
    );
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(rows.map((row) => [row["program.args.1"], row.inst_executed])).toEqual([["i32:67584", 816], ["i32:200003", 1104]]);
    // Each row is what `run --sass` gives for that argument alone.
    const alone = await cli("run", "--sass", "validation/exec/kernels.sass", "--kernel", "tail_stride", "--grid", "264", "--block", "256", "--args", "ptr:4MiB, i32:200003", "--format", "json");
    expect(JSON.parse(alone.stdout).sm.activeCycles).toBe(rows[1].active_cycles);
  });

  it("needs a scenario or --sass, not both", async () => {
    expect((await cli("sweep")).stderr).toMatch(/warpsim sweep needs a scenario file or --sass FILE/);
    expect((await cli("sweep", "scenarios/single-warp-807.yaml", "--sass", LISTING)).stderr).toMatch(/not both/);
  });
});

describe("warpsim compare --sass (validation/exec/profile.sh: ncu raw page and cuobjdump -res-usage on the H100)", () => {
  const TAIL = ["--sass", "validation/exec/kernels.sass", "--kernel", "tail_stride", "--grid", "264", "--block", "256", "--args", "ptr:4MiB, i32:200003"];

  it("puts the profile's launch beside the run that --sass and its flags make", async () => {
    const r = await cli("compare", "--ncu", "validation/exec/data/profile.raw.csv", ...TAIL, "--format", "json");
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout).rows as { metric: string; measured: number; simulated: number }[];
    const active = rows.find((row) => row.metric === "SM Active Cycles")!;
    // profile.raw.csv, launch 0 (tail_stride), sm__cycles_active.avg.
    expect(active.measured).toBeCloseTo(2954.818182, 6);
    const alone = await cli("run", ...TAIL, "--format", "json");
    expect(active.simulated).toBe(JSON.parse(alone.stdout).cycles);
  });

  it("reads the registers of real -res-usage output pasted above the listing", async () => {
    const usage = readFileSync("validation/exec/data/res-usage.txt", "utf8");
    const dir = scratchDir();
    const file = join(dir, "with-usage.sass");
    writeFileSync(file, usage + readFileSync("validation/exec/kernels.sass", "utf8"));
    const r = await cli("run", ...TAIL.map((a) => (a === "validation/exec/kernels.sass" ? file : a)), "--format", "json");
    expect(r.code).toBe(0);
    // res-usage.txt: tail_stride REG:24 SHARED:0.
    expect(r.stderr).toMatch(/registers per thread: 24 \(REG of the listing's cuobjdump -res-usage lines\)/);
    expect(r.stderr).not.toMatch(/static shared memory/);
  });
});

describe("warpsim compare --sass from addresses (validation/memory/data/ncu_raw.csv, caches flushed)", () => {
  it("puts the memory system's counters beside the profile's: sgemm_naive without padding, its third launch", async () => {
    const args = ["--sass", "validation/memory/kernels.sass", "--kernel", "sgemm_naive", "--grid", "32,32", "--block", "16,16", "--args", "ptr:1MiB,ptr:1MiB,ptr:1MiB,i32:512"];
    const r = await cli("compare", "--ncu", "validation/memory/data/ncu_raw.csv", ...args, "--launch", "2", "--format", "json");
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout).rows as { metric: string; measured: number; simulated: number }[];
    const row = (m: string) => rows.find((x) => x.metric === m)!;
    // ncu_raw.csv, launch 30 (sgemm_naive, no dynamic shared memory): 88.33% and 87.05%, 2,102,784 bytes.
    expect(row("L1 Hit Rate of Global Loads").measured).toBeCloseTo(0.8833, 6);
    expect(row("L2 Hit Rate of Reads").measured).toBeCloseTo(0.8705, 6);
    expect(row("DRAM Bytes Read (GPU)").measured).toBe(2_102_784);
    const run = JSON.parse((await cli("run", ...args, "--format", "json")).stdout);
    expect(row("L1 Hit Rate of Global Loads").simulated).toBe(run.memory.l1LoadHitRate);
    expect(row("DRAM Bytes Read (GPU)").simulated).toBe(run.memory.dramReadBytes * 132);
  });
});
