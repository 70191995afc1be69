import { loadCompute, loadComputeLength, LOAD_COMPUTE_MAX_ILP, type LoadComputeParams } from "./load-compute.js";

/** A program generator: named parameters in, assembly text out (docs/scenario-format.md). */
export type GeneratorSpec = { readonly generator: "load-compute" } & LoadComputeParams;

export function generateAssembly(spec: GeneratorSpec): string {
  switch (spec.generator) {
    case "load-compute":
      return loadCompute(spec);
  }
}

export { LOAD_COMPUTE_MAX_ILP, loadComputeLength };
