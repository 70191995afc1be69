#!/usr/bin/env python3
"""Summarizes launch-probe/starts.csv (launch_probe.cu): per launch shape, the median gap
between consecutive blocks' first warps on one SM (in start order) and the median spacing of a
block's warps. Also writes launch-probe/starts-sm0-7.csv, the rows of SMs 0-7 (the committed raw
sample; the full file has every SM).
    python3 validation/microbench/launch_summary.py [starts.csv]"""
import collections, csv, os, statistics as st, sys

here = os.path.dirname(os.path.abspath(__file__))
src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "launch-probe", "starts.csv")
rows = list(csv.DictReader(open(src)))
if len(sys.argv) > 1:
    with open(os.path.join(here, "launch-probe", "starts-sm0-7.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(r for r in rows if int(r["smid"]) < 8)
cfg = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(list)))
for r in rows:
    cfg[(int(r["warps_per_block"]), int(r["blocks_per_sm"]))][r["smid"]][int(r["block"])].append(int(r["start"]))
print("warps_per_block,blocks_per_sm,sms,warp_spacing_median,block_gaps_median")
for (wpb, k), sms in sorted(cfg.items()):
    gaps, spacing = collections.defaultdict(list), []
    for blocks in sms.values():
        firsts = sorted((min(v), v) for v in blocks.values())
        for i in range(1, len(firsts)):
            gaps[i].append(firsts[i][0] - firsts[i - 1][0])
        spacing += [(max(v) - min(v)) / (len(v) - 1) for _, v in firsts if len(v) > 1]
    g = " ".join(f"{st.median(x):g}" for _, x in sorted(gaps.items()))
    print(f"{wpb},{k},{len(sms)},{st.median(spacing) if spacing else 0:g},{g}")
