#!/usr/bin/env python3
"""Steady state of the ground truth's loops from two runs of steady_probe.sh.

    python3 validation/microbench/steady_diff.py [dir]   (default: validation/microbench/steady-probe)

For each configuration, the difference of the raw ncu sums between the long run (more loop
trips) and the base run is what the extra trips cost: prologue, epilogue, launch ramp and tail
cancel. Prints CSV: group,K,F,W, base issue and eligible (whole kernel, as in summary.csv),
steady issue, eligible and active warps per active cycle, then each stall reason's warp-cycles
per issued instruction (ncu's names).
"""
import csv
import re
import sys

D = sys.argv[1] if len(sys.argv) > 1 else "validation/microbench/steady-probe"
NUM = re.compile(r"^-?[0-9][0-9,]*(\.[0-9]+)?$")
PREFIX, SUFFIX = "smsp__warps_issue_stalled_", ".sum"


def load(group, run):
    rows = list(csv.DictReader(open(f"{D}/ncu_{group}_{run}.csv")))[1:]  # row 1: units
    manifest = [l.strip().split(",") for l in open(f"{D}/manifest_{group}_{run}.txt") if l.startswith("MANIFEST")]
    out = {}
    for row, m in zip(rows, manifest):
        out[(group, int(m[3]), int(m[4]), int(m[5]))] = {k: float(v.replace(",", "")) for k, v in row.items() if v and NUM.match(v)}
    return out


reasons = None
w = csv.writer(sys.stdout)
for group in ["fma", "l2", "dram"]:
    base, long = load(group, "base"), load(group, "long")
    for key, a in base.items():
        b = long[key]
        d = lambda m: b[m] - a[m]
        if reasons is None:
            reasons = sorted(m[len(PREFIX):-len(SUFFIX)] for m in a if m.startswith(PREFIX) and m.endswith(SUFFIX))
            w.writerow(["group", "K", "F", "warps_per_sm", "base_issue_active", "base_warps_eligible", "issue_active", "warps_eligible", "warps_active"]
                       + [f"stall_{r}_per_issue" for r in reasons])
        cycles, issued = d("smsp__cycles_active.sum"), d("smsp__issue_active.sum")
        w.writerow(list(key) + [f"{a['smsp__issue_active.sum'] / a['smsp__cycles_active.sum']:.4f}", f"{a['smsp__warps_eligible.sum'] / a['smsp__cycles_active.sum']:.4f}",
                                f"{issued / cycles:.4f}", f"{d('smsp__warps_eligible.sum') / cycles:.4f}", f"{d('smsp__warps_active.sum') / cycles:.3f}"]
                   + [f"{d(PREFIX + r + SUFFIX) / issued:.3f}" for r in reasons])
