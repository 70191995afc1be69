import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { cli } from "./cli/cli-helper.js";

/** What `npm pack` would ship (no scripts run: dist/ is built by the test command). */
function packed(): { path: string; size: number }[] {
  const out = execFileSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return (JSON.parse(out) as { files: { path: string; size: number }[] }[])[0].files;
}

/** Issue 33, the package: what a user of the CLI installs. */
describe("the npm package", () => {
  const files = packed();
  const paths = new Set(files.map((f) => f.path));

  it("leaves the H100 measurements to the repository: validation data are a small part of it", () => {
    const total = files.reduce((a, f) => a + f.size, 0);
    const validation = files.filter((f) => f.path.startsWith("validation/")).reduce((a, f) => a + f.size, 0);
    // Was 17.4 MB unpacked, 16 MB of it validation/ (90%); now the listings the bundled scenario
    // and compare --help name (373 kB), beside about 1.3-2 MB of dist/.
    expect(total).toBeLessThan(4_000_000);
    expect(validation).toBeLessThan(500_000);
    expect(validation / total).toBeLessThan(0.3);
    expect(paths.has("LICENSE") && paths.has("DESIGN.md") && paths.has("dist/cli/main.js") && paths.has("bin/warpsim.js")).toBe(true);
  });

  it("ships every listing a bundled scenario names", () => {
    for (const file of files.filter((f) => /^scenarios\/.*\.ya?ml$/.test(f.path))) {
      const scenario = parse(readFileSync(file.path, "utf8")) as { program?: { sass?: string } };
      const sass = scenario.program?.sass;
      if (sass !== undefined) expect(paths.has(join(file.path, "..", sass))).toBe(true);
    }
    expect(paths.has("validation/sass/kernels.sass")).toBe(true); // scenarios/sass-ldg-imad.yaml's
  });

  it("validate from an installed package says the data come with a clone, naming the missing files; from a clone it runs", async () => {
    const { missingValidationData } = await import("../src/cli/commands/validate.js");
    expect(missingValidationData([resolve("validation/h100/data/summary.csv")])).toBeUndefined();
    const message = missingValidationData([resolve("no-such/summary.csv")]);
    expect(message).toContain("which the npm package leaves out; not found: no-such/summary.csv. Run it from a clone of the repository (npm ci && npx warpsim validate).");
    // From a clone it runs.
    expect((await cli("validate", "--family", "heldout", "--format", "json")).code).toBe(0);
  }, 60_000);

  it("the packed package.json has no install script (npm 11 warns about prepare), and packing restores the clone's", () => {
    const dir = mkdtempSync(join(tmpdir(), "warpsim-pack-"));
    const manifest = { name: "x", scripts: { prepare: "npm run build", build: "tsc" } };
    writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
    const script = resolve("tools/package/pack-manifest.mjs");
    execFileSync("node", [script, "strip"], { cwd: dir });
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).scripts).toEqual({ build: "tsc" });
    execFileSync("node", [script, "restore"], { cwd: dir });
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))).toEqual(manifest);
    const own = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(own.scripts.prepack).toContain("pack-manifest.mjs strip");
    expect(own.scripts.postpack).toContain("pack-manifest.mjs restore");
  });
});
