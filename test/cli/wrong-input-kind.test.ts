import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, scratchDir, writeScenario } from "./cli-helper.js";

/** Issue 32 item 5: the wrong kind of file, and a mistyped opcode, get a way out, not a wall of text. */
describe("a binary where a listing is expected, a mistyped opcode", () => {
  const dir = scratchDir();

  it("a cubin or an executable given as the listing: run cuobjdump -sass on it", async () => {
    const cubin = join(dir, "kernels.cubin");
    writeFileSync(cubin, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64), Buffer.from("\u00be\u0000.nv.info")]));
    for (const args of [["run", "--sass", cubin], ["sass", cubin]]) {
      const r = await cli(...args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(`expected a SASS listing: run \`cuobjdump -sass ${cubin} > kernels.sass\` (or nvdisasm for a cubin) and pass its output, found a cubin or an executable (an ELF file).`);
      expect(r.stderr.split("\n").length).toBeLessThan(4);
    }
  });

  it("a mistyped opcode names the nearest ones, not all 193", async () => {
    const file = writeScenario(dir, "typo.yaml", "arch: sm_90\nlaunch: { threadsPerBlock: 32 }\nprogram: |\n  FFMAA R1, R2, R3, R4\n  EXIT\n");
    const r = await cli("run", file);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('line 4, field program: expected an opcode such as FFMA or FFMA2 (docs/sass.md, "Opcodes", lists all');
    expect(r.stderr).not.toContain("HGMMA");
  });
});
