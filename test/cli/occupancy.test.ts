import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";

async function cli(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(["node", "warpsim", ...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), isTty: false });
  return { code, stdout, stderr };
}

describe("warpsim occupancy", () => {
  it("prints the limits like Nsight Compute's Occupancy section", async () => {
    // 256 threads x 64 registers: 2048 registers per warp, 8 warps per sub-partition, 32 per
    // SM: 4 blocks of 8 warps. 48 KiB + 1 KiB reserve = 50176 B per block: 233472 / 50176 = 4.
    const r = await cli("occupancy", "--arch", "sm_90", "--threads", "256", "--regs", "64", "--smem", "48K");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Block Limit Registers\s+4\n/);
    expect(r.stdout).toMatch(/Block Limit Shared Mem\s+4\n/);
    expect(r.stdout).toMatch(/Block Limit Warps\s+8\n/);
    expect(r.stdout).toMatch(/Theoretical Occupancy\s+50.00%/);
    expect(r.stdout).toContain("Limited by                              registers, shared_memory");
    // Registers 65-80: 2560 per warp, 6 warps per sub-partition, 24 per SM: 3 blocks.
    expect(r.stdout).toMatch(/65-80\s+3 blocks\s+24 warps\s+37.5%/);
    expect(r.stdout).toMatch(/0-64\s+4 blocks\s+32 warps\s+50.0% █+\s+◀ current/);
  });

  it("gives JSON and CSV with the three impact-of-varying views", async () => {
    const json = JSON.parse((await cli("occupancy", "-t", "128", "-f", "json")).stdout);
    expect(json.blocksPerSm).toBe(16);
    expect(Object.keys(json.impact)).toEqual(["blockSize", "registersPerThread", "sharedMemPerBlock"]);
    const csv = (await cli("occupancy", "-t", "128", "-f", "csv")).stdout.split("\n");
    expect(csv[0]).toBe("vary,from,to,blocks_per_sm,warps_per_sm,occupancy,current,at,limit_warps,limit_registers,limit_shared_memory,limit_blocks,limit_barriers,limited_by");
    const current = csv.filter((l) => l.split(",")[6] === "1");
    expect(current).toHaveLength(3);
    // 128 threads, 32 registers, no shared memory on sm_90 (by hand): 16 blocks by the 64 warp
    // slots, 16 by registers (65,536 / (32 x 128)), 228 by shared memory (the 1 KiB the driver
    // reserves per block, in 228 KiB), 32 block slots, 64 by barriers; warps and registers limit.
    for (const row of current) expect(row.split(",").slice(8)).toEqual(["16", "16", "228", "32", "64", "warps+registers"]);
    expect(current.map((row) => row.split(",")[7])).toEqual(["128", "32", "0"]);
  });

  it("refuses a launch CUDA would refuse, naming the limit and both numbers", async () => {
    const r = await cli("occupancy", "--threads", "1024", "--regs", "128");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("too many resources requested for launch on sm_90");
    expect(r.stderr).toContain("131072 registers per block");
    expect(r.stderr).toContain("65536");
  });

  it("explains each option and the unit K = 1024 bytes", async () => {
    const r = await cli("occupancy", "--help");
    for (const s of ["--arch", "--threads", "--regs", "--smem", "--static-smem", "--carveout", "--format", "--chart", "K = 1024 bytes"]) {
      expect(r.stdout).toContain(s);
    }
  });

  it("draws the three views as SVG with --chart", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "warpsim-occ-")), "charts");
    const r = await cli("occupancy", "--threads", "256", "--regs", "64", "--chart", dir);
    expect(r.code).toBe(0);
    for (const name of ["occupancy-block-size", "occupancy-registers", "occupancy-shared-memory"]) {
      expect(XMLValidator.validate(readFileSync(join(dir, `${name}.svg`), "utf8"))).toBe(true);
      // The current launch is marked: 64 registers, 32 warps per SM (4 blocks of 8 warps).
      if (name === "occupancy-registers") {
        expect(JSON.parse(readFileSync(join(dir, `${name}.vl.json`), "utf8")).layer[1].data.values).toEqual([{ x: 64, warps: 32 }]);
      }
    }
  });

  it("rejects a bad size", async () => {
    const r = await cli("occupancy", "--threads", "128", "--smem", "lots");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('found "lots"');
  });
});

describe("warpsim archs", () => {
  it("lists every preset with its key limits", async () => {
    const r = await cli("archs");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/sm_90\s+H100 SXM \(Hopper\)\s+9.0\s+132\s+64\s+32\s+65536\s+228 KiB\s+227 KiB\s+1024 B/);
    for (const name of ["sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_100", "sm_120"]) expect(r.stdout).toContain(name);
  });
});
