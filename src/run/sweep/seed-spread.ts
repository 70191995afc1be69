import type { SweepRow } from "./sweep-row.js";

/**
 * A sweep run over several seeds (`warpsim sweep --seeds N`), summarized per configuration: for
 * each numeric metric its mean, sample standard deviation (n - 1; 0 for one seed), minimum and
 * maximum over the seeds. Configurations are the distinct values of the varied fields (the seed
 * left out), in the order they first appear; non-numeric columns other than the varied fields
 * (scenario, outcome) are left out, and `seeds` counts the rows summarized.
 */
export function seedSpread(rows: readonly SweepRow[], varied: readonly string[]): SweepRow[] {
  const keys = varied.filter((k) => k !== "seed");
  const groups = new Map<string, SweepRow[]>();
  for (const r of rows) {
    const id = JSON.stringify(keys.map((k) => r[k]));
    const group = groups.get(id);
    if (group === undefined) groups.set(id, [r]);
    else group.push(r);
  }
  const skip = new Set(["seed", "configuration", ...keys]);
  const metrics = rows.length === 0 ? [] : Object.keys(rows[0]).filter((c) => !skip.has(c) && rows.every((r) => typeof r[c] === "number"));
  return [...groups.values()].map((group) => {
    const out: SweepRow = {};
    for (const k of keys) out[k] = group[0][k];
    out.seeds = group.length;
    for (const m of metrics) {
      const xs = group.map((r) => r[m] as number);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = xs.length < 2 ? 0 : Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
      out[`${m}_mean`] = mean;
      out[`${m}_sd`] = sd;
      out[`${m}_min`] = Math.min(...xs);
      out[`${m}_max`] = Math.max(...xs);
    }
    return out;
  });
}
