// Markdown blocks that need more than one command's output: each runs warpsim and formats
// the numbers it printed. Used by tools/docs/sync.mjs.
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { parseScenario, simulate } from "../../dist/index.js";
import { configOf, readValidationData, summarize } from "../../dist/run/validate.js";
import { BENCH_SASS_FIXTURES, benchRowScenario } from "../../dist/run/bench-sass.js";
import { readSassFixtures } from "../../dist/run/sass-fixtures.js";
import { impliedTails } from "../../dist/run/memory-tails.js";
import { readerBeside } from "../../dist/scenario/load.js";
import { probeRows } from "../../dist/run/probe-loops.js";
import { readNcuExport } from "../../dist/ncu/read-export.js";
import { readSourcePage } from "../../dist/ncu/read-source-page.js";
import { MEMORY_VALIDATION_TARGETS, formatValidationTable } from "../../dist/report/validation-report.js";
import { writeBackShare } from "../../dist/sm/memory/l2-write-back.js";

/** Issue utilization of an SM row in `warpsim run --format json`. */
async function issueActive(warpsim, file) {
  return JSON.parse(await warpsim(["run", file, "--format", "json"])).sm.issueActive;
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
/** warpsim's figure and its error against the measured one: "102.3 (+1.2%)". */
const withError = (r) => `${r.predicted.toFixed(1)} (${r.predicted >= r.measured ? "+" : ""}${pct(r.predicted / r.measured - 1)})`;
/** Warps per issue in `state` of one launch of an Nsight Compute raw export. */
const ncuStall = (launch, state) => launch.values.get(`smsp__average_warps_issue_stalled_${state}_per_issue_active.ratio`);
/** The launches of an Nsight Compute raw export (ncu --csv --page raw). */
const ncuLaunches = (file) => readNcuExport(readFileSync(file, "utf8"), file);

/**
 * A Source page's warp-state samples in all, its instructions per warp (every warp issues the
 * first once), and a warp's life in cycles from the same launch's raw page (latency per issue).
 */
function warpLife(page, launch) {
  const samples = page.instructions.reduce((a, i) => a + Object.values(i.samples).reduce((x, y) => x + y, 0), 0);
  const perWarp = page.instructions.reduce((a, i) => a + i.executed, 0) / page.instructions[0].executed;
  return { samples, perWarp, lifetime: launch.values.get("smsp__average_warp_latency_per_inst_issued.ratio") * perWarp };
}

/** Markdown rows of validate's error summary for each [name, validation rows] group. */
function errorTable(first, groups) {
  const lines = [`| ${first} | rows | issue active MAE (points) | worst (points) | eligible MRE | active cycles MAPE | dominant stall |`, "| --- | --- | --- | --- | --- | --- | --- |"];
  for (const [name, rows] of groups) {
    const s = summarize(rows);
    lines.push(`| ${name} | ${s.rows} | ${s.issueActiveMaePoints.toFixed(2)} | ${s.issueActiveWorstPoints.toFixed(2)} | ${pct(s.warpsEligibleMre)} | ${pct(s.cyclesActiveMape)} | ${s.dominantStallMatches} of ${s.rows} |`);
  }
  return lines;
}

/** The memory families' baselines, computed once per process (memory-families appears twice). */
let baselines;

export const BLOCKS = {
  /**
   * docs/source-view.md: per fixture, how the simulated per-instruction account agrees with the
   * H100's Source page: the share of the samples on the H100's five hottest instructions and
   * the simulated share on the same five, how many of them are also warpsim's five hottest, and
   * the instruction that disagrees most.
   */
  async "source-agreement"(warpsim) {
    const manifest = readFileSync("validation/exec/data/manifest.txt", "utf8").trim().split("\n").map((l) => l.split(/\s+/));
    const lines = ["| kernel | samples | H100's top 5: share measured | same 5: share simulated | also in warpsim's top 5 | largest disagreement |", "| --- | --- | --- | --- | --- | --- |"];
    for (const [, kernel, grid, block, args] of manifest) {
      const json = JSON.parse(await warpsim(["compare", "--source", `validation/exec/source/source-${kernel}.csv`, "--sass", "validation/exec/kernels.sass", "--kernel", kernel, "--grid", grid, "--block", block, "--args", args, "--format", "json"]));
      const top = (key) => [...json.rows].sort((a, b) => b[key] - a[key] || a.offset - b.offset).slice(0, 5);
      const measuredTop = top("measuredShare");
      const simulatedTop = new Set(top("simulatedShare").map((r) => r.offset));
      const sum = (rows, key) => rows.reduce((a, r) => a + r[key], 0);
      const worst = json.rows[0];
      const text = worst.text.replace(/^\/\*[0-9a-f]+\*\/\s*/i, "");
      lines.push(`| ${kernel} | ${json.samples} | ${pct(sum(measuredTop, "measuredShare"))} | ${pct(sum(measuredTop, "simulatedShare"))} | ${measuredTop.filter((r) => simulatedTop.has(r.offset)).length} of 5 | \`${text}\` ${pct(worst.measuredShare)} against ${pct(worst.simulatedShare)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /**
   * docs/memory.md: the atomic-lines probe (validation/microbench/atomic-lines-probe): the
   * H100's SM cycles per warp-level RED as the atomics crowd onto fewer lines, and warpsim's
   * from the same listing and arguments.
   */
  async "atomic-lines"(warpsim) {
    const dir = "validation/microbench/atomic-lines-probe";
    const launches = ncuLaunches(`${dir}/ncu_raw.csv`);
    const manifest = readFileSync(`${dir}/manifest.txt`, "utf8").trim().split("\n").map((l) => l.split(/\s+/));
    const lines = ["| words | 128-byte lines | REDs per warp | L2 requests per RED (H100) | H100: SM cycles per RED | warpsim | warpsim / H100 |", "| --- | --- | --- | --- | --- | --- | --- |"];
    for (const [i, [, kernel, grid, block, args]] of manifest.entries()) {
      const [, words, iters] = args.split(",").map((a) => Number(a.split(":")[1]));
      const launch = launches[i];
      const reds = Number(iters) * Math.ceil(Number(block) / 32) * (Number(grid) / 132);
      const h100 = launch.values.get("sm__cycles_active.avg") / reds;
      const requests = launch.values.get("lts__t_requests_op_red.sum") / (Number(iters) * Number(grid) * Math.ceil(Number(block) / 32));
      const run = JSON.parse(await warpsim(["run", "--sass", `${dir}/sass.txt`, "--kernel", kernel, "--grid", grid, "--block", block, "--args", args, "--format", "json"]));
      const sim = run.cycles / reds;
      lines.push(`| ${words} | ${words < 32 ? `${(words * 4) / 32} sector` : words / 32} | ${iters} | ${requests.toFixed(1)} | ${h100.toFixed(0)} | ${sim.toFixed(0)} | ${(sim / h100).toFixed(2)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /**
   * docs/validation.md: each execution fixture's warps waiting for their first instruction on
   * the H100 (the Source page's no_instruction samples on the instruction at offset 0, as a
   * share of all samples, times the warp-cycles per warp from the same report's raw page) and in warpsim.
   */
  async "entry-wait"(warpsim) {
    // The same report as the Source pages (validation/exec/source.sh): its raw page.
    const launches = ncuLaunches("validation/exec/source/source.raw.csv");
    const manifest = readFileSync("validation/exec/data/manifest.txt", "utf8").trim().split("\n").map((l) => l.split(/\s+/));
    const lines = ["| kernel | grid x block | instructions per warp | warp-cycles per warp (H100) | first instruction's no_instruction, H100 (cycles a warp) | warpsim (cycles a warp) |", "| --- | --- | --- | --- | --- | --- |"];
    for (const [, kernel, grid, block, args] of manifest) {
      const file = `validation/exec/source/source-${kernel}.csv`;
      const [page] = readSourcePage(readFileSync(file, "utf8"), file);
      const { samples, perWarp, lifetime } = warpLife(page, launches.find((l) => l.kernel === kernel));
      const h100 = (page.instructions[0].samples.no_instruction / samples) * lifetime;
      const csv = await warpsim(["run", "--sass", "validation/exec/kernels.sass", "--kernel", kernel, "--grid", grid, "--block", block, "--args", args, "--per-instruction", "--format", "csv"]);
      const first = parse(csv, { columns: true }).find((r) => r.pc === "0");
      const simulated = Number(first.no_instruction) / Number(first.executed);
      lines.push(`| ${kernel} | ${grid} x ${block} | ${perWarp.toFixed(1)} | ${lifetime.toFixed(0)} | ${h100.toFixed(0)} | ${simulated.toFixed(0)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /**
   * docs/validation.md: where a new warp's time goes at the kernel's first instruction, from the
   * corpus's Source pages (validation/corpus/source.sh) beside warpsim's per-instruction account:
   * cycles a warp in each state, the warp's life from the raw page's latency per instruction.
   */
  async "corpus-first-instruction"(warpsim) {
    const launches = ncuLaunches("validation/corpus/source/raw.csv");
    // The launches as capture.sh printed them (ncu's own output breaks into source.sh's copy).
    const manifest = readdirSync("validation/corpus/data", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readFileSync(`validation/corpus/data/${d.name}/manifest.txt`, "utf8").trim().split("\n"))
      .map((l) => l.split(","));
    const states = ["not_selected", "dispatch_stall", "mio_throttle", "no_instruction"];
    const lines = [
      `| kernel | warp-cycles per warp (H100) | first instruction, H100: ${states.join(" / ")} (cycles a warp) | warpsim |`,
      "| --- | --- | --- | --- |",
    ];
    for (const kernel of ["philox_like", "radix_decode", "im2col3x3", "rope", "stencil5_smem", "blur_row17", "smem_stride2", "syncwarp_reduce"]) {
      const file = `validation/corpus/source/source-${kernel}.csv`;
      const [page] = readSourcePage(readFileSync(file, "utf8"), file);
      const { samples, lifetime } = warpLife(page, launches.find((l) => l.kernel === kernel));
      const h100 = states.map((s) => (((page.instructions[0].samples[s] ?? 0) / samples) * lifetime).toFixed(0));
      // MANIFEST,index,kernel,gridX,gridY,blockX,blockY,dynamicShared,args...,sizeof(arg) (capture.sh's launches)
      const m = manifest.find((f) => f[2] === kernel);
      const csv = await warpsim(["run", "--sass", "validation/corpus/kernels.sass", "--kernel", kernel, "--grid", `${m[3]},${m[4]}`, "--block", `${m[5]},${m[6]}`, "--args", m.slice(8, -1).join(","), "--per-instruction", "--format", "csv"]);
      const first = parse(csv, { columns: true }).find((r) => r.pc === "0");
      const simulated = states.map((s) => (Number(first[s]) / Number(first.executed)).toFixed(0));
      lines.push(`| ${kernel} | ${lifetime.toFixed(0)} | ${h100.join(" / ")} | ${simulated.join(" / ")} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** README: SM issue utilization of the bundled latency-hiding scenarios. */
  async "latency-hiding-table"(warpsim) {
    const warps = [1, 2, 4, 8, 12, 16];
    const lines = [`| warps per scheduler | ${warps.join(" | ")} |`, `| --- |${warps.map(() => " --- |").join("")}`];
    for (const ilp of [1, 4]) {
      const cells = [];
      for (const w of warps) cells.push(pct(await issueActive(warpsim, `scenarios/latency-hiding/ilp${ilp}-w${w}.yaml`)));
      lines.push(`| ILP ${ilp} | ${cells.join(" | ")} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/validation.md: the micro family's errors by kernel and level. */
  async "micro-groups"(warpsim) {
    const { rows } = JSON.parse(await warpsim(["validate", "--family", "micro", "--format", "json"]));
    const groups = [
      ["fma_chain", (r) => r.key.kernel === "fma_chain"],
      ["ld_chain dram", (r) => r.key.kernel === "ld_chain" && r.key.variant === "dram"],
      ["ld_chain l2", (r) => r.key.kernel === "ld_chain" && r.key.variant === "l2"],
      ["**all**", () => true],
    ];
    return errorTable("group", groups.map(([name, keep]) => [name, rows.filter(keep)])).join("\n") + "\n";
  },

  /** docs/validation.md: the latency tails as src/run/memory-tails.ts derives them. */
  async "memory-tails"() {
    const { estimates, tail } = impliedTails(readValidationData("validation/h100/data/summary.csv"));
    const lines = ["| level | K | F | W | H100 cycles per trip | warpsim, no tail | implied tail |", "| --- | --- | --- | --- | --- | --- | --- |"];
    for (const e of estimates) lines.push(`| ${e.level} | ${e.K} | ${e.F} | ${e.warpsPerSm} | ${e.measuredPerTrip.toFixed(1)} | ${e.untailedPerTrip.toFixed(1)} | ${e.impliedTail.toFixed(1)} |`);
    lines.push("", `Mean implied tail: L2 ${tail.l2} cycles, DRAM ${tail.dram} cycles.`);
    return lines.join("\n") + "\n";
  },

  /**
   * docs/validation.md and docs/memory.md: the families run from their arguments, memory from
   * the accesses' addresses (issue 29), beside the same rows at the old default load latency.
   */
  async "memory-families"(warpsim) {
    const { baselineMape } = await import("../../validation/memory/baseline.mjs");
    baselines ??= new Map();
    const lines = [
      "| family | rows | active cycles MAPE | before (uniform 400-800) | issue active MAE (points) | dominant stall | L1 load hit MAE (points) | L2 read hit MAE (points) | DRAM bytes read MAPE |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ];
    for (const family of ["memory", "sass-args", "heldout-args"]) {
      const { summary: s } = JSON.parse(await warpsim(["validate", "--family", family, "--format", "json"]));
      const m = s.memory;
      lines.push(
        `| ${family} | ${s.rows} | ${pct(s.cyclesActiveMape)} | ${pct(baselines.get(family) ?? baselines.set(family, baselineMape(family)).get(family))} | ${s.issueActiveMaePoints.toFixed(2)} | ${s.dominantStallMatches} of ${s.rows} | ${m.l1HitMaePoints.toFixed(1)} | ${m.l2HitMaePoints.toFixed(1)} | ${m.dramReadMape === null || Number.isNaN(m.dramReadMape) ? "n/a" : pct(m.dramReadMape)} |`,
      );
    }
    return lines.join("\n") + "\n";
  },

  /** README: the worked example's kernel beside its H100 measurement (validation/memory/data/summary.csv). */
  async "memory-example"(warpsim) {
    const row = parse(readFileSync("validation/memory/data/summary.csv", "utf8"), { columns: true }).find((r) => r.kernel === "sgemm_naive" && r.dyn_smem_bytes === "0");
    const run = JSON.parse(await warpsim(["run", "--sass", "validation/memory/kernels.sass", "--kernel", "sgemm_naive", "--grid", row.grid, "--block", row.block, "--args", row.args, "--format", "json"]));
    const m = run.memory;
    const cells = [
      ["active cycles, mean over the SMs (sm__cycles_active.avg)", Number(row["sm__cycles_active.avg"]).toFixed(0), (run.gpu?.meanSmActiveCycles ?? run.cycles).toFixed(0)],
      ["issue active", pct(Number(row.d_issue_active_per_active_cycle)), pct(run.sm.issueActive)],
      ["L1 hit rate of global loads", `${Number(row["l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct"]).toFixed(1)}%`, pct(m.l1LoadHitRate)],
      ["L2 hit rate of reads", `${Number(row["lts__t_sector_op_read_hit_rate.pct"]).toFixed(1)}%`, pct(m.l2ReadHitRate)],
      ["DRAM bytes read per SM", (Number(row["dram__bytes_read.sum"]) / 132).toFixed(0), String(m.dramReadBytes)],
    ];
    return ["| | H100 (ncu, caches flushed) | warpsim |", "| --- | --- | --- |", ...cells.map((c) => `| ${c.join(" | ")} |`)].join("\n") + "\n";
  },

  /** docs/async.md: the HGMMA and copy probes from their listing beside the H100's (validation/async/data/probes.txt). */
  /**
   * docs/async.md: bulk and TMA stores (validation/async/store_probe.cu): cycles per trip of a
   * store and its wait from the probe's listing (400 trips less 200: the set-up cancels), and
   * every SM streaming stores to DRAM, beside the H100.
   */
  async "store-probes"(warpsim) {
    const dir = "validation/async";
    const measured = new Map();
    for (const line of readFileSync(`${dir}/data/store-probe.txt`, "utf8").split("\n")) {
      const m = /^PROBE store mode=(\w+) bytes=(\d+) cycles_per_iter=([\d.]+)/.exec(line);
      if (m) measured.set(`${m[1]} ${m[2]}`, Number(m[3]));
    }
    const run = async (kernel, grid, shared, args) => JSON.parse(await warpsim(["run", "--format", "json", "--sass", `${dir}/store_probe.sass`, "--kernel", kernel, "--grid", String(grid), "--block", "32", "--registers", "16", "--shared-mem", String(shared), "--args", args])).cycles;
    const trip = async (mode, bytes, rows = 64) => {
      const at = (iters) => run("_Z11probe_storePhiii14CUtensorMap_stPx", 1, 65536, `4GiB,${bytes},${iters},${mode},tmap(f16,4096x4096,box 64x${rows}),64B`);
      return ((await at(400)) - (await at(200))) / 200;
    };
    const cell = (sim, hw) => `${sim.toFixed(1)} | ${hw.toFixed(1)} | ${sim >= hw ? "+" : ""}${pct(sim / hw - 1)}`;
    const lines = ["| probe | warpsim, cycles per trip | H100 | error |", "| --- | --- | --- | --- |"];
    for (const bytes of [128, 1024, 4096, 8192, 16384, 32768]) lines.push(`| bulk store (UBLKCP.G.S) of ${bytes} bytes, then wait_group 0 | ${cell(await trip(1, bytes), measured.get(`bulk_done ${bytes}`))} |`);
    for (const rows of [16, 32, 64, 128, 256]) lines.push(`| TMA store (UTMASTG.2D) of a 64 x ${rows} box of halves (${rows * 128} bytes), then wait_group 0 | ${cell(await trip(3, rows * 128, rows), measured.get(`tma_box ${rows * 128}`))} |`);
    const launches = ncuLaunches(`${dir}/data/ncu_store.csv`);
    for (const [i, bytes] of [[0, 4096], [2, 16384]]) {
      const iters = Math.floor(4294967296 / 132 / bytes);
      const sim = await run("_Z12stream_storePhiiPx", 132, bytes, `4GiB,${bytes},${iters},4KiB`);
      lines.push(`| every SM storing 4 GiB in bulk stores of ${bytes} bytes (SM cycles, ncu) | ${cell(sim, launches[i].values.get("sm__cycles_active.avg"))} |`);
    }
    return lines.join("\n") + "\n";
  },

  async "copy-probes"(warpsim) {
    const dir = "validation/async";
    const measured = new Map();
    for (const line of readFileSync(`${dir}/data/copy-probe-ncu.txt`, "utf8").split("\n")) {
      const m = /^PROBE copy_(?:stream kind|mixed from_dram)=(\w+) grid=(\d+) bytes=(\d+) stages=(\d+) iters=(\d+) cycles=(\d+) bytes_per_sm_cycle=([\d.]+) latency=([\d.]+)/.exec(line);
      if (m) measured.set(`${m[1]} ${m[2]} ${m[3]} ${m[4]}`, { iters: Number(m[5]), cycles: Number(m[6]), rate: Number(m[7]), latency: Number(m[8]) });
    }
    const lines = ["| copies (every SM) | in flight | H100: cycles per copy | latency per copy | bytes per SM cycle | warpsim: cycles per copy | error |", "| --- | --- | --- | --- | --- | --- | --- |"];
    const what = { bulk: "bulk copies", tma: "TMA boxes", quarter: "bulk copies, every fourth from DRAM,", all: "bulk copies, all from DRAM," };
    for (const [kind, bytes, stages] of [["bulk", 16384, 1], ["bulk", 16384, 4], ["bulk", 16384, 6], ["tma", 16384, 4], ["bulk", 32768, 6], ["quarter", 32768, 6], ["all", 32768, 6], ["bulk", 4096, 1], ["bulk", 4096, 4]]) {
      const hw = measured.get(`${kind} 132 ${bytes} ${stages}`);
      const fromDram = kind === "quarter" ? 1 : kind === "all" ? 2 : 0;
      // warpsim's cycles per copy from runs of 60 and 120 copies (the difference leaves out the start and end); the H100's over its whole run.
      const at = async (iters) => {
        const args = `tmap(f16,64x131072,box 64x${bytes / 128}),16MiB,${bytes},${stages},${iters},${kind === "tma" ? 1 : 0},1GiB,${fromDram},2KiB`;
        return JSON.parse(await warpsim(["run", "--format", "json", "--sass", `${dir}/copy_probe.sass`, "--kernel", "copy_stream", "--grid", "132", "--block", "32", "--registers", "32", "--static-shared", "1024", "--shared-mem", String(stages * bytes + 1024), "--cache", "warm", "--args", args])).cycles;
      };
      const sim = ((await at(120)) - (await at(60))) / 60;
      const trip = hw.cycles / hw.iters;
      lines.push(`| ${what[kind]} of ${bytes / 1024} KiB | ${stages} | ${trip.toFixed(1)} | ${hw.latency.toFixed(0)} | ${hw.rate.toFixed(1)} | ${sim.toFixed(1)} | ${sim >= trip ? "+" : ""}${pct(sim / trip - 1)} |`);
    }
    return lines.join("\n") + "\n";
  },

  async "async-probes"(warpsim) {
    const measured = new Map();
    for (const line of readFileSync("validation/async/data/probes.txt", "utf8").split("\n")) {
      const m = /^PROBE (\w+) (.*) cycles_per_iter=([\d.]+)/.exec(line);
      if (m) measured.set(`${m[1]} ${m[2]}`, Number(m[3]));
    }
    const trip = async (args, trips) => {
      const r = JSON.parse(await warpsim(["run", "--format", "json", "--sass", "validation/async/kernels.sass", ...args]));
      return r.cycles / trips;
    };
    const cell = (sim, hw) => `${sim.toFixed(1)} | ${hw.toFixed(1)} | ${sim >= hw ? "+" : ""}${pct(sim / hw - 1)}`;
    const lines = ["| probe | warpsim, cycles per trip | H100 | error |", "| --- | --- | --- | --- |"];
    for (const chain of [1, 4]) {
      for (const n of [16, 32, 64, 128, 256]) {
        const sim = await trip(["--kernel", `probe_hgmma<${n}, ${chain}>`, "--grid", "1", "--block", "128", "--registers", "168", "--args", "8KiB,256"], 256);
        lines.push(`| ${chain} HGMMA.64x${n}x16 per commit and wait | ${cell(sim, measured.get(`hgmma n=${n} chain=${chain}`))} |`);
      }
    }
    for (const [mode, bytes] of [[1, 128], [1, 1024], [1, 4096], [1, 8192], [1, 16384], [1, 32768], [2, 8192]]) {
      const args = `32MiB,${bytes},200,${mode},tmap(f16,4096x4096,box 64x64),64B`;
      const sim = await trip(["--kernel", "probe_copy", "--grid", "1", "--block", "32", "--registers", "16", "--static-shared", "1024", "--shared-mem", "65536", "--args", args], 200);
      const name = mode === 1 ? `bulk copy (UBLKCP) of ${bytes} bytes` : "TMA copy (UTMALDG.2D) of a 64 x 64 box of halves";
      lines.push(`| ${name}, then its mbarrier wait | ${cell(sim, measured.get(`copy mode=${mode === 1 ? "bulk" : "tma_2d"} bytes=${bytes}`))} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/async.md and docs/validation.md: the warp-specialized GEMMs, measured and simulated, and the family's errors. */
  async "async-family"(warpsim) {
    const { rows, summary: s } = JSON.parse(await warpsim(["validate", "--family", "async", "--format", "json"]));
    const manifest = ["manifest.txt", "manifest-feeds.txt"].flatMap((f) => readFileSync(`validation/async/data/${f}`, "utf8").split("\n").filter((l) => l.startsWith("MANIFEST")));
    // The GEMMs' TFLOP/s and the streams' GB/s, timed without ncu.
    const rate = (kernel) => {
      const g = /gemm_ws<(\d+), (\d+), (\d+)>/.exec(kernel);
      if (g) return `${/tflops=([\d.]+)/.exec(manifest.find((l) => l.includes(`bn=${g[1]} stages=${g[2]} consumers=${g[3]} `)))[1]} TFLOP/s`;
      const [st, chunk] = /<(\d+), (\d+)>/.exec(kernel).slice(1);
      return `${/gbps=([\d.]+)/.exec(manifest.find((l) => l.includes(`stream_sum stages=${st} chunk=${chunk} `)))[1]} GB/s`;
    };
    const lines = ["| kernel | H100, timed | H100 SM active cycles | warpsim | error | L2 hit (H100 / warpsim) | DRAM read per SM, KiB (H100 / warpsim) |", "| --- | --- | --- | --- | --- | --- | --- |"];
    for (const r of rows) {
      const m = r.memory;
      lines.push(
        `| ${r.key.kernel} | ${rate(r.key.kernel)} | ${r.measured.cyclesActive.toFixed(0)} | ${r.predicted.cyclesActive.toFixed(0)} | ${r.predicted.cyclesActive >= r.measured.cyclesActive ? "+" : ""}${pct(r.predicted.cyclesActive / r.measured.cyclesActive - 1)} | ${(100 * m.measured.l2ReadHitRate).toFixed(1)}% / ${(100 * m.predicted.l2ReadHitRate).toFixed(1)}% | ${(m.measured.dramReadBytes / 1024).toFixed(0)} / ${(m.predicted.dramReadBytes / 1024).toFixed(0)} |`,
      );
    }
    lines.push(
      "",
      `${s.rows} configurations: active cycles MAPE ${pct(s.cyclesActiveMape)}, issue active MAE ${s.issueActiveMaePoints.toFixed(2)} points, dominant stall ${s.dominantStallMatches} of ${s.rows}, L2 read hit MAE ${s.memory.l2HitMaePoints.toFixed(1)} points, DRAM bytes read MAPE ${pct(s.memory.dramReadMape)}.`,
    );
    return lines.join("\n") + "\n";
  },

  /** docs/validation.md: issue 12's targets over the families, alone and together. */
  async "families-table"(warpsim) {
    const rowsOf = async (family) => JSON.parse(await warpsim(["validate", "--family", family, "--format", "json"])).rows;
    const [micro, warm, flushed, heldout] = [await rowsOf("micro"), await rowsOf("sass"), await rowsOf("sass-flushed"), await rowsOf("heldout")];
    const groups = [
      ["microbenchmarks", micro],
      ["SASS, warm caches", warm],
      ["SASS, caches flushed", flushed],
      ["held out", heldout],
      ["**microbenchmarks + SASS warm** (issue 12's targets)", [...micro, ...warm]],
      ["all four", [...micro, ...warm, ...flushed, ...heldout]],
    ];
    return [...errorTable("family", groups), "| issue 12's targets | | ≤ 2 | ≤ 6 | ≤ 8% | ≤ 4% | ≥ 95% |"].join("\n") + "\n";
  },

  /** README: the validation error summary in a sentence. */
  async "fidelity-summary"(warpsim) {
    const { summary: s } = JSON.parse(await warpsim(["validate", "--family", "micro", "--format", "json"]));
    return (
      `On the ${s.rows} bundled rows: issue active within ${s.issueActiveMaePoints.toFixed(2)} points on average ` +
      `(worst row ${s.issueActiveWorstPoints.toFixed(1)} points), eligible warps within ${pct(s.warpsEligibleMre)}, ` +
      `active cycles within ${pct(s.cyclesActiveMape)} (MAPE), the dominant stall reason right in ${s.dominantStallMatches} of ${s.rows}.\n`
    );
  },

  /**
   * docs/sass.md: every opcode warpsim knows, its pipe, how a consumer waits for its result, and
   * its sm_90 timing (the preset's own, or the family opcode it is timed as).
   */
  async "sass-opcode-table"() {
    const { OPCODES, OpKind } = await import("../../dist/program/opcodes.js");
    const { PRESETS } = await import("../../dist/arch/presets/index.js");
    const { PIPE_NAMES } = await import("../../dist/arch/arch-spec.js");
    const arch = PRESETS.sm_90;
    const waits = {
      [OpKind.math]: "fixed (stall counts)",
      [OpKind.mio]: "barrier, short_scoreboard",
      [OpKind.loadGlobal]: "barrier, long_scoreboard",
      [OpKind.storeGlobal]: "none (read barrier)",
      [OpKind.storeShared]: "none (read barrier)",
      [OpKind.branch]: "control flow",
      [OpKind.barrier]: "block barrier",
      [OpKind.exit]: "exit (drains stores)",
    };
    const lines = ["| opcode | pipe | result | sm_90 latency | issue interval | timed as |", "| --- | --- | --- | --- | --- | --- |"];
    for (const [name, info] of Object.entries(OPCODES).sort(([a], [b]) => a.localeCompare(b))) {
      const own = arch.opcodes[name];
      const timing = own ?? (info.timedAs ? arch.opcodes[info.timedAs] : undefined);
      const latency = info.kind === OpKind.loadGlobal || info.kind === OpKind.storeGlobal ? "memory model" : timing ? String(timing.latencyCycles) : "-";
      const lanes = arch.pipes[PIPE_NAMES[info.pipe]].lanes;
      const issue = timing?.issueCycles ?? Math.max(1, 32 / lanes);
      lines.push(`| ${name} | ${PIPE_NAMES[info.pipe]} | ${waits[info.kind]} | ${latency} | ${issue} | ${own ? "itself" : info.timedAs ?? "-"} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** README and docs: the errors of kernels predicted from their SASS alone (validation/sass). */
  async "sass-fidelity-summary"(warpsim) {
    const { summary: s } = JSON.parse(await warpsim(["validate", "--family", "sass", "--format", "json"]));
    const { summary: f } = JSON.parse(await warpsim(["validate", "--family", "sass-flushed", "--format", "json"]));
    return (
      `On the ${s.rows} rows of the nine SASS fixtures measured with warm caches (predicted from cuobjdump output alone, ` +
      `with trip counts from the launch and the measured hit rates as the load level mix): issue active within ` +
      `${s.issueActiveMaePoints.toFixed(2)} points on average (worst row ${s.issueActiveWorstPoints.toFixed(1)} points), eligible warps ` +
      `within ${pct(s.warpsEligibleMre)}, active cycles within ${pct(s.cyclesActiveMape)} (MAPE), the dominant stall reason right in ` +
      `${s.dominantStallMatches} of ${s.rows}. Measured with the caches flushed before each pass: ${f.issueActiveMaePoints.toFixed(2)} points ` +
      `(worst ${f.issueActiveWorstPoints.toFixed(1)}), ${pct(f.warpsEligibleMre)}, ${pct(f.cyclesActiveMape)}, ${f.dominantStallMatches} of ${f.rows}.\n`
    );
  },

  /**
   * docs/validation.md: the barrier and defer probes' loops run from their SASS
   * (validation/microbench/probe-loops.json) beside the H100's cycles per barrier or trip.
   */
  async "barrier-probes"() {
    const spec = "validation/microbench/probe-loops.json";
    const table = (rows, loops, unit) => {
      const lines = [`| warps per block | ${loops.map((l) => `${l.title}: H100 / warpsim`).join(" | ")} |`, `| --- |${loops.map(() => " --- |").join("")}`];
      for (const warps of [...new Set(rows.map((r) => r.warps))]) {
        const cells = loops.map((l) => rows.find((r) => r.loop === l.key && r.warps === warps)).map((r) => `${r.measured.toFixed(1)} / ${r.predicted.toFixed(1)}`);
        lines.push(`| ${warps} | ${cells.join(" | ")} |`);
      }
      const errors = rows.map((r) => Math.abs(r.predicted / r.measured - 1));
      lines.push("", `${unit}; mean absolute error ${pct(errors.reduce((a, b) => a + b, 0) / errors.length)}, worst ${pct(Math.max(...errors))} over ${rows.length} loops.`);
      return lines.join("\n");
    };
    const barrier = probeRows(spec, "barrier-probe");
    const defer = probeRows(spec, "defer-probe");
    const withBar = defer.filter((r) => r.loop.startsWith("bar_"));
    const [lds32, lds32bar] = ["lds", "bar_lds"].map((k) => defer.find((r) => r.loop === k && r.warps === 32));
    return (
      table(barrier, [{ key: "0", title: "K = 0" }, { key: "1", title: "K = 1" }, { key: "4", title: "K = 4" }], "Cycles per barrier (barrier probe)") +
      "\n\n" +
      table(defer, [{ key: "ffma8", title: "8 FFMA" }, { key: "bar_ffma8", title: "BAR + 8 FFMA" }, { key: "lds", title: "LDS" }, { key: "bar_lds", title: "BAR + LDS" }], "Cycles per trip (defer probe), all four loops") +
      `\n\nThe two loops with a barrier alone: mean absolute error ${pct(withBar.reduce((a, r) => a + Math.abs(r.predicted / r.measured - 1), 0) / withBar.length)}. ` +
      `The LDS loop without a barrier is ${pct(lds32.predicted / lds32.measured - 1)} off at 32 warps (with it ${pct(lds32bar.predicted / lds32bar.measured - 1)}).\n`
    );
  },

  /** docs/validation.md: the K = 1 barrier loop with several blocks per SM (multiblock_barrier_probe.cu). */
  /** docs/memory.md: validation/microbench/store_burst_probe, the H100's store rate with 1 to 132 SMs storing, beside warpsim's run of its listing. */
  async "store-burst-probe"(warpsim) {
    const rows = parse(readFileSync("validation/microbench/store-burst-probe/bursts.csv", "utf8"), { columns: true, skip_empty_lines: true });
    const lines = ["| SMs storing | bytes per block | H100 cycles (median block) | H100 bytes per SM cycle | warpsim cycles | error |", "| --- | --- | --- | --- | --- | --- |"];
    for (const r of rows) {
      const rounds = Number(r.bytes_per_block) / (256 * 16);
      const args = ["run", "--format", "json", "--sass", "validation/microbench/store-burst-probe/sass.txt", "--kernel", "_Z11store_burstP6float4iPxS1_Pi", "--grid", r.blocks, "--block", "256", "--shared-mem", "232448", "--args", `ptr:1GiB,i32:${rounds},ptr:1KiB,ptr:1KiB,ptr:1KiB`];
      const sim = JSON.parse(await warpsim(args)).cycles;
      const hw = Number(r.median_cycles);
      lines.push(`| ${r.blocks} | ${Number(r.bytes_per_block) / 1024} KiB | ${hw} | ${Number(r.median_bytes_per_cycle).toFixed(1)} | ${sim} | ${sim >= hw ? "+" : ""}${pct(sim / hw - 1)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/memory.md: validation/microbench/store_rewrite_probe, every SM storing whole lines (new, rewritten, local), beside warpsim's run of its listing. */
  async "store-rewrite-probe"(warpsim) {
    const dir = "validation/microbench/store-rewrite-probe";
    const rows = parse(readFileSync(`${dir}/summary.csv`, "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const lines = ["| stores | warps per SM | H100: bytes per SM cycle | warpsim | error |", "| --- | --- | --- | --- | --- |"];
    const what = { global_stream: "new lines", global_rewrite: "16 KiB a block, rewritten", local_store: "a local array (STL)", local_update: "a local array, a[i] += 1 (LDL, STL)" };
    for (const r of rows.filter((x) => x.blocks_per_sm <= 4)) {
      // The rewrites run 64 of the H100's 1024 rounds (the rate is the same); the local arrays all
      // 1024, since their 64 first stores and 64 last loads would weigh on fewer.
      const rounds = r.kernel === "global_rewrite" ? 64 : r.rounds;
      const out = JSON.parse(await warpsim(["run", "--sass", `${dir}/sass.txt`, "--kernel", r.kernel, "--grid", String(132 * r.blocks_per_sm), "--block", "256", "--args", `ptr:256MiB,i32:${rounds},i32:5`, "--format", "json"]));
      const sim = ((out.memory.storeSectors + out.memory.localStoreSectors) * 32) / out.smActiveCycles;
      const label = r.kernel === "global_stream" ? `new lines, ${Math.round((r.rounds * 132 * r.blocks_per_sm * 4096) / 2 ** 20)} MiB` : what[r.kernel];
      lines.push(`| ${label} | ${8 * r.blocks_per_sm} | ${r.store_bytes_per_sm_cycle.toFixed(1)} | ${sim.toFixed(1)} | ${pct(sim / r.store_bytes_per_sm_cycle - 1)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/memory.md: validation/microbench/l2_partition_probe, SM 0's (and SM 1's) chase over lines another SM brought into the L2. */
  async "l2-partition-probe"() {
    const median = (xs) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    };
    const lines = [
      "| ring | chasing SM | nobody warmed: first / second pass | warmed by itself | SMs whose lines it finds near: count, first / second pass | far: count, first / second pass |",
      "| --- | --- | --- | --- | --- | --- |",
    ];
    for (const [file, ring] of [["partition.csv", "1 MiB"], ["partition_16mib.csv", "16 MiB"]]) {
      const rows = parse(readFileSync(`validation/microbench/l2-partition-probe/${file}`, "utf8"), { columns: true, skip_empty_lines: true, cast: true });
      for (const chaser of [0, 1]) {
        const mine = rows.filter((r) => r.chase === chaser && r.warm_a === r.warm_b);
        if (mine.length === 0) continue;
        const cold = mine.filter((r) => r.warm_a === -1);
        const self = mine.filter((r) => r.warm_a === chaser);
        const others = mine.filter((r) => r.warm_a >= 0 && r.warm_a !== chaser);
        const selfFirst = median(self.map((r) => r.first_pass_cycles_per_load));
        const far = others.filter((r) => r.first_pass_cycles_per_load > selfFirst + 40);
        const near = others.filter((r) => !far.includes(r));
        const sms = (rs) => new Set(rs.map((r) => r.warm_a)).size;
        const pair = (rs) => `${median(rs.map((r) => r.first_pass_cycles_per_load)).toFixed(1)} / ${median(rs.map((r) => r.second_pass_cycles_per_load)).toFixed(1)}`;
        lines.push(`| ${ring} | ${chaser} | ${cold.length > 0 ? pair(cold) : "-"} | ${pair(self)} | ${sms(near)}, ${pair(near)} | ${sms(far)}, ${pair(far)} |`);
      }
    }
    return lines.join("\n") + "\n\n(cycles per load at the GPU's 1980 MHz, medians over the SMs and the runs.)\n";
  },

  /** docs/memory.md: the LDC divergence probe's cycles per LDC beside warpsim's (64 trips of the probe's own listing). */
  async "ldc-divergence-probe"(warpsim) {
    const rows = parse(readFileSync("validation/microbench/ldc-divergence-probe/summary.csv", "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const lines = ["| distinct words K | warps per sub-partition | H100: cycles per LDC per sub-partition | warpsim |", "| --- | --- | --- | --- |"];
    for (const r of rows.filter((x) => x.stride === 1)) {
      const warps = r.threads / 128;
      const out = JSON.parse(await warpsim(["run", "--sass", "validation/microbench/ldc-divergence-probe/sass.txt", "--kernel", `_Z7ldc_divILi${r.K}ELi1EEvPfi`, "--grid", "132", "--block", String(r.threads), "--args", "528KiB,64", "--format", "json"]));
      lines.push(`| ${r.K} | ${warps} | ${r.cycles_per_ldc_per_smsp.toFixed(1)} | ${(out.cycles / 64 / warps).toFixed(1)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/memory.md: the L1 stride probe's cycles beside warpsim's (8 trips of the probe's own listing, scaled by 32). */
  async "l1-stride-probe"(warpsim) {
    const rows = parse(readFileSync("validation/microbench/l1-stride-probe/summary.csv", "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const lines = ["| access | rows apart (bytes) | lines a warp touches | H100: SM cycles, 256 trips | warpsim (8 trips x 32) | error |", "| --- | --- | --- | --- | --- | --- |"];
    for (const r of rows) {
      const kernel = r.op === "load" ? `_Z11stride_loadILi${r.stride}EEvPKfPfi` : `_Z12stride_storeILi${r.stride}EEvPfi`;
      const args = r.op === "load" ? "528KiB,528KiB,8" : "2MiB,8";
      const out = JSON.parse(await warpsim(["run", "--sass", "validation/microbench/l1-stride-probe/sass.txt", "--kernel", kernel, "--grid", "132", "--block", "1024", "--args", args, "--format", "json"]));
      const sim = out.cycles * 32;
      lines.push(`| ${r.op} | ${r.stride} | ${Math.max(1, (32 * r.stride) / 128)} | ${r.cycles} | ${sim} | ${pct(sim / r.cycles - 1)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/memory.md: the L1 bank probe's cycles per request beside warpsim's (8 trips of the probe's own listing). */
  async "l1-bank-probe"(warpsim) {
    const dir = "validation/microbench/l1-bank-probe";
    const rows = parse(readFileSync(`${dir}/summary.csv`, "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    // [table, lanes a line (log 2), word multiplier, word mask, random word, the shape in words]
    const shown = [
      [32768, 0, 0, 31, 0, "32 lines, one offset"],
      [32768, 0, 1, 31, 0, "32 lines, 32 offsets"],
      [32768, 0, 0, 31, 1, "32 lines, random offsets"],
      [32768, 2, 1, 31, 0, "8 lines, 4 lanes each, 32 offsets"],
      [32768, 5, 9, 4294967295, 0, "structures of 36 bytes (9 lines)"],
      [32768, 5, 12, 4294967295, 0, "structures of 48 bytes (12 lines)"],
      [32768, 5, 16, 4294967295, 0, "structures of 64 bytes (16 lines)"],
      [16777216, 0, 0, 31, 0, "32 lines, one offset, from the L2"],
    ];
    const lines = [
      "| lanes' words | table | H100: data-stage wavefronts | tag-stage wavefronts | cycles per request | warpsim | error |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ];
    const raw = parse(readFileSync(`${dir}/ncu_raw.csv`, "utf8"), { columns: true, skip_empty_lines: true }).filter((r) => /^\d+$/.test(r.ID));
    const num = (v) => Number(String(v).replace(/,/g, ""));
    for (const [table, shift, mul, mask, random, what] of shown) {
      const i = rows.findIndex((x) => x.op === "load" && x.table_bytes === table && x.group_shift === shift && x.word_mul === mul && x.word_mask === mask && x.random === random);
      const r = rows[i];
      const tag = num(raw[i]["l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum"]) / num(raw[i]["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]);
      const args = `ptr:16448KiB,ptr:528KiB,i32:8,u32:${table / 128 - 1},u32:${shift},u32:${mul},u32:${mask},u32:${random}`;
      const out = JSON.parse(await warpsim(["run", "--sass", `${dir}/sass.txt`, "--kernel", "bank_gather", "--grid", "132", "--block", "1024", "--args", args, "--format", "json"]));
      const sim = out.cycles / (32 * 8 * 8);
      lines.push(`| ${what} | ${table / 1024} KiB | ${r.data_wavefronts_per_request.toFixed(2)} | ${tag.toFixed(2)} | ${r.cycles_per_request_per_sm.toFixed(2)} | ${sim.toFixed(2)} | ${pct(sim / r.cycles_per_request_per_sm - 1)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/memory.md: the mixed gather probe (hit and missed lines in one request) beside warpsim (16 trips, the probe's listing). */
  async "mixed-gather-probe"(warpsim) {
    const dir = "validation/microbench/mixed-gather-probe";
    const rows = parse(readFileSync(`${dir}/summary.csv`, "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const lines = [
      "| lanes on L1-resident lines | H100: L1 hit share | L2 sectors per request | cycles per request | per missed line | warpsim | error |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ];
    for (const r of rows.filter((x) => x.cold_bytes === 16 << 20 && [0, 8, 16, 24, 28, 32].includes(x.hot_lanes))) {
      const args = `ptr:32KiB,ptr:16MiB,ptr:528KiB,i32:16,u32:${r.hot_lanes},u32:${(16 << 20) / 128}`;
      const out = JSON.parse(await warpsim(["run", "--sass", `${dir}/sass.txt`, "--kernel", "mixed_gather", "--grid", "132", "--block", "1024", "--args", args, "--format", "json"]));
      const sim = out.cycles / (32 * 16 * 8);
      const perLine = r.l2_sectors_per_request > 10 ? (r.cycles_per_request_per_sm / r.l2_sectors_per_request).toFixed(2) : "-";
      lines.push(`| ${r.hot_lanes} of 32 | ${(100 * r.hit_sector_share).toFixed(1)}% | ${r.l2_sectors_per_request.toFixed(1)} | ${r.cycles_per_request_per_sm.toFixed(2)} | ${perLine} | ${sim.toFixed(2)} | ${pct(sim / r.cycles_per_request_per_sm - 1)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/memory.md: the L1's capacity at several carveouts, the mixed gather probe's hit rates beside warpsim's (32 trips, the probe's listing). */
  async "l1-capacity"(warpsim) {
    const dir = "validation/microbench/mixed-gather-probe";
    const rows = parse(readFileSync(`${dir}/summary.csv`, "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const shown = [[0, 196608], [0, 262144], [0, 327680], [0, 524288], [8192, 262144], [24576, 196608], [49152, 196608], [98304, 131072]];
    const lines = [
      "| shared memory a block | carveout (ncu) | table | H100: L1 hit rate | warpsim | H100: cycles per request | warpsim |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ];
    for (const [smem, bytes] of shown) {
      const r = rows.find((x) => x.hot_lanes === 0 && x.dyn_smem === smem && x.cold_bytes === bytes);
      const args = `ptr:32KiB,ptr:16MiB,ptr:528KiB,i32:32,u32:0,u32:${bytes / 128}`;
      const out = JSON.parse(await warpsim(["run", "--sass", `${dir}/sass.txt`, "--kernel", "mixed_gather", "--grid", "132", "--block", "1024", "--shared-mem", String(smem), "--args", args, "--format", "json"]));
      const sim = out.cycles / (32 * 32 * 8);
      lines.push(`| ${smem / 1024} KiB | ${r.shared_mem_config / 1024} KiB | ${bytes / 1024} KiB | ${(100 * r.hit_sector_share).toFixed(1)}% | ${(100 * out.memory.l1LoadHitRate).toFixed(1)}% | ${r.cycles_per_request_per_sm.toFixed(2)} | ${sim.toFixed(2)} (${pct(sim / r.cycles_per_request_per_sm - 1)}) |`);
    }
    return lines.join("\n") + "\n";
  },

  /**
   * docs/timing.md: the block turnaround probe's slot cycles beside warpsim's. The probe ran at
   * its boost clock (clock64 at 1,980 MHz); the dispatcher's share of a gap (the rows with many
   * blocks resident) is time, so it is shown at the 1,590 MHz ncu's counters count.
   */
  async "block-turnaround"(warpsim) {
    const probe = readFileSync("validation/microbench/block-turnaround-probe/probe.txt", "utf8");
    const cases = [[32, 153600], [256, 153600], [1024, 153600], [1024, 0], [256, 0], [32, 0]];
    const head = ["| blocks resident x threads |"], gap = ["| H100, median gap (cycles at 1,980 MHz) |"], slot = ["| H100, cycles a slot takes per block (life + gap) |"];
    const ncu = ["| H100, the same at 1,590 MHz (the dispatcher's gaps scaled) |"], sim = ["| warpsim (run's cycles x resident / blocks per SM) |"];
    for (const [threads, dyn] of cases) {
      const line = probe.split("\n").find((l) => l.startsWith(`PROBE,kernel=probe,threads=${threads},dyn=${dyn},spin=0,`));
      const field = (k) => Number(new RegExp(`${k}=([0-9.]+)`).exec(line)[1]);
      const resident = field("blocks_per_sm");
      const dispatcherBound = resident > 2;
      const args = ["run", "--sass", "validation/microbench/block-turnaround-probe/sass.txt", "--kernel", "_Z5probePxPii", "--grid", String(132 * resident * 24), "--block", String(threads), ...(dyn > 0 ? ["--shared-mem", String(dyn)] : []), "--args", "ptr:2MiB,ptr:1MiB,i32:0", "--format", "json"];
      const out = JSON.parse(await warpsim(args));
      head.push(` ${resident} x ${threads.toLocaleString("en-US")} |`);
      gap.push(` ${field("gap_median").toLocaleString("en-US")} |`);
      slot.push(` ${(field("life_median") + field("gap_median")).toLocaleString("en-US")} |`);
      ncu.push(` ${dispatcherBound ? Math.round(field("life_median") + (field("gap_median") * 1590) / 1980).toLocaleString("en-US") : "same"} |`);
      sim.push(` ${Math.round(out.cycles / 24).toLocaleString("en-US")} |`);
    }
    const rule = "| --- |" + " --- |".repeat(cases.length);
    return [head.join(""), rule, gap.join(""), slot.join(""), ncu.join(""), sim.join("")].join("\n") + "\n";
  },

  /**
   * docs/memory.md: the L2 footprint probe's rows (gathers past the L1 and partial-line scatters
   * of 32 random lines a request, among few or many lines, from all SMs or half) beside warpsim
   * (16 trips; the probe's own listing).
   */
  async "l2-footprint"(warpsim) {
    const dir = "validation/microbench/l2-footprint-probe";
    const rows = parse(readFileSync(`${dir}/summary.csv`, "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const lines = ["| access | lines | SMs | H100: cycles per request | warpsim | error |", "| --- | --- | --- | --- | --- | --- |"];
    const shown = { load: [1, 64, 1024, 131072], store: [16, 48, 1024, 131072] };
    for (const r of rows.filter((x) => x.spread === 0 && x.threads === 1024 && ((x.blocks === 132 && shown[x.op].includes(x.lines)) || x.blocks === 66))) {
      const load = r.op === "load";
      const [kernel, args] = load ? ["_Z16footprint_gatherILb0EEvPKfPfij", `ptr:16MiB,ptr:528KiB,i32:16,u32:${r.lines}`] : ["_Z17footprint_scatterILb0EEvPfij", `ptr:16MiB,i32:16,u32:${r.lines}`];
      const out = JSON.parse(await warpsim(["run", "--sass", `${dir}/sass.txt`, "--kernel", kernel, "--grid", String(r.blocks), "--block", "1024", "--args", args, "--format", "json"]));
      const sim = out.cycles / (32 * 16 * 8);
      lines.push(`| ${load ? "gather (.cg)" : "scatter"} | ${r.lines.toLocaleString("en-US")} (${r.lines >= 8192 ? `${r.lines / 8192} MiB` : r.lines >= 8 ? `${r.lines / 8} KiB` : `${r.lines * 128} bytes`}) | ${r.blocks} | ${r.cycles_per_request_per_sm.toFixed(1)} | ${sim.toFixed(1)} | ${pct(sim / r.cycles_per_request_per_sm - 1)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/timing.md: the register-bank probe's cycles per instruction beside warpsim's (each variant's own listing, 20 trips). */
  async "regbank-probe"(warpsim) {
    const dir = "validation/microbench/regbank-probe";
    const rows = parse(readFileSync(`${dir}/summary.csv`, "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const variants = parse(readFileSync(`${dir}/variants.csv`, "utf8"), { columns: true, skip_empty_lines: true });
    const shown = ["distinct_eoe", "all_even", "ab_same_reg", "two_even_rz", "ab_mod4_same", "all_even_reuse_a", "all_even_reuse_ab", "alternate_reuse_a", "reuse_a_read_b", "reuse_a_read_a", "alt_even3_odd3", "alt_even3_none", "alt_even2_odd2"];
    const lines = [
      "| variant | each FFMA reads (in turn) | H100: cycles per instruction | dispatch_stall per issue | warpsim | dispatch_stall |",
      "| --- | --- | --- | --- | --- | --- |",
    ];
    for (const name of shown) {
      const r = rows.find((x) => x.variant === name);
      // `R2.R4.R6/1 R8.R10.R12/0`: each FFMA's registers in turn, and the slots it marks .reuse (a=1, b=2, c=4).
      const reads = variants
        .find((x) => x.variant === name)
        .sources_reuse.split(" ")
        .map((f) => {
          const [regs, reuse] = f.replaceAll("R255", "RZ").split("/");
          const slots = ["a", "b", "c"].filter((_, i) => (Number(reuse) >> i) & 1);
          return regs.replaceAll(".", " ") + (slots.length > 0 ? ` (reuse ${slots.join(", ")})` : "");
        })
        .join("; then ");
      const out = JSON.parse(await warpsim(["run", "--sass", `${dir}/sass.txt`, "--kernel", `probe_${name}`, "--grid", "132", "--block", "1024", "--args", "ptr:1MiB,ptr:64KiB,i32:20,f32:1", "--format", "json"]));
      const sim = out.sm.activeCycles / out.sm.instExecuted;
      lines.push(`| ${name} | ${reads} | ${r.cycles_per_instruction.toFixed(2)} | ${r.dispatch_stall_per_issue.toFixed(2)} | ${sim.toFixed(2)} | ${out.sm.stalls.dispatch_stall.perIssue.toFixed(2)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /**
   * docs/timing.md: the MIO probe's cycles per trip beside warpsim's (the probe's own listing; a
   * trip as clock64 times it: runs of 200 and 100 trips differenced, less the prologue).
   */
  async "mio-probe"(warpsim) {
    const dir = "validation/microbench/mio-probe";
    const rows = parse(readFileSync(`${dir}/cycles.csv`, "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const ops = { 0: "4 S2R/S2UR", 10: "4 REDUX chains", 11: "2 REDUX + 2 LDS", 1: "4 LDC (uniform index)", 2: "4 SHFL", 3: "4 LDS", 4: "2 S2R + 2 LDS", 7: "2 S2R + 2 SHFL" };
    const lines = ["| each trip | warps per SM | H100: cycles per trip | operations per SM cycle | warpsim | operations per SM cycle |", "| --- | --- | --- | --- | --- | --- |"];
    const cycles = async (op, warps, trips) => {
      const out = await warpsim(["run", "--sass", `${dir}/sass.txt`, "--kernel", `_Z8mio_loopILi${op}EEvPjiPx`, "--grid", "132", "--block", String(32 * warps), "--args", `ptr:1MiB,i32:${trips},ptr:4KiB`, "--static-shared", "8192", "--format", "json"]);
      return JSON.parse(out).smActiveCycles;
    };
    for (const [op, name] of Object.entries(ops)) {
      for (const warps of op === "10" ? [1, 8, 32] : [8, 32]) {
        const r = rows.find((x) => x.op === Number(op) && x.warps_per_block === warps);
        const [long, short] = await Promise.all([cycles(op, warps, 200), cycles(op, warps, 100)]);
        const sim = (long - short) / 100;
        lines.push(`| ${name} | ${warps} | ${r.cycles_per_trip.toFixed(1)} | ${r.ops_per_sm_cycle.toFixed(2)} | ${sim.toFixed(1)} | ${((warps * 4) / sim).toFixed(2)} |`);
      }
    }
    return lines.join("\n") + "\n";
  },

  /** docs/memory.md: the L2 write-back probe's shares beside the model's (sm/memory/l2-write-back.ts). */
  async "l2-writeback-probe"() {
    const rows = parse(readFileSync("validation/microbench/l2-writeback-probe/summary.csv", "utf8"), { columns: true, skip_empty_lines: true, cast: true });
    const MiB = 1024 * 1024;
    const { PRESETS } = await import("../../dist/arch/presets/index.js");
    const l2 = PRESETS.sm_90.l2KiB * 1024;
    const lines = [
      "| W (MiB) | stores only: written back | warpsim | in-place update | warpsim | copy W/2 -> W/2 | warpsim |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ];
    const share = (kind, w) => rows.find((r) => r.kind === kind && r.MiB === w).write_back_share;
    for (const w of [...new Set(rows.map((r) => r.MiB))]) {
      const cells = [
        [share("write_only", w), writeBackShare(w * MiB, 0, l2)],
        [share("update", w), writeBackShare(w * MiB, 0, l2)],
        [share("copy", w), writeBackShare((w / 2) * MiB, (w / 2) * MiB, l2)],
      ];
      lines.push(`| ${w} | ${cells.map(([m, p]) => `${(100 * m).toFixed(1)}% | ${(100 * p).toFixed(1)}%`).join(" | ")} |`);
    }
    return lines.join("\n") + "\n\n(DRAM bytes written during the kernel over the bytes it stores; H100, caches flushed; warpsim's share for sm_90's 50 MiB L2.)\n";
  },

  async "multiblock-barrier-probe"() {
    const rows = probeRows("validation/microbench/probe-loops.json", "multiblock-barrier-probe");
    const lines = ["| blocks per SM | warps per block | warps per SM | H100 cycles per barrier | warpsim |", "| --- | --- | --- | --- | --- |"];
    for (const r of rows) {
      const k = Number(r.loop);
      lines.push(`| ${k} | ${r.warps} | ${k * r.warps} | ${r.measured.toFixed(1)} | ${withError(r)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /**
   * docs/validation.md: how 4 and 8 warps of one scheduler share it in an issue-bound loop
   * (validation/microbench/sched_probe_wide.cu): each warp's trip rate in the steady state, and
   * the spread of their end times.
   */
  async "sched-probe-wide"() {
    const records = parse(readFileSync("validation/microbench/sched-probe-wide/wide.csv", "utf8"), { columns: true, skip_empty_lines: true });
    const lines = ["| warps per block (per scheduler) | cycles per trip of each of scheduler 0's warps, trips 40-80 (by warp slot) | last warp's end / first warp's end |", "| --- | --- | --- |"];
    for (const W of ["16", "20", "24", "28", "32"]) {
      const starts = new Map();
      const ends = [];
      for (const { W: w, warpslot: slot, trip, clock } of records) {
        if (w !== W) continue;
        if (Number(trip) === 256) ends.push(Number(clock));
        if (Number(slot) % 4 !== 0) continue;
        if (!starts.has(slot)) starts.set(slot, []);
        starts.get(slot)[Number(trip)] = Number(clock);
      }
      const rates = [...starts.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([slot, t]) => `${slot}: ${((t[80] - t[40]) / 40).toFixed(1)}`);
      lines.push(`| ${W} (${Number(W) / 4}) | ${rates.join(", ")} | ${(Math.max(...ends) / Math.min(...ends)).toFixed(2)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/validation.md: the VIADD and integer-pipe probes' loops (viadd_probe.cu, int_pipe_probe.cu) from their SASS. */
  async "viadd-probe"() {
    const rows = [...probeRows("validation/microbench/probe-loops.json", "viadd-probe"), ...probeRows("validation/microbench/probe-loops.json", "int-pipe-probe")];
    const lines = ["| loop (per trip, per warp) | warps per block | H100 cycles per trip | warpsim |", "| --- | --- | --- | --- |"];
    const what = {
      viadd: "28 VIADD, 4 IADD3, 32 LOP3",
      iadd3: "32 IADD3",
      lop3: "64 LOP3",
      ffma: "32 FFMA",
      mix: "16 FFMA, 16 LOP3, 9 VIADD, 7 IADD3",
      shl: "29 IMAD.SHL, 3 SHF, 32 LOP3",
      sel: "32 ISETP, 32 SEL",
      min: "32 VIMNMX, 33 LOP3",
      lea: "17 IMAD, 16 LEA",
      prmt: "32 PRMT, 33 LOP3",
    };
    for (const r of rows) lines.push(`| ${what[r.loop]} | ${r.warps} | ${r.measured.toFixed(1)} | ${withError(r)} |`);
    // The stall split at 32 warps beside ncu's. viadd_probe runs each loop at 128 threads, then
    // 1024, each launch after a warm-up: the measured 1024-thread launches are the last five
    // odd-numbered ones, in the loops' order.
    const measured = ncuLaunches("validation/microbench/viadd-probe/ncu.csv").filter((_, i) => i % 2 === 1).slice(5);
    const states = ["math_pipe_throttle", "not_selected", "wait"];
    lines.push("", "| loop, 32 warps: per issue | issue active | math_pipe_throttle | not_selected | wait |", "| --- | --- | --- | --- | --- |");
    ["viadd", "iadd3", "lop3", "ffma", "mix"].forEach((loop, i) => {
      const m = measured[i];
      const { sm } = rows.find((r) => r.loop === loop && r.warps === 32);
      const cell = (state) => `${ncuStall(m, state).toFixed(2)} / ${sm.stalls[state].perIssue.toFixed(2)}`;
      lines.push(`| ${what[loop]} (H100 / warpsim) | ${m.values.get("smsp__issue_active.avg.per_cycle_active").toFixed(2)} / ${sm.issueActive.toFixed(2)} | ${states.map(cell).join(" | ")} |`);
    });
    return lines.join("\n") + "\n";
  },

  /**
   * docs/validation.md: a one-FFMA loop with and without __syncthreads() before its branch
   * (validation/microbench/branch_probe.cu): cycles per trip on the H100 and in warpsim from the
   * same SASS, and the barrier / wait split per issue at 1 and 32 warps.
   */
  async "branch-probe"() {
    const ncuPerIssue = (file, state) => ncuStall(ncuLaunches(`validation/microbench/branch-probe/${file}`)[0], state);
    const lines = ["| warps per block | H100 without BAR | warpsim without BAR | H100 with BAR | warpsim with BAR |", "| --- | --- | --- | --- | --- |"];
    const rows = probeRows("validation/microbench/probe-loops.json", "branch-probe");
    const withBar = (warps) => rows.find((r) => r.loop === "1" && r.warps === warps);
    const perIssue = (warps, state) => withBar(warps).sm.stalls[state].perIssue;
    const constant = { h100: [], warpsim: [] };
    for (const warps of [1, 2, 4, 8, 16, 32]) {
      const [plain, bar] = ["0", "1"].map((loop) => rows.find((r) => r.loop === loop && r.warps === warps));
      if (warps >= 4) {
        constant.h100.push(bar.measured - 2 * warps);
        constant.warpsim.push(bar.predicted - 2 * warps);
      }
      lines.push(`| ${warps} | ${plain.measured.toFixed(1)} | ${plain.predicted.toFixed(1)} | ${bar.measured.toFixed(1)} | ${bar.predicted.toFixed(1)} |`);
    }
    const f = (x) => x.toFixed(2);
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    lines.push(
      "",
      `With the BAR and 4 or more warps the trip is 2 W + ${mean(constant.h100).toFixed(1)} cycles on the H100 and 2 W + ${mean(constant.warpsim).toFixed(1)} in warpsim ` +
        `(means over W = 4-32; warpsim's cycles per trip of the loop alone, src/run/probe-loops.ts).`,
      "",
      `Per issue, with the BAR: at 1 warp the H100 shows ${f(ncuPerIssue("ncu_bar_32.csv", "barrier"))} \`barrier\` and ${f(ncuPerIssue("ncu_bar_32.csv", "wait"))} \`wait\` ` +
        `(warpsim ${f(perIssue(1, "barrier"))} and ${f(perIssue(1, "wait"))}); at 32 warps ${f(ncuPerIssue("ncu_bar_1024.csv", "barrier"))} and ` +
        `${f(ncuPerIssue("ncu_bar_1024.csv", "wait"))} (warpsim ${f(perIssue(32, "barrier"))} and ${f(perIssue(32, "wait"))}). Without it, at 1 warp: ` +
        `${f(ncuPerIssue("ncu_plain_32.csv", "wait"))} \`wait\`, ${f(ncuPerIssue("ncu_plain_32.csv", "branch_resolving"))} \`branch_resolving\`, ` +
        `${f(ncuPerIssue("ncu_plain_32.csv", "no_instruction"))} \`no_instruction\`.`,
    );
    return lines.join("\n") + "\n";
  },

  /**
   * docs/validation.md: one-warp loops closed by a BRA with different stall counts
   * (validation/microbench/branch_stall_probe.cu), per trip on the H100 and in warpsim.
   */
  async "branch-stall-probe"() {
    const { readSass } = await import("../../dist/sass/read-sass.js");
    const file = "validation/microbench/branch-stall-probe/sass.txt";
    const listing = readSass(readFileSync(file, "utf8"), file);
    const specs = JSON.parse(readFileSync("validation/microbench/probe-loops.json", "utf8"))["branch-stall-probe"].loops;
    const ncu = (loop, state) => ncuStall(ncuLaunches(`validation/microbench/branch-stall-probe/ncu_${loop}.csv`)[0], state);
    const lines = [
      "| loop | BRA stall count | stall counts before it | H100 cycles per trip | warpsim | H100 per trip: wait / branch_resolving / no_instruction |",
      "| --- | --- | --- | --- | --- | --- |",
    ];
    for (const row of probeRows("validation/microbench/probe-loops.json", "branch-stall-probe")) {
      const spec = specs[row.loop];
      const code = listing.kernels.find((k) => k.name === spec.kernel).instructions;
      const bra = code.find((i) => i.address === parseInt(spec.main, 16));
      const body = code.filter((i) => i.address >= bra.target && i.address < bra.address);
      const before = body.reduce((sum, i) => sum + i.control.stall, 0);
      const n = body.length + 1;
      const split = ["wait", "branch_resolving", "no_instruction"].map((state) => (ncu(row.loop, state) * n).toFixed(1)).join(" / ");
      lines.push(`| ${row.loop} | S${bra.control.stall} | ${before} | ${row.measured.toFixed(2)} | ${row.predicted.toFixed(2)} | ${split} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** README: the held-out kernels' errors (validation/sass/heldout). */
  async "heldout-summary"(warpsim) {
    const { summary: s } = JSON.parse(await warpsim(["validate", "--family", "heldout", "--format", "json"]));
    return (
      `On their ${s.rows} rows: issue active within ${s.issueActiveMaePoints.toFixed(1)} points on average (worst ${s.issueActiveWorstPoints.toFixed(1)}), ` +
      `active cycles within ${pct(s.cyclesActiveMape)} (MAPE), the dominant stall reason right in ${s.dominantStallMatches} of ${s.rows}.\n`
    );
  },

  /**
   * docs/validation.md: the table `warpsim validate --family corpus` prints (the CLI's own
   * formatter and targets), made from the JSON run the README's summary uses too, so that the
   * docs check runs the family once.
   */
  async "corpus-table"(warpsim) {
    const result = JSON.parse(await warpsim(["validate", "--family", "corpus", "--format", "json"]));
    return "```\n" + formatValidationTable(result, MEMORY_VALIDATION_TARGETS) + "```\n";
  },

  /** README: the blind corpus of everyday kernels (validation/corpus), from its validate family. */
  async "corpus-summary"(warpsim) {
    const { summary: s } = JSON.parse(await warpsim(["validate", "--family", "corpus", "--format", "json"]));
    return (
      `On its ${s.rows} rows: active cycles within ${pct(s.cyclesActiveMape)} (MAPE), issue active within ${s.issueActiveMaePoints.toFixed(1)} points on average (worst ${s.issueActiveWorstPoints.toFixed(1)}), ` +
      `the dominant stall reason right in ${s.dominantStallMatches} of ${s.rows}, DRAM bytes read within ${pct(s.memory.dramReadMape)}.\n`
    );
  },

  /**
   * docs/validation.md: how unequal the lifetimes of one block's warps are, on the H100
   * (validation/h100/data/bench_plain_warp_timeline.csv) and in warpsim under two policies.
   */
  async fairness() {
    const timeline = readFileSync("validation/h100/data/bench_plain_warp_timeline.csv", "utf8").trim().split(/\r?\n/);
    const head = timeline[0].split(",");
    const col = (name) => head.indexOf(name);
    const rows = readValidationData("validation/h100/data/summary.csv");
    const spreadOf = (lifetimesByBlock) => {
      // Blocks with a warp timed at 0 cycles (clock64 read before the warp was scheduled) are left out.
      const s = [...lifetimesByBlock.values()].filter((v) => Math.min(...v) > 0).map((v) => Math.max(...v) / Math.min(...v)).sort((a, b) => a - b);
      const mid = s.length / 2;
      return s.length % 2 === 1 ? s[Math.floor(mid)] : (s[mid - 1] + s[mid]) / 2;
    };
    const lines = [
      "| kernel | K | F | warps per SM | H100: longest / shortest warp of a block (median over blocks) | warpsim oldest-block (issue active) | warpsim gto (issue active) |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ];
    for (const [variant, K, F, W] of [["fma", "1", "0", "64"], ["fma", "4", "0", "32"], ["fma", "4", "0", "64"], ["fma", "8", "0", "64"], ["l2", "4", "16", "64"]]) {
      const measured = new Map();
      for (const line of timeline.slice(1)) {
        const c = line.split(",");
        if (c[col("kernel")] !== variant || c[col("K")] !== K || c[col("F")] !== F || c[col("warps_per_sm")] !== W) continue;
        const key = c[col("block")];
        if (!measured.has(key)) measured.set(key, []);
        measured.get(key).push(Number(c[col("cycles")]));
      }
      const row = rows.find((r) => r.variant === variant && r.K === K && r.F === F && r.warps_per_sm === W);
      const simulated = ["oldest-block", "gto"].map((scheduler) => {
        const { fields } = benchRowScenario(configOf(row), readSassFixtures(BENCH_SASS_FIXTURES));
        const scenario = parseScenario(JSON.stringify({ ...fields, scheduler }), BENCH_SASS_FIXTURES, [], { readFile: readerBeside(BENCH_SASS_FIXTURES) });
        const start = new Map();
        const life = new Map();
        const result = simulate(scenario, {
          hooks: {
            issue: [],
            stateChange: [
              (cycle, _smsp, warp, state, _pc, block) => {
                if (!start.has(warp)) start.set(warp, [cycle, block]);
                if (state !== -1) return;
                const [from, b] = start.get(warp);
                if (!life.has(b)) life.set(b, []);
                life.get(b).push(cycle - from);
                start.delete(warp);
              },
            ],
          },
        });
        return `${spreadOf(life).toFixed(2)} (issue ${pct(result.sm.issueActive)})`;
      });
      lines.push(`| ${variant === "fma" ? "fma_chain" : `ld_chain (${variant})`} | ${K} | ${F} | ${W} | ${spreadOf(measured).toFixed(2)} | ${simulated.join(" | ")} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/scheduling.md: utilization and warp lifetimes as warps are added, per policy. */
  async starvation(warpsim) {
    const csv = await warpsim([
      "sweep", "scenarios/starvation.yaml", "--jobs", "1",
    ]);
    const [header, ...rows] = csv.trim().split("\n").map((l) => l.split(","));
    const col = (name) => header.indexOf(name);
    const lines = [
      "| scheduler | warps per scheduler | cycles | issue active | warp lifetime min | max | max / min |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ];
    for (const r of rows) {
      const min = Number(r[col("warp_lifetime_min")]);
      const max = Number(r[col("warp_lifetime_max")]);
      lines.push(`| ${r[col("scheduler")]} | ${r[col("launch.blocks")]} | ${r[col("cycles")]} | ${pct(Number(r[col("issue_active")]))} | ${min} | ${max} | ${(max / min).toFixed(2)} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** docs/sampling.md: sampled runs against exact ones, per validate family and the bundled scenarios. */
  async "sampled-coverage"(warpsim) {
    const lines = ["| what | runs | exact cycles inside the stated 95% interval | mean error | mean stated half-width | simulated |", "| --- | --- | --- | --- | --- | --- |"];
    const row = (name, pairs) => {
      const inside = pairs.filter((p) => Math.abs(p.sampled - p.exact) <= p.half).length;
      const mean = (f) => pairs.reduce((a, p) => a + f(p), 0) / pairs.length;
      lines.push(`| ${name} | ${pairs.length} | ${inside} (${pct(inside / pairs.length)}) | ${(100 * mean((p) => Math.abs(p.sampled - p.exact) / p.exact)).toFixed(2)}% | ${(100 * mean((p) => p.half / p.exact)).toFixed(2)}% | ${pct(mean((p) => p.share))} |`);
      return pairs;
    };
    const all = [];
    for (const family of ["micro", "sass", "sass-flushed", "heldout"]) {
      const exact = JSON.parse(await warpsim(["validate", "--family", family, "--format", "json"])).rows;
      const sampled = JSON.parse(await warpsim(["validate", "--family", family, "--format", "json", "--sample", "1%"])).rows;
      all.push(...row(`validate --family ${family}`, exact.map((r, i) => ({ exact: r.predicted.cyclesActive, sampled: sampled[i].predicted.cyclesActive, half: sampled[i].sampled.cyclesHalfWidth, share: sampled[i].sampled.simulatedShare }))));
    }
    const scenarios = ["scenarios/fma-saturate.yaml", "scenarios/sass-ldg-imad.yaml", "scenarios/sampled-loads.yaml", "scenarios/starvation.yaml", "scenarios/latency-hiding/ilp4-w8.yaml"];
    const pairs = [];
    for (const file of scenarios) {
      for (const seed of ["1", "2", "3"]) {
        const exact = JSON.parse(await warpsim(["run", file, "--format", "json", "--seed", seed]));
        const sampled = JSON.parse(await warpsim(["run", file, "--format", "json", "--seed", seed, "--sample", "1%"]));
        pairs.push({ exact: exact.cycles, sampled: sampled.cycles, half: sampled.sampled.cyclesHalfWidth, share: sampled.sampled.simulatedShare });
      }
    }
    all.push(...row(`${scenarios.length} bundled scenarios x 3 seeds`, pairs));
    row("**all**", all);
    return lines.join("\n") + "\n";
  },
};
