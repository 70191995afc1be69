/**
 * `load-compute`: the classic latency-hiding kernel. Each iteration issues `ilp` independent
 * global loads, then `computePerLoad` FFMAs per loaded value, chained on an accumulator per
 * load (acc_k = acc_k * v_k + c) and interleaved across the loads, so the FFMAs too have ILP
 * `ilp`. Loads of the next iteration do not depend on the FFMAs (a streaming kernel). The loop
 * closes with one branch per iteration; a final STG writes the accumulators back.
 */
export interface LoadComputeParams {
  readonly ilp: number;
  readonly computePerLoad: number;
  readonly iterations: number;
}

/** Registers: R2/R3 address, R4 the constant, R8.. loaded values, then accumulators. */
const ADDRESS = "R2.64";
const CONSTANT = "R4";
const FIRST_VALUE = 8;

export function loadCompute({ ilp, computePerLoad, iterations }: LoadComputeParams): string {
  const value = (k: number) => `R${FIRST_VALUE + k}`;
  const acc = (k: number) => `R${FIRST_VALUE + ilp + k}`;
  const lines = [
    `# load-compute: ilp=${ilp}, computePerLoad=${computePerLoad}, iterations=${iterations}`,
    `.loop ${iterations}`,
  ];
  for (let k = 0; k < ilp; k++) lines.push(`  LDG.E ${value(k)}, [${ADDRESS}]`);
  for (let j = 0; j < computePerLoad; j++) {
    for (let k = 0; k < ilp; k++) lines.push(`  FFMA ${acc(k)}, ${acc(k)}, ${value(k)}, ${CONSTANT}`);
  }
  lines.push(".endloop");
  for (let k = 0; k < ilp; k++) lines.push(`STG.E [${ADDRESS}], ${acc(k)}`);
  lines.push("EXIT");
  return lines.join("\n") + "\n";
}

/** Static instructions the generator writes (for the size check before generating). */
export function loadComputeLength({ ilp, computePerLoad }: LoadComputeParams): number {
  return ilp * (computePerLoad + 2) + 2;
}

/** Largest ilp whose registers fit below R254. */
export const LOAD_COMPUTE_MAX_ILP = Math.floor((254 - FIRST_VALUE) / 2);
