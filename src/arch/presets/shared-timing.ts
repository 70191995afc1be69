import type { ArchSpec } from "../arch-spec.js";

/**
 * Timing shared by the presets that have no measurements of their own. Volta and later run
 * dependent FFMA/IADD3/IMAD with a 4-cycle latency (Jia et al., "Dissecting the NVIDIA Volta
 * GPU Architecture via Microbenchmarking", 2018, and the Turing follow-up, 2019); the rest is
 * taken from the H100 measurements of sm_90 (see sm_90.ts) and marked [model] there. Presets
 * override what differs (pipe widths, memory latencies).
 */
export const SHARED_TIMING: Pick<ArchSpec, "opcodes" | "resultDelayCycles" | "branch" | "barrier"> = {
  opcodes: {
    FFMA: { latencyCycles: 4 },
    FADD: { latencyCycles: 4 },
    FMUL: { latencyCycles: 4 },
    IMAD: { latencyCycles: 4, issueCycles: 2 },
    IADD3: { latencyCycles: 4 },
    LOP3: { latencyCycles: 4 },
    ISETP: { latencyCycles: 4 },
    FSETP: { latencyCycles: 4 },
    MOV: { latencyCycles: 4 },
    SHF: { latencyCycles: 4 },
    LEA: { latencyCycles: 4 },
    DFMA: { latencyCycles: 8 },
    DADD: { latencyCycles: 8 },
    DMUL: { latencyCycles: 8 },
    MUFU: { latencyCycles: 17 },
    HMMA: { latencyCycles: 32 },
    LDS: { latencyCycles: 23 },
    STS: { latencyCycles: 23 },
    LDC: { latencyCycles: 23 },
    UIADD3: { latencyCycles: 2 },
    UMOV: { latencyCycles: 2 },
    BRA: { latencyCycles: 6 },
    EXIT: { latencyCycles: 1 },
    BAR: { latencyCycles: 1 },
    NOP: { latencyCycles: 1 },
  },
  resultDelayCycles: 0,
  branch: { resolveCycles: 3, takenRefetchCycles: 2, resolveWithinCycles: 8 },
  // As measured on sm_90 (its preset cites the barrier probe); not measured on these.
  barrier: { arrivalCycles: 2, releaseCycles: 13 },
};
