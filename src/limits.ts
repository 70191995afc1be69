/**
 * Sizes a scenario may ask for, checked before anything is allocated. Each limit is several
 * times what any real SM has, so no real configuration meets one; they exist so that a typo
 * (`maxWarpsPerSm: 10000000`) gets an error naming the field instead of exhausting memory.
 * docs/scenario-format.md ("Limits") lists them with these reasons.
 */
export const LIMITS = {
  /** Warp slots per SM: 4x the 64 of sm_80/sm_90. The scoreboard keeps 328 entries per slot. */
  maxWarpsPerSm: 256,
  /** Threads per SM follow from the warp slots (32 threads a warp). */
  maxThreadsPerSm: 256 * 32,
  /** Block slots per SM: 8x the 32 of sm_80/sm_90. Each holds 16 barriers. */
  maxBlocksPerSm: 256,
  /** Threads per block: 8x CUDA's 1,024. */
  maxThreadsPerBlock: 8192,
  /** Sub-partitions per SM: 4x the 4 of every architecture since Volta. */
  subpartitionsPerSm: 16,
  /** Instructions in a program as written or generated (about 100 bytes each once decoded). */
  programInstructions: 2_000_000,
  /** `.loop`s in a program: each warp slot keeps a trip counter per loop (8 bytes x 256 slots). */
  programLoops: 65_536,
  /** Program text: 64 MiB, about 20 bytes per instruction at the instruction limit. */
  programBytes: 64 * 1024 * 1024,
  /** Scenario file size: 64 MiB. */
  scenarioBytes: 64 * 1024 * 1024,
  /** Any other input file (an ncu export, a sweep part, validation data): 256 MiB. */
  inputFileBytes: 256 * 1024 * 1024,
} as const;
