/**
 * The instruction streams of the H100 microbenchmarks `fma_chain<K>` and `ld_chain<K, F>`
 * (validation/h100/data; validation/h100/method/src/bench.cu), rebuilt from their SASS as
 * listed in validation/h100/method/GROUNDTRUTH.md: the same loop body instruction for instruction, the same
 * trip count, and a prologue/epilogue padded so each warp executes exactly `inst_per_warp`.
 */
export interface BenchConfig {
  readonly kernel: "fma_chain" | "ld_chain";
  /** fma, dram or l2: where ld_chain's loads are served. */
  readonly variant: string;
  /** Independent chains (ILP). */
  readonly K: number;
  /** FFMAs per load per chain (ld_chain). */
  readonly F: number;
  readonly warpsPerSm: number;
  readonly threadsPerBlock: number;
  /** Blocks of the whole grid (132 SMs). */
  readonly blocks: number;
  readonly dynSmemBytes: number;
  /** Loop trips. */
  readonly iters: number;
  /** Measured warp-instructions per warp, if known (it fixes the prologue's length). */
  readonly instPerWarp?: number;
}

const H100_SMS = 132;

/** Loop body of fma_chain<K>: 32 FFMAs over K accumulators, UIADD3, ISETP (and the BRA). */
function fmaLoop(K: number): string[] {
  const body: string[] = [];
  for (let i = 0; i < 32; i++) {
    const acc = accumulator(i % K);
    body.push(`FFMA ${acc}, ${acc}, UR8, R0`);
    if (i === 0) body.push("UIADD3 UR4, UR4, 0x1, URZ");
    if (i === 1) body.push("ISETP.LE.AND P1, PT, R6, UR4, PT");
  }
  return body;
}

/**
 * Loop body of ld_chain<K, F>: K address computations and loads, the loop counter, F rounds
 * of K dependent FFMAs, K LOP3 that form the next addresses (F > 0; with F = 0 the loaded
 * value is the next index) and the BRA. K = 8 (any F) and K = 4 with F = 0 reload the buffer
 * base with an LDC first (register pressure at 32 registers).
 *
 * Each instruction carries the stall count ptxas gave it (`[S6] ...`; the control codes in
 * validation/microbench/steady-probe/sass-control.txt, from cuobjdump -sass of the ground
 * truth's build), because the H100 waits them out whatever the operands:
 * - IMAD.WIDE every 4 cycles, each LDG 6 cycles after its IMAD.WIDE and 4 after the previous
 *   LDG, the two streams merged in time order (K = 4, F = 0: IMAD.WIDE at 0, 4, 8, 12, LDGs
 *   at 5, 10, 14, 18 in the SASS; here 6, 10, 14, 18);
 * - UIADD3 S6 (uniform to vector), then ISETP S13 before the BRA that reads its predicate
 *   (F = 0), or S1 before the FFMAs;
 * - LOP3s S2 apart (the ALU takes one every 2 cycles).
 */
function ldLoop(K: number, F: number): string[] {
  const body: string[] = [];
  if (K >= 8 || (K >= 4 && F === 0)) body.push("LDC.64 R2, c[0x0][0x210]");
  // The load phase, as issue times of IMAD.WIDE k (4k) and LDG k.
  const timed: { at: number; text: string }[] = [];
  let lastLoad = -Infinity;
  for (let k = 0; k < K; k++) {
    const index = F > 0 ? `R${30 + k}` : value(k);
    timed.push({ at: 4 * k, text: `IMAD.WIDE.U32 R${40 + 2 * k}, ${index}, 0x4, R2` });
    lastLoad = Math.max(4 * k + 6, lastLoad + 4);
    timed.push({ at: lastLoad, text: `LDG.E.STRONG.GPU ${value(k)}, desc[UR6][R${40 + 2 * k}.64]` });
  }
  timed.sort((a, b) => a.at - b.at);
  timed.forEach((t, i) => body.push(`[S${i + 1 < timed.length ? timed[i + 1].at - t.at : 1}] ${t.text}`));
  body.push("[S6] UIADD3 UR4, UR4, 0x1, URZ", `[S${F === 0 ? 13 : 1}] ISETP.LE.AND P0, PT, R18, UR4, PT`);
  for (let f = 0; f < F; f++) {
    for (let k = 0; k < K; k++) body.push(`FFMA ${accumulator(k)}, ${value(k)}, ${accumulator(k)}, UR8`);
  }
  if (F > 0) for (let k = 0; k < K; k++) body.push(`[S${k + 1 < K ? 2 : 1}] LOP3.LUT R${30 + k}, ${value(k)}, UR9, ${accumulator(k)}, 0xf8, !PT`);
  return body;
}

