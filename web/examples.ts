// The bundled and gallery scenarios as one-click examples (their YAML is bundled as text).
import single807 from "../scenarios/single-warp-807.yaml?raw";
import fmaSaturate from "../scenarios/fma-saturate.yaml?raw";
import ilp1w8 from "../scenarios/latency-hiding/ilp1-w8.yaml?raw";
import ilp4w8 from "../scenarios/latency-hiding/ilp4-w8.yaml?raw";
import starvation from "../scenarios/starvation.yaml?raw";
import loadIlp from "../docs/gallery/scenarios/load-ilp.yaml?raw";
import sassLdg from "../scenarios/sass-ldg-imad.yaml?raw";
import kernelsSass from "../validation/sass/kernels.sass?raw";

export interface Example {
  readonly name: string;
  readonly yaml: string;
  /** The SASS listing the scenario's `program.sass` names, when it has one. */
  readonly sass?: string;
}

export const EXAMPLES: readonly Example[] = [
  { name: "One warp: LDG, FFMA, STG (807 cycles)", yaml: single807 },
  { name: "FFMA saturation (16 warps, ILP 4)", yaml: fmaSaturate },
  { name: "Latency hiding: ILP 1, 8 warps", yaml: ilp1w8 },
  { name: "Latency hiding: ILP 4, 8 warps", yaml: ilp4w8 },
  { name: "Gallery: loads with ILP", yaml: loadIlp },
  { name: "Starvation under age priority", yaml: starvation },
  { name: "A real kernel from its SASS (ldg_imad)", yaml: sassLdg, sass: kernelsSass },
];
