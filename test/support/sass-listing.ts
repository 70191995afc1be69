/**
 * A cuobjdump-style listing of one kernel `k` for tests: one instruction per 16 bytes, each with
 * the control code of stall 1 and no dependency barriers (0x000fe20000000000).
 */
export function sassListing(instructions: readonly string[]): string {
  const lines = ["", "\tcode for sm_90", "\t\tFunction : k", '\t.headerflags\t@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"'];
  instructions.forEach((text, i) => {
    lines.push(`        /*${(i * 16).toString(16).padStart(4, "0")}*/                   ${text} ;      /* 0x0000000000007918 */`);
    lines.push(`                                                  /* 0x000fe20000000000 */`);
  });
  lines.push("\t\t..........");
  return lines.join("\n");
}