const accumulator = (k: number) => `R${60 + k}`;
const value = (k: number) => `R${20 + k}`;

/** Instructions outside the loop per warp when `inst_per_warp` is not given (validation/h100/method/GROUNDTRUTH.md). */
function defaultOverhead(kernel: BenchConfig["kernel"], K: number, F: number): number {
  if (kernel === "fma_chain") return interpolate({ 1: 50, 2: 53, 4: 57, 8: 67 }, K);
  return F === 0 ? interpolate({ 1: 72, 2: 86, 4: 112, 8: 166 }, K) : interpolate({ 1: 76, 2: 93, 4: 127, 8: 185 }, K);
}

function interpolate(table: Record<number, number>, K: number): number {
  const keys = Object.keys(table).map(Number);
  if (K in table) return table[K];
  const lo = Math.max(...keys.filter((k) => k < K), keys[0]);
  const hi = Math.min(...keys.filter((k) => k > K), keys[keys.length - 1]);
  if (lo === hi) return table[lo];
  return Math.round(table[lo] + ((table[hi] - table[lo]) * (K - lo)) / (hi - lo));
}

/**
 * The code outside the loop: in the real kernels, reads of kernel parameters (LDC), of %smid,
 * %warpid and the clocks (S2R, CS2R: also through MIO) and the integer work that uses them. It
 * is modelled as groups of one constant load followed by 7 integer instructions that need it:
 * ncu shows every warp of every configuration spending about 208 cycles in short_scoreboard
 * outside the loop (fma_chain K = 1, W = 1: 0.0116 x 17970; ld_chain K = 1: 0.55 x 392), about
 * nine 23-cycle MIO waits. The constant loads read the parameter line (c[0x0][0x210..0x238], one
 * 64-byte line, as the kernels' parameters): its first touch is the one constant-cache miss
 * (ArchSpec.constantCache) every warp waits for.
 */
function prologueOf(length: number): string[] {
  return Array.from({ length }, (_, i) =>
    i % 8 === 0 ? `LDC R${100 + ((i / 8) % 50)}, c[0x0][0x${(0x210 + 8 * ((i / 8) % 6)).toString(16)}]` : `IADD3 R${150 + (i % 8)}, R${100 + (Math.floor(i / 8) % 50)}, 0x1, RZ`,
  );
}

/** The benchmark's per-warp program as warpsim assembly. */
export function benchAssembly(c: BenchConfig): string {
  const loop = c.kernel === "fma_chain" ? fmaLoop(c.K) : ldLoop(c.K, c.F);
  const loopLength = loop.length + 1; // + the closing BRA
  const overhead = c.instPerWarp !== undefined ? Math.round(c.instPerWarp - c.iters * loopLength) : defaultOverhead(c.kernel, c.K, c.F);
  // Epilogue: reduce the accumulators, store, exit.
  const epilogue = [...Array.from({ length: Math.max(0, c.K - 1) }, (_, k) => `FADD R60, R60, ${accumulator(k + 1)}`), "STG.E [R4.64], R60", "EXIT"];
  const prologue = prologueOf(Math.max(0, overhead - epilogue.length));
  // The loop closes with `@!P0 BRA` (`@!P1` in fma_chain): it waits for the ISETP.
  const close = c.kernel === "fma_chain" ? ".endloop @!P1" : ".endloop @!P0";
  return [...prologue, `.loop ${c.iters}`, ...loop.map((l) => `  ${l}`), close, ...epilogue].join("\n") + "\n";
}

/** A complete scenario (as YAML-equivalent fields) running one SM of the benchmark's launch. */
export function benchScenario(c: BenchConfig): Record<string, unknown> {
  const blocksPerSm = Math.max(1, Math.round(c.blocks / H100_SMS));
  return {
    name: `${c.kernel}<K=${c.K}${c.kernel === "ld_chain" ? `,F=${c.F}` : ""}> ${c.variant} W=${c.warpsPerSm}`,
    arch: "sm_90",
    launch: {
      threadsPerBlock: c.threadsPerBlock,
      blocks: blocksPerSm,
      registersPerThread: 32, // __launch_bounds__(1024, 2)
      sharedMemPerBlock: c.dynSmemBytes,
      residentBlocks: blocksPerSm,
    },
    memory: {
      level: c.variant === "l2" ? "l2" : "dram",
      // ncu: drain per warp is about 23 cycles (ld_chain dram K = 1 W = 1: 0.06 x 392).
      storeLatency: { kind: "fixed", cycles: 23 },
    },
    seed: 1,
    program: benchAssembly(c),
  };
}
