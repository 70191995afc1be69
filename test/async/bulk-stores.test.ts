import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenario, simulate } from "../../src/index.js";
import { readNcuExport } from "../../src/ncu/read-export.js";
import { readSass } from "../../src/sass/read-sass.js";
import { planExecution } from "../../src/exec/run-from-args.js";
import { executableKernel, runWarp } from "../../src/exec/run-warp.js";
import { SYNC_STORE } from "../../src/sm/async/sync-ops.js";
import { ACCESS_BYPASS_L1 } from "../../src/sm/warp-paths.js";

/**
 * Bulk stores (UTMASTG, UBLKCP.G.S) from the H100 probe's own listing against its measurements
 * (validation/async/store_probe.cu; data/store-probe.txt, data/ncu_store.csv).
 */
const DIR = "validation/async";
const LISTING = readFileSync(`${DIR}/store_probe.sass`, "utf8");
const measured = new Map<string, number>();
for (const line of readFileSync(`${DIR}/data/store-probe.txt`, "utf8").split("\n")) {
  const m = /^PROBE store mode=(\w+) bytes=(\d+) cycles_per_iter=([\d.]+)/.exec(line);
  if (m) measured.set(`${m[1]} ${m[2]}`, Number(m[3]));
}

function cycles(kernel: string, grid: number, shared: number, args: string): number {
  const yaml = ["arch: sm_90", `launch: { threadsPerBlock: 32, registersPerThread: 16, sharedMemPerBlock: ${shared} }`, `program: { sass: k.sass, kernel: ${kernel}, args: "${args}", grid: [${grid}] }`].join("\n");
  return simulate(parseScenario(yaml, "<test>", [], { readFile: () => ({ file: "k.sass", text: LISTING }) }), { maxCycles: 20_000_000 }).cycles;
}

/** Cycles per trip of probe_store's timed loop: the difference of 400 and 200 trips (the set-up, filling shared memory, cancels). */
function perTrip(mode: number, bytes: number): number {
  const at = (iters: number) => cycles("_Z11probe_storePhiii14CUtensorMap_stPx", 1, 65536, `4GiB, ${bytes}, ${iters}, ${mode}, tmap(f16, 4096x4096, box 64x64), 64B`);
  return (at(400) - at(200)) / 200;
}

/** The same for a TMA store of a 64 x `rows` box of halves. */
function perTripBox(rows: number): number {
  const at = (iters: number) => cycles("_Z11probe_storePhiii14CUtensorMap_stPx", 1, 65536, `4GiB, ${rows * 128}, ${iters}, 3, tmap(f16, 4096x4096, box 64x${rows}), 64B`);
  return (at(400) - at(200)) / 200;
}

describe("bulk stores against the H100's probe", () => {
  it("a bulk store and its wait, 128 B (fitted: the 94-cycle completion) and 32 KiB (fitted: 32 bytes per cycle); 4 KiB not fitted: within 2%", () => {
    for (const bytes of [128, 4096, 32768]) expect(Math.abs(perTrip(1, bytes) / measured.get(`bulk_done ${bytes}`)! - 1)).toBeLessThan(0.02);
  });
  it("TMA stores of 64 x 16 and 64 x 256 boxes of halves (2 and 32 KiB; the 39 cycles they are done sooner fitted on five boxes): within 2%", () => {
    expect(Math.abs(perTripBox(16) / measured.get("tma_box 2048")! - 1)).toBeLessThan(0.02);
    expect(Math.abs(perTripBox(256) / measured.get("tma_box 32768")! - 1)).toBeLessThan(0.02);
  });
  it("every SM storing 4 GiB with 4 KiB bulk stores, four groups in flight: the kernel's SM cycles within 3% of ncu's", () => {
    const launches = readNcuExport(readFileSync(`${DIR}/data/ncu_store.csv`, "utf8"), "ncu_store.csv");
    const iters = Math.floor(4294967296 / 132 / 4096);
    const sim = cycles("_Z12stream_storePhiiPx", 132, 4096, `4GiB, 4096, ${iters}, 4KiB`);
    expect(Math.abs(sim / launches[0].values.get("sm__cycles_active.avg")! - 1)).toBeLessThan(0.03);
    // About 38 s beside the docs check's process on a 2-core machine, past 60 s under more load.
  }, 180_000);
});

describe("a bulk store as the executor follows it", () => {
  // stream_store<<<132, 32>>>(dst, 4096, 3, out): block 5 stores dst + 5 x 3 x 4096, + 4096, + 8192.
  // Its size reaches UBLKCP.G.S as UPRMT UR14, UR8, 0x5410, URZ of bytes >> 4.
  const listing = readSass(LISTING, "store_probe.sass");
  if (!listing.ok) throw new Error("store_probe.sass did not read");
  const kernel = listing.kernels.find((k) => k.name === "_Z12stream_storePhiiPx")!;
  const plan = planExecution(kernel, { grid: [132], block: [32], args: "4GiB, 4096, 3, 4KiB", sm: 0, arch: "sm_90" }, "store_probe.sass");
  const path = runWarp(executableKernel(kernel), { launch: plan.launch, block: 5, warpInBlock: 0 }, 32, 1e6, true).path!;
  it("records three stores of 4,096 bytes, 4 KiB apart, each an access of 128 sectors past the L1", () => {
    const s = path.syncs!;
    const stores = [...s.op.keys()].filter((i) => s.op[i] === SYNC_STORE);
    expect(stores.map((i) => s.value[i])).toEqual([4096, 4096, 4096]);
    expect(s.address[stores[1]] - s.address[stores[0]]).toBe(4096);
    const dst = s.address[stores[0]];
    const a = path.accesses!;
    const copies = [...a.kind.keys()].filter((i) => a.kind[i] === ACCESS_BYPASS_L1);
    expect(copies.map((i) => a.start[i + 1] - a.start[i])).toEqual([128, 128, 128]);
    expect(a.sectors[a.start[copies[0]]]).toBe(dst / 32);
  });
});
