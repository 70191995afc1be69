// The published package.json without the `prepare` script: a clone needs it (`npm ci` builds
// dist/), an installed package has dist/ already, and npm 11 warns its users about any install
// script ("1 package has install scripts not yet covered by allowScripts: warpsim (prepare)").
// `npm pack` / `npm publish` run this with `strip` before packing (prepack) and `restore` after
// (postpack); the clone's package.json is kept in package.json.pack-backup meanwhile.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const [step] = process.argv.slice(2);
const backup = "package.json.pack-backup";
if (step === "strip") {
  copyFileSync("package.json", backup);
  const pkg = JSON.parse(readFileSync("package.json", "utf8"));
  delete pkg.scripts.prepare;
  writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
} else if (step === "restore") {
  if (existsSync(backup)) renameSync(backup, "package.json");
} else {
  console.error("usage: node tools/package/pack-manifest.mjs strip|restore");
  process.exit(1);
}
