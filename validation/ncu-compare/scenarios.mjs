// Writes the scenarios of the three captured launches (capture.sh) from their rows of
// validation/h100/data/summary.csv, exactly as `warpsim validate` builds them, with the
// registers per thread the profile records (validate's rows do not say; they change no timing there):
//   npm run build && node validation/ncu-compare/scenarios.mjs
import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { relative } from "node:path";
import { BENCH_SASS_FIXTURES, benchRowScenario } from "../../dist/run/bench-sass.js";
import { readSassFixtures } from "../../dist/run/sass-fixtures.js";
import { configOf, readValidationData } from "../../dist/run/validate.js";
import { readFileSync } from "node:fs";
import { readNcuExport } from "../../dist/ncu/read-export.js";
import { profileLaunch } from "../../dist/ncu/profile-launch.js";

const rows = readValidationData("validation/h100/data/summary.csv");
const pick = (kernel, variant, K, F, W) => rows.find((r) => r.kernel === kernel && r.variant === variant && r.K === K && r.F === F && r.warps_per_sm === W);
const launches = {
  fma_k4_w16: pick("fma_chain", "fma", "4", "0", "16"),
  dram_k4_f16_w32: pick("ld_chain", "dram", "4", "16", "32"),
  l2_k1_f0_w8: pick("ld_chain", "l2", "1", "0", "8"),
};
for (const [name, row] of Object.entries(launches)) {
  const header = `# ${name}: one SM of the benchmark launch captured by capture.sh (ncu exports in\n# test/fixtures/ncu/${name}.*.csv), built from its validation row as warpsim validate builds it.\n`;
  const { fields } = benchRowScenario(configOf(row), readSassFixtures(BENCH_SASS_FIXTURES));
  const profile = `test/fixtures/ncu/${name}.raw.csv`;
  const registers = profileLaunch(readNcuExport(readFileSync(profile, "utf8"), profile)[0]).registersPerThread;
  fields.launch = { ...fields.launch, registersPerThread: registers };
  // The listing's path relative to the scenario file, as a scenario names it.
  const program = { ...fields.program, sass: relative("validation/ncu-compare", fields.program.sass) };
  writeFileSync(`validation/ncu-compare/${name}.yaml`, header + stringify({ ...fields, program }));
}
