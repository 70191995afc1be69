// Markdown blocks that need more than one command's output: each runs warpsim and formats
// the numbers it printed. Used by tools/docs/sync.mjs.

/** Issue utilization of an SM row in `warpsim run --format json`. */
async function issueActive(warpsim, file) {
  return JSON.parse(await warpsim(["run", file, "--format", "json"])).sm.issueActive;
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;

export const BLOCKS = {
  /** README: SM issue utilization of the bundled latency-hiding scenarios. */
  async "latency-hiding-table"(warpsim) {
    const warps = [1, 2, 4, 8, 12, 16];
    const lines = [`| warps per scheduler | ${warps.join(" | ")} |`, `| --- |${warps.map(() => " --- |").join("")}`];
    for (const ilp of [1, 4]) {
      const cells = [];
      for (const w of warps) cells.push(pct(await issueActive(warpsim, `scenarios/latency-hiding/ilp${ilp}-w${w}.yaml`)));
      lines.push(`| ILP ${ilp} | ${cells.join(" | ")} |`);
    }
    return lines.join("\n") + "\n";
  },

  /** README: the validation error summary in a sentence. */
  async "fidelity-summary"(warpsim) {
    const { summary: s } = JSON.parse(await warpsim(["validate", "--format", "json"]));
    return (
      `On the ${s.rows} bundled rows: issue active within ${s.issueActiveMaePoints.toFixed(2)} points on average ` +
      `(worst row ${s.issueActiveWorstPoints.toFixed(1)} points), eligible warps within ${pct(s.warpsEligibleMre)}, ` +
      `active cycles within ${pct(s.cyclesActiveMape)} (MAPE), the dominant stall reason right in ${s.dominantStallMatches} of ${s.rows}.\n`
    );
  },

  /** docs/scheduling.md: utilization and warp lifetimes as warps are added, per policy. */
  async starvation(warpsim) {
    const csv = await warpsim([
      "sweep", "scenarios/starvation.yaml", "--jobs", "1",
    ]);
    const [header, ...rows] = csv.trim().split("\n").map((l) => l.split(","));
    const col = (name) => header.indexOf(name);
    const lines = [
      "| scheduler | warps per scheduler | cycles | issue active | warp lifetime min | max | max / min |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ];
    for (const r of rows) {
      const min = Number(r[col("warp_lifetime_min")]);
      const max = Number(r[col("warp_lifetime_max")]);
      lines.push(`| ${r[col("scheduler")]} | ${r[col("launch.blocks")]} | ${r[col("cycles")]} | ${pct(Number(r[col("issue_active")]))} | ${min} | ${max} | ${(max / min).toFixed(2)} |`);
    }
    return lines.join("\n") + "\n";
  },
};
