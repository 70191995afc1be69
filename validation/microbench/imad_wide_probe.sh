#!/usr/bin/env bash
# Runs imad_wide_probe.cu on the GPU machine: IMAD.WIDE.U32 throughput by warps per block, and
# its SASS (imad-wide-probe/).
#   bash validation/microbench/imad_wide_probe.sh [out_dir]
set -u
cd "$(dirname "$0")"
O=${1:-${OUT:-/tmp/imad_wide_probe}}
B=/tmp/imad_wide_probe_bin
mkdir -p "$O" "$B"
nvcc -O3 -arch=sm_90 -o "$B/probe" imad_wide_probe.cu || exit 1
cuobjdump -sass "$B/probe" > "$O/sass.txt"
"$B/probe" "$O/cycles.csv"
cat "$O/cycles.csv"
# ncu: pipe counters and stall reasons of the measured launches at 1 and 32 warps (launch order:
# warm-up and measured per warp count 1, 2, 4, 8, 16, 32).
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
"$NCU" --query-metrics --chip gh100 > "$B/query.txt" 2>&1
M=$(python3 - "$B/query.txt" <<'PY'
import re, sys
names = {m.group(1) for l in open(sys.argv[1], errors="replace") if (m := re.match(r"^([a-z0-9_]+__[a-z0-9_]+)\s", l))}
want = ["smsp__cycles_active.sum", "smsp__inst_executed.sum", "smsp__issue_active.avg.per_cycle_active"]
for n in sorted(names):
    if re.match(r"smsp__inst_executed_pipe_(fma|fmaheavy|fmalite|alu|uniform)$", n): want.append(n + ".sum")
    if re.match(r"smsp__pipe_(fma|fmaheavy|fmalite|alu)_cycles_active$", n): want.append(n + ".sum")
    if n.startswith("smsp__average_warps_issue_stalled_") and n.endswith("_per_issue_active"): want.append(n + ".ratio")
print(",".join(w for w in want if w.split(".")[0] in names))
PY
)
for spec in "1 1" "32 11"; do
  set -- $spec
  "$NCU" --metrics "$M" -k regex:wide_loop --launch-skip "$2" --launch-count 1 --csv --page raw "$B/probe" /dev/null > "$O/ncu_w$1.csv" 2> "$O/ncu_stderr_w$1.txt"
done
