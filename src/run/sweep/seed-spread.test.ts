import { describe, expect, it } from "vitest";
import { seedSpread } from "./seed-spread.js";

describe("seedSpread", () => {
  it("per configuration, each metric's mean, sample deviation, min and max over the seeds", () => {
    const rows = [
      { scenario: "s", seed: 1, "launch.blocks": 1, issue_active: 0.2, cycles: 100 },
      { scenario: "s", seed: 2, "launch.blocks": 1, issue_active: 0.4, cycles: 110 },
      { scenario: "s", seed: 3, "launch.blocks": 1, issue_active: 0.3, cycles: 120 },
      { scenario: "s", seed: 1, "launch.blocks": 2, issue_active: 0.5, cycles: 90 },
    ];
    const [one, two] = seedSpread(rows, ["launch.blocks", "seed"]);
    // 0.2, 0.4, 0.3: mean 0.3, deviations -0.1, 0.1, 0: sd sqrt(0.02 / 2) = 0.1.
    expect(one).toMatchObject({ "launch.blocks": 1, seeds: 3, issue_active_min: 0.2, issue_active_max: 0.4, cycles_mean: 110, cycles_sd: 10 });
    expect(one.issue_active_mean).toBeCloseTo(0.3, 12);
    expect(one.issue_active_sd).toBeCloseTo(0.1, 12);
    expect(two).toMatchObject({ "launch.blocks": 2, seeds: 1, issue_active_mean: 0.5, issue_active_sd: 0 });
    expect(Object.keys(one)).not.toContain("scenario");
  });
});
