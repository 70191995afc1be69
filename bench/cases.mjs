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
