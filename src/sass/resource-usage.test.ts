import { describe, expect, it } from "vitest";
import { isResourceUsageLine, readResourceUsage } from "./resource-usage.js";

// The form cuobjdump -res-usage prints (CUDA 12-13): a Common block, then one Function per kernel.
const OUTPUT = `Resource usage:
 Common:
  GLOBAL:0
 Function _Z10sgemm_smemILi16EEviiiPKfS1_Pf:
  REG:40 STACK:0 SHARED:2048 LOCAL:0 CONSTANT[0]:576 TEXTURE:0 SURFACE:0 SAMPLER:0
 Function _Z5saxpyifPfS_:
  REG:8 STACK:16 SHARED:0 LOCAL:4 CONSTANT[2]:128 CONSTANT[0]:552 TEXTURE:0 SURFACE:0 SAMPLER:0
`;

describe("cuobjdump -res-usage", () => {
  it("reads each kernel's registers, static shared memory, stack and local bytes", () => {
    const usage = readResourceUsage(OUTPUT);
    expect([...usage.keys()]).toEqual(["_Z10sgemm_smemILi16EEviiiPKfS1_Pf", "_Z5saxpyifPfS_"]);
    // sgemm_smem<16>: two 16 x 16 float tiles = 2 x 1,024 bytes.
    expect(usage.get("_Z10sgemm_smemILi16EEviiiPKfS1_Pf")).toEqual({ registers: 40, sharedBytes: 2048, stackBytes: 0, localBytes: 0 });
    expect(usage.get("_Z5saxpyifPfS_")).toEqual({ registers: 8, sharedBytes: 0, stackBytes: 16, localBytes: 4 });
  });

  it("takes a Function line without its fields as no usage, and does not read a SASS header", () => {
    expect(readResourceUsage(" Function k:\n\n  GLOBAL:0\n").size).toBe(0);
    expect(readResourceUsage("\tFunction : _Z5saxpyifPfS_\n  REG:8 SHARED:0\n").size).toBe(0);
  });

  it("tells its lines from SASS lines", () => {
    for (const line of OUTPUT.trim().split("\n")) expect(isResourceUsageLine(line)).toBe(true);
    expect(isResourceUsageLine("\tFunction : _Z5saxpyifPfS_")).toBe(false);
    expect(isResourceUsageLine(".L_x_3:")).toBe(false);
    expect(isResourceUsageLine("        /*0000*/                   LDC R1, c[0x0][0x28] ;  /* 0x00000a00ff017b82 */")).toBe(false);
  });
});

describe("cuobjdump -res-usage of the execution fixtures (CUDA 13, validation/exec/profile.sh)", () => {
  it("reads every kernel's registers as the file lists them, and the fatbin banners around them are skipped", async () => {
    const { readFileSync } = await import("node:fs");
    const text = readFileSync("validation/exec/data/res-usage.txt", "utf8");
    const usage = readResourceUsage(text);
    const registers = Object.fromEntries([...usage].map(([name, u]) => [name, u.registers]));
    expect(registers).toEqual({ early_exit: 10, shuffle_tail: 14, divergent_ifelse: 10, div_index: 13, tile_blocks: 14, tail_stride: 24 });
    expect([...usage.values()].every((u) => u.sharedBytes === 0 && u.stackBytes === 0 && u.localBytes === 0)).toBe(true);
  });
});
