// The benchmark scenarios of issue "Speed" (bench/RESULTS.md): each returns scenario YAML.
const repeat = (n, line) => Array.from({ length: n }, (_, i) => line(i)).join("\n");

export const CASES = {
  /** 64 warps of FFMA at ILP 4: about 10.1 million warp-instructions, issue-bound. */
  "issue-bound": () => `
name: issue-bound
launch: { threadsPerBlock: 1024, blocks: 2, registersPerThread: 32 }
program: |
  .loop 4800
${repeat(32, (i) => `    FFMA R${10 + (i % 4)}, R${10 + (i % 4)}, R4, R5`)}
  .endloop
  EXIT
`,
  /** One warp, a dependent chain of loads at latency 8: 1.6 million instructions. */
  "latency-bound-8": () => latencyBound(8, 100_000),
  /** The same instruction count at latency 800. */
  "latency-bound-800": () => latencyBound(800, 100_000),
  /** 32 warps of load-compute with random 400-800-cycle latency. */
  mixed: () => `
name: mixed
launch: { threadsPerBlock: 1024, blocks: 1, registersPerThread: 32 }
memory: { latency: { kind: uniform, min: 400, max: 800 } }
program: { generator: load-compute, ilp: 4, computePerLoad: 8, iterations: 2000 }
`,
  /** 8 blocks of 8 warps with a BAR every 16 instructions. */
  "barrier-heavy": () => `
name: barrier-heavy
launch: { threadsPerBlock: 256, blocks: 8, registersPerThread: 32 }
program: |
  .loop 20000
${repeat(15, (i) => `    FFMA R${10 + (i % 3)}, R${10 + (i % 3)}, R4, R5`)}
    BAR.SYNC 0
  .endloop
  EXIT
`,
  /** A grid of 10,000 blocks that runs in waves (16 resident at a time). */
  "grid-waves": () => `
name: grid-waves
launch: { threadsPerBlock: 128, blocks: 10000, registersPerThread: 32 }
memory: { latency: { kind: uniform, min: 400, max: 800 } }
program: |
  .loop 4
    LDG.E R8, [R2.64]
${repeat(8, () => "    FFMA R9, R9, R8, R4")}
  .endloop
  STG.E [R2.64], R9
  EXIT
`,
  // Issue 13's cases: realistic mixes, and the cost per instruction against warps per scheduler.
  /** FFMA/IADD3 mix, 16 warps per scheduler, issue-bound: about 10.2 million instructions. */
  "mix-16w": () => `
name: mix-16w
launch: { threadsPerBlock: 1024, blocks: 2, registersPerThread: 32 }
program: |
  .loop 4800
${repeat(32, (i) => (i % 4 === 3 ? `    IADD3 R${20 + (i % 8)}, R${20 + (i % 8)}, 1, RZ` : `    FFMA R${10 + (i % 4)}, R${10 + (i % 4)}, R4, R5`))}
  .endloop
  EXIT
`,
  /** Loads + 8 FFMA per load, 8 warps per scheduler, 400-800-cycle loads: about 9.4 million. */
  "loads-8w": () => `
name: loads-8w
launch: { threadsPerBlock: 1024, blocks: 1, registersPerThread: 32 }
memory: { latency: { kind: uniform, min: 400, max: 800 } }
program: { generator: load-compute, ilp: 4, computePerLoad: 8, iterations: 8000 }
`,
  /** A BAR after every 8 instructions, 16 warps per scheduler. */
  "barrier-8": () => `
name: barrier-8
launch: { threadsPerBlock: 512, blocks: 4, registersPerThread: 32 }
program: |
  .loop 12000
${repeat(7, (i) => `    FFMA R${10 + (i % 4)}, R${10 + (i % 4)}, R4, R5`)}
    BAR.SYNC 0
  .endloop
  EXIT
`,
  /** The same 4.9 million FFMA/IADD3 instructions with 1 and with 16 warps per scheduler. */
  "warps-1": () => sameWork(1),
  "warps-16": () => sameWork(16),
  /** Between them, for where a cost per instruction turns with the warps per scheduler. */
  "warps-4": () => sameWork(4),
  "warps-8": () => sameWork(8),
  /** One warp chasing pointers at latency 800 for 10^9 cycles (memory must stay bounded). */
  "billion-cycles": () => latencyBound(800, 78_125),
};

function latencyBound(latency, trips) {
  return `
name: latency-bound-${latency}
launch: { threadsPerBlock: 32, blocks: 1 }
memory: { latency: { kind: fixed, cycles: ${latency} } }
arch: { preset: sm_90, branch: { resolveCycles: 0, takenRefetchCycles: 0 } }
program: |
  .loop ${trips}
${repeat(16, () => "    LDG.E.64 R2, [R2.64]")}
  .endloop
  EXIT
`;
}

/** 4 x w warps (w per scheduler) sharing 4.9 M instructions: trips scale as 1 / w. */
function sameWork(w) {
  const trips = Math.round(38400 / w);
  return `
name: warps-${w}
launch: { threadsPerBlock: 128, blocks: ${w}, registersPerThread: 32 }
program: |
  .loop ${trips}
${repeat(32, (i) => (i % 4 === 3 ? `    IADD3 R${20 + (i % 8)}, R${20 + (i % 8)}, 1, RZ` : `    FFMA R${10 + (i % 4)}, R${10 + (i % 4)}, R4, R5`))}
  .endloop
  EXIT
`;
}
